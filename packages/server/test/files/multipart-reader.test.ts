import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadedFile, type MultipartSpec } from '@railyard/contract';
import { readMultipartBody, registerMultipart } from '../../src/http/multipart.ts';

/**
 * The reusable multipart reader on its own, over real HTTP (so an answer sent
 * before the body is read to its end is seen to arrive, not to hang).
 */
const SPEC: MultipartSpec = { maxFileBytes: 1024, maxFiles: 1, maxFields: 2, maxFieldBytes: 64 };
const Body = z.strictObject({
  file: uploadedFile({ maxBytes: 1024, mediaTypes: ['text/csv', 'image/png'] }),
  purpose: z.enum(['a', 'b']),
  note: z.string().optional(),
});

describe('multipart reader', () => {
  let app: FastifyInstance;
  let url: string;
  before(async () => {
    app = Fastify();
    await registerMultipart(app);
    app.post('/upload', async (request, reply) => {
      const read = await readMultipartBody(request, SPEC, Body);
      if (!read.ok) return reply.code(read.status).send({ error: read.message });
      const parsed = Body.safeParse(read.body);
      const file = read.body['file'];
      return {
        fieldErrors: read.fieldErrors,
        valid: parsed.success,
        fields: Object.fromEntries(Object.entries(read.body).filter(([, v]) => typeof v === 'string')),
        file: file instanceof File ? { name: file.name, type: file.type, size: file.size, text: await file.text() } : null,
      };
    });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/upload`;
  });
  after(() => app.close());

  const post = async (form: FormData | string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method: 'POST', body: form, headers, signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const csv = (text: string, name = 'a.csv', type = 'text/csv') => new File([text], name, { type });

  it('reads text parts and a file part into one object', async () => {
    const form = new FormData();
    form.append('purpose', 'a');
    form.append('file', csv('x,y\n1,2\n'));
    const { status, body } = await post(form);
    assert.equal(status, 200);
    assert.deepEqual(body['fields'], { purpose: 'a' });
    assert.deepEqual(body['file'], { name: 'a.csv', type: 'text/csv', size: 8, text: 'x,y\n1,2\n' });
    assert.deepEqual(body['fieldErrors'], {});
    assert.equal(body['valid'], true);
  });

  it('refuses a file one byte over its limit as a field error, keeping none of it', async () => {
    const form = new FormData();
    form.append('file', csv('z'.repeat(1025)));
    form.append('purpose', 'a');
    const { status, body } = await post(form);
    assert.equal(status, 200);
    assert.deepEqual(body['fieldErrors'], { file: 'must be no larger than 1024 bytes' });
    assert.equal(body['file'], null);
    assert.deepEqual(body['fields'], { purpose: 'a' }, 'the parts after it are still read');
  });

  it('accepts a file of exactly the limit', async () => {
    const form = new FormData();
    form.append('file', csv('z'.repeat(1024)));
    const { body } = await post(form);
    assert.equal(body['file'].size, 1024);
  });

  it('answers 413 unread when the declared length is over what the limits allow', async () => {
    const form = new FormData();
    form.append('file', csv('z'.repeat(200_000)));
    const { status, body } = await post(form);
    assert.equal(status, 413);
    assert.match(body['error'], /larger than/);
  });

  it('answers 413 for more parts than the operation takes', async () => {
    const form = new FormData();
    form.append('purpose', 'a');
    form.append('note', 'n');
    form.append('note', 'again');
    const { status } = await post(form);
    assert.equal(status, 413);
  });

  it('answers 400 for a part the body does not name', async () => {
    const form = new FormData();
    form.append('nickname', 'x');
    const { status, body } = await post(form);
    assert.equal(status, 400);
    assert.match(body['error'], /unknown part nickname/);
  });

  it('reports a part sent twice, a text part over its limit and a file where text belongs', async () => {
    const twice = new FormData();
    twice.append('purpose', 'a');
    twice.append('purpose', 'b');
    assert.deepEqual((await post(twice)).body['fieldErrors'], { purpose: 'sent more than once' });
    const long = new FormData();
    long.append('purpose', 'p'.repeat(65));
    assert.deepEqual((await post(long)).body['fieldErrors'], { purpose: 'must be no longer than 64 bytes' });
    const misplaced = new FormData();
    misplaced.append('purpose', csv('1'));
    assert.deepEqual((await post(misplaced)).body['fieldErrors'], { purpose: 'must be a text field, not a file' });
    const fileAsText = new FormData();
    fileAsText.append('file', 'not a file');
    assert.deepEqual((await post(fileAsText)).body['fieldErrors'], { file: 'must be a file part (with a filename)' });
  });

  it('answers 415 for a body that is not multipart, and 400 for a truncated one', async () => {
    assert.equal((await post('{}', { 'content-type': 'application/json' })).status, 415);
    const truncated = '--XX\r\ncontent-disposition: form-data; name="purpose"\r\n\r\na\r\n--XX\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\ncontent-type: text/csv\r\n\r\nabc';
    const { status } = await post(truncated, { 'content-type': 'multipart/form-data; boundary=XX' });
    assert.equal(status, 400);
  });
});
