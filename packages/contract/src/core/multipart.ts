import { z } from 'zod';

/**
 * Operations whose request body is `multipart/form-data` (file uploads: account
 * files, dispute evidence). The operation's `request.body` is still one zod
 * object, one key per part: a text part is a string schema, a file part is
 * `uploadedFile(...)` (a `File` on the server and in the client). The limits
 * below bound the body while it streams, before any of it is held in memory.
 */
export interface MultipartSpec {
  /** Largest file part, in bytes; one byte more and the part is refused (422 on its field). */
  maxFileBytes: number;
  /** Most file parts in one body. */
  maxFiles: number;
  /** Most text parts in one body. */
  maxFields: number;
  /** Largest text part value, in bytes. */
  maxFieldBytes: number;
}

/** Room for the parts' headers and boundaries on top of their contents. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The largest whole body an operation's limits allow; a longer declared Content-Length is refused unread. */
export function multipartBodyLimit(spec: MultipartSpec): number {
  return spec.maxFiles * spec.maxFileBytes + spec.maxFields * spec.maxFieldBytes + MULTIPART_OVERHEAD_BYTES;
}

/** A file part: at most `maxBytes` bytes, of one of `mediaTypes` (its declared Content-Type). */
export function uploadedFile(options: { maxBytes: number; mediaTypes: readonly string[] }) {
  return z.file().max(options.maxBytes).mime([...options.mediaTypes]);
}

/**
 * A file part as JSON, for callers that cannot hand over a `File` (MCP tools,
 * scripts): the client turns it into a file part.
 */
export const FileUploadJson = z
  .strictObject({
    fileName: z.string().min(1).max(255).describe('Name the file is stored under'),
    contentType: z.string().min(1).max(255).describe('Media type, for example application/pdf or image/png'),
    contentBase64: z.string().describe('The file content, base64-encoded'),
  })
  .describe('A file to upload, given as JSON');
export type FileUploadJson = z.infer<typeof FileUploadJson>;

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap() as z.ZodType;
  return current;
}

/** Names of the file parts of a multipart body schema. */
export function filePartNames(body: z.ZodType | undefined): string[] {
  if (!(body instanceof z.ZodObject)) return [];
  return Object.entries(body.shape)
    .filter(([, schema]) => unwrap(schema as z.ZodType) instanceof z.ZodFile)
    .map(([name]) => name);
}
