/*
 * Whether a file's bytes are what its declared type says: the signature of
 * PNG, JPEG and PDF files, and for CSV text in UTF-8 with no NUL byte. A file
 * whose content and type disagree is refused (422 on `file`), so what is kept
 * is what a reviewer could open.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function contentMatches(mediaType: string, bytes: Buffer): boolean {
  switch (mediaType) {
    case 'image/png':
      return bytes.subarray(0, PNG.length).equals(PNG);
    case 'image/jpeg':
      return bytes.subarray(0, JPEG.length).equals(JPEG);
    case 'application/pdf':
      return bytes.subarray(0, PDF.length).equals(PDF);
    case 'text/csv':
      return isUtf8Text(bytes);
    default:
      return false;
  }
}
