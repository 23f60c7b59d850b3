import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { filePartNames, multipartBodyLimit, type MultipartSpec, type ValidationMap } from '@railyard/contract';
import type { z } from 'zod';

/**
 * `multipart/form-data` request bodies (file uploads), read part by part within
 * the operation's limits (contract core/multipart.ts):
 *
 * - a declared Content-Length over what the limits allow is refused before a byte is read (413);
 * - the parser (busboy, through @fastify/multipart) counts parts, files and text
 *   fields as they arrive and stops at the limit (413);
 * - a file part is streamed into memory only up to its byte limit: one byte more and it is
 *   cut off and discarded (422 on its field), so no body ever holds more than the limits.
 *
 * The body that comes out is a plain object, one key per part (a `File` for a file
 * part, a string for a text part), checked by the operation's zod schema like a JSON body.
 */

/** Defaults for a `request.parts()` call that names no limits of its own: none in practice, but small. */
const DEFAULT_LIMITS = { fileSize: 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11, headerPairs: 20, fieldNameSize: 100 };

/**
 * Registers the multipart parser once; routes that do not read parts never touch the stream.
 * A file over its limit is reported on its field by the reader (it checks `truncated`), so
 * the parser is told not to end the whole body for it.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: DEFAULT_LIMITS, throwFileSizeLimit: false });
}

export type MultipartOutcome =
  | { ok: true; body: Record<string, File | string>; fieldErrors: ValidationMap }
  | { ok: false; status: 400 | 413 | 415; message: string };

function megabytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

/** Errors @fastify/multipart and busboy raise while the body streams, as the API's answers. */
function streamFailure(error: unknown): MultipartOutcome {
  const code = (error as { code?: string }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return { ok: false, status: 413, message: 'the multipart body has more parts than this operation accepts' };
  }
  if (code === 'FST_PROTO_VIOLATION') return { ok: false, status: 400, message: 'a part name is not accepted' };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, status: 400, message: `the multipart body could not be read: ${message}` };
}

/**
 * Reads the request's parts into an object. Parts the body schema does not name
 * are a 400; a part sent twice, a file where text is expected (or the reverse), a
 * file over its limit or a text part over its limit are field errors (422), after
 * the rest of the body has been read (so the answer lists every field at once).
 */
export async function readMultipartBody(request: FastifyRequest, spec: MultipartSpec, bodySchema: z.ZodObject): Promise<MultipartOutcome> {
  if (!request.isMultipart()) return { ok: false, status: 415, message: 'Content-Type must be multipart/form-data' };
  const declared = Number(request.headers['content-length'] ?? '0');
  const limit = multipartBodyLimit(spec);
  if (declared > limit) return { ok: false, status: 413, message: `the request body is larger than ${limit} bytes` };

  const fileNames = new Set(filePartNames(bodySchema));
  const known = new Set(Object.keys(bodySchema.shape));
  const body: Record<string, File | string> = {};
  const fieldErrors: ValidationMap = {};
  const parts = request.parts({
    limits: {
      fileSize: spec.maxFileBytes,
      files: spec.maxFiles,
      fields: spec.maxFields,
      fieldSize: spec.maxFieldBytes,
      parts: spec.maxFiles + spec.maxFields,
      headerPairs: 20,
      fieldNameSize: 100,
    },
  });
  try {
    for await (const part of parts) {
      const name = part.fieldname;
      if (!known.has(name)) {
        if (part.type === 'file') part.file.resume();
        return { ok: false, status: 400, message: `unknown part ${name.slice(0, 100)}; this operation takes ${[...known].join(', ')}` };
      }
      if (part.type === 'file') {
        // busboy passes on at most `fileSize` bytes of a part and skips the rest, marking it truncated.
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) {
          fieldErrors[name] ??= `must be no larger than ${megabytes(spec.maxFileBytes)}`;
          continue;
        }
        const content = Buffer.concat(chunks);
        if (body[name] !== undefined) fieldErrors[name] ??= 'sent more than once';
        else if (!fileNames.has(name)) fieldErrors[name] ??= 'must be a text field, not a file';
        else body[name] = new File([new Uint8Array(content)], part.filename || name, { type: part.mimetype });
      } else {
        if (part.valueTruncated) {
          fieldErrors[name] ??= `must be no longer than ${spec.maxFieldBytes} bytes`;
          continue;
        }
        // A part sent as application/json arrives parsed; the schema sees the text that was sent.
        const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (body[name] !== undefined) fieldErrors[name] ??= 'sent more than once';
        else if (fileNames.has(name)) fieldErrors[name] ??= 'must be a file part (with a filename)';
        else body[name] = text;
      }
    }
  } catch (error) {
    return streamFailure(error);
  }
  return { ok: true, body, fieldErrors };
}
