import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { defineOperation, GenericError, uploadedFile, type OperationDef } from '@railyard/contract';
import { handle, type Handler } from '../../src/http/handlers/handler.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { storeKinds } from '../support/stores.ts';
import { basic, startProbeServer } from './helpers.ts';

/**
 * The request pipeline of register-operation.ts, step by step, on test-only
 * operations built for each branch: query, header and body validation (the
 * exact message, and 400 or 422 as the operation declares, nested where it
 * says), content types, multipart uploads, NUL characters, the rate limit's
 * key, the context a handler sees, what it answers (status, headers, bytes,
 * nothing) and the detail logged with a 404's reason. Written against the
 * mutants Stryker left alive with the narrowed test set (docs/testing.md,
 * "register-operation.ts"); every expected message is written out here.
 */

const ok = { status: 200, description: 'ok', body: z.record(z.string(), z.unknown()) } as const;
const bad = { 400: { description: 'bad', body: GenericError } } as const;
const invalid = { description: 'invalid', body: z.record(z.string(), z.unknown()) };
const base = { summary: 'test only', description: 'test only', auth: 'api', scopes: [], readOnly: true } as const;

const Query = z
  .object({ limit: z.coerce.number().int().max(5).optional(), a: z.string().optional(), b: z.string().optional() })
  .refine((query) => !(query.a && query.b), { message: 'send a or b, not both' });

/** A file of at most 10 bytes of text/plain and an optional note of at most 8 characters. */
const upload = {
  ...base,
  method: 'POST',
  readOnly: false,
  request: {
    body: z.object({ file: uploadedFile({ maxBytes: 10, mediaTypes: ['text/plain'] }), note: z.string().max(8).optional() }),
    bodyRequired: true,
    multipart: { maxFileBytes: 10, maxFiles: 2, maxFields: 2, maxFieldBytes: 20 },
  },
  response: ok,
} as const;

const ops = {
  query400: defineOperation({ ...base, id: 'probe.query400', method: 'GET', path: '/probe/query400', request: { query: Query }, response: ok, errors: bad }),
  query422: defineOperation({ ...base, id: 'probe.query422', method: 'GET', path: '/probe/query422', request: { query: Query }, response: ok, errors: { ...bad, 422: invalid } }),
  queryNested: defineOperation({
    ...base,
    id: 'probe.queryNested',
    method: 'GET',
    path: '/probe/query-nested',
    request: { query: Query },
    response: ok,
    errors: { ...bad, 422: { ...invalid, fieldsUnder: 'error' } },
  }),
  headers: defineOperation({
    ...base,
    id: 'probe.headers',
    method: 'GET',
    path: '/probe/headers',
    request: {
      headers: [
        { name: 'X-Probe-Mode', field: 'mode', required: true, description: 'test', schema: z.enum(['fast', 'slow'], { message: 'must be fast or slow' }) },
        { name: 'X-Probe-Note', field: 'note', required: false, description: 'test', schema: z.string().max(5) },
      ],
    },
    response: ok,
    errors: bad,
  }),
  body400: defineOperation({
    ...base,
    id: 'probe.body400',
    method: 'POST',
    path: '/probe/body400',
    readOnly: false,
    request: { body: z.object({ name: z.string().optional(), nested: z.object({ count: z.number({ message: 'must be a number' }) }).optional() }) },
    response: ok,
    errors: bad,
  }),
  bodyNested: defineOperation({
    ...base,
    id: 'probe.bodyNested',
    method: 'POST',
    path: '/probe/body-nested',
    readOnly: false,
    request: { body: z.object({ name: z.string({ message: 'must be a string' }) }), bodyRequired: true },
    response: ok,
    errors: { ...bad, 422: { ...invalid, fieldsUnder: 'error' } },
  }),
  form: defineOperation({
    ...base,
    id: 'probe.form',
    method: 'POST',
    path: '/probe/form',
    readOnly: false,
    request: { body: z.object({ grant: z.string() }), bodyRequired: true, acceptsForm: true },
    response: ok,
    errors: bad,
  }),
  binary: defineOperation({
    ...base,
    id: 'probe.binary',
    method: 'GET',
    path: '/probe/binary',
    request: { query: z.object({ type: z.string() }) },
    response: { status: 200, description: 'bytes', media: ['image/png', 'application/pdf'] },
    errors: bad,
  }),
  binaryUndeclared: defineOperation({ ...base, id: 'probe.binaryUndeclared', method: 'GET', path: '/probe/binary-undeclared', request: {}, response: ok, errors: {} }),
  client: defineOperation({ ...base, auth: 'client', id: 'probe.client', method: 'POST', path: '/probe/client', request: {}, response: ok, errors: {} }),
  context: defineOperation({ ...base, id: 'probe.context', method: 'GET', path: '/probe/context', request: {}, response: ok, errors: {} }),
  named: defineOperation({
    ...base,
    id: 'probe.named',
    method: 'GET',
    path: '/probe/named/{name}',
    request: { params: z.object({ name: z.string().max(8) }) },
    response: ok,
    errors: {},
  }),
  pair: defineOperation({
    ...base,
    id: 'probe.pair',
    method: 'GET',
    path: '/probe/pair/{first}/{second}',
    request: { params: z.object({ first: z.string().max(3), second: z.string().max(3) }) },
    response: ok,
    errors: {},
  }),
  upload: defineOperation({
    ...upload,
    id: 'probe.upload',
    path: '/probe/upload',
    errors: { ...bad, 422: { ...invalid, filePartProblemsUnder: 'filename' } },
  }),
  uploadPlain: defineOperation({ ...upload, id: 'probe.uploadPlain', path: '/probe/upload-plain', errors: { ...bad, 422: invalid } }),
  upload400: defineOperation({
    ...upload,
    id: 'probe.upload400',
    path: '/probe/upload400',
    request: { ...upload.request, body: z.object({ file: upload.request.body.shape.file }) },
    errors: bad,
  }),
} as const satisfies Record<string, OperationDef>;

const echoQuery: Handler = async ({ query }) => ({ body: { query } });
const echoUpload: Handler = async ({ body }) => {
  const { file, note } = body as { file: File; note?: string };
  return { body: { name: file.name, type: file.type, text: await file.text(), note: note ?? null } };
};

const extra: Array<readonly [OperationDef, Handler]> = [
  [ops.query400, echoQuery],
  [ops.query422, echoQuery],
  [ops.queryNested, echoQuery],
  [ops.headers, handle(ops.headers, async ({ headers }) => ({ body: { headers } }))],
  [ops.body400, async ({ body }) => ({ body: { body: body ?? 'absent' } })],
  [ops.bodyNested, async ({ body }) => ({ body: { body } })],
  [ops.form, async ({ body }) => ({ body: { body } })],
  [ops.binary, handle(ops.binary, async ({ query }) => ({ binary: { contentType: query.type, bytes: new Uint8Array([137, 80, 78, 71]) } }))],
  [ops.binaryUndeclared, async () => ({ binary: { contentType: 'image/png', bytes: new Uint8Array([1]) } })],
  [ops.client, async (_input, ctx) => ({ body: { basic: ctx.basic ?? null, caller: ctx.caller?.platformID ?? null } })],
  [
    ops.context,
    async (_input, ctx) => ({
      status: 203,
      headers: { 'x-probe-answer': 'yes' },
      body: { origin: ctx.origin ?? null, referer: ctx.referer ?? null, requestID: ctx.requestID, baseURL: ctx.baseURL, ip: ctx.ip, basic: ctx.basic ?? null },
    }),
  ],
  [ops.named, async () => ({ status: 202 })],
  // A handler's own Content-Type never stands for a JSON body.
  [ops.pair, async () => ({ headers: { 'content-type': 'text/html' }, body: { pair: true } })],
  [ops.upload, echoUpload],
  [ops.uploadPlain, echoUpload],
  [ops.upload400, echoUpload],
];

/** A multipart body as bytes with its Content-Type (boundary included), built by the platform's own FormData. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://probe.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function textFile(content: string, type = 'text/plain', name = 'note.txt'): File {
  return new File([content], name, { type });
}

for (const kind of await storeKinds()) {
  describe(`request parsing in the pipeline (${kind})`, () => {
    const logLines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    let server: Awaited<ReturnType<typeof startProbeServer>>;
    before(async () => {
      server = await startProbeServer(kind, { extra, logStream });
    });
    after(async () => server.close());

    /** As the probe platform (Basic) unless told; `auth: null` sends no credentials. */
    function send(
      method: 'GET' | 'POST',
      url: string,
      options: { headers?: Record<string, string | string[]>; payload?: string | Buffer; auth?: string | null; ip?: string } = {},
      app = server.app,
    ) {
      const authorization = options.auth === undefined ? server.platform.basic : options.auth;
      return app.inject({
        method,
        url,
        ...(options.ip !== undefined ? { remoteAddress: options.ip } : {}),
        headers: { ...(authorization === null ? {} : { authorization }), ...options.headers },
        ...(options.payload !== undefined ? { payload: options.payload } : {}),
      });
    }
    const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    describe('query', () => {
      test('parsed and coerced when valid', async () => {
        const response = await send('GET', '/probe/query400?limit=4&a=x', { auth: null });
        assert.equal(response.statusCode, 401, 'an api operation without credentials');
        const authed = await send('GET', '/probe/query400?limit=4&a=x');
        assert.equal(authed.statusCode, 200, authed.body);
        assert.deepEqual(authed.json(), { query: { limit: 4, a: 'x' } });
      });
      test('an operation without a 422 answers 400 with the first field message, "field: message"', async () => {
        const response = await send('GET', '/probe/query400?limit=9');
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { error: 'limit: must be no greater than 5' });
      });
      test('a refusal of the query as a whole is the message alone', async () => {
        const response = await send('GET', '/probe/query400?a=1&b=2');
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { error: 'send a or b, not both' });
      });
      test('an operation with a 422 answers the field map', async () => {
        const response = await send('GET', '/probe/query422?limit=9');
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { limit: 'must be no greater than 5' });
      });
      test('an operation whose 422 nests fields under "error" nests query problems too', async () => {
        const response = await send('GET', '/probe/query-nested?limit=9');
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { error: { limit: 'must be no greater than 5' } });
      });
    });

    describe('headers', () => {
      test('declared headers reach the handler by field name; an absent optional one is left out', async () => {
        const only = await send('GET', '/probe/headers', { headers: { 'x-probe-mode': 'fast' } });
        assert.equal(only.statusCode, 200, only.body);
        assert.deepEqual(only.json(), { headers: { mode: 'fast' } });
        const both = await send('GET', '/probe/headers', { headers: { 'x-probe-mode': 'slow', 'x-probe-note': 'hi' } });
        assert.deepEqual(both.json(), { headers: { mode: 'slow', note: 'hi' } });
        const emptyOptional = await send('GET', '/probe/headers', { headers: { 'x-probe-mode': 'slow', 'x-probe-note': '' } });
        assert.deepEqual(emptyOptional.json(), { headers: { mode: 'slow' } });
      });
      test('a required header missing or empty is 400 "<Name> header is required"', async () => {
        for (const headers of [{}, { 'x-probe-mode': '' }] as Array<Record<string, string>>) {
          const response = await send('GET', '/probe/headers', { headers });
          assert.equal(response.statusCode, 400, JSON.stringify(headers));
          assert.deepEqual(response.json(), { error: 'X-Probe-Mode header is required' });
        }
      });
      test('a header its schema refuses is 400 "<Name> header: <message>"', async () => {
        const response = await send('GET', '/probe/headers', { headers: { 'x-probe-mode': 'medium' } });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { error: 'X-Probe-Mode header: must be fast or slow' });
        const note = await send('GET', '/probe/headers', { headers: { 'x-probe-mode': 'fast', 'x-probe-note': 'too long' } });
        assert.equal(note.statusCode, 400);
        assert.deepEqual(note.json(), { error: 'X-Probe-Note header: Too big: expected string to have <=5 characters' });
      });
    });

    describe('JSON bodies', () => {
      test('Content-Type is compared without parameters and case', async () => {
        for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', ' application/json ;charset=utf-8']) {
          const response = await send('POST', '/probe/body400', { headers: { 'content-type': type }, payload: '{"name":"x"}' });
          assert.equal(response.statusCode, 200, `${type}: ${response.body}`);
          assert.deepEqual(response.json(), { body: { name: 'x' } });
        }
      });
      test('another Content-Type is 415 naming what the operation accepts', async () => {
        const json = await send('POST', '/probe/body400', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x' });
        assert.equal(json.statusCode, 415);
        assert.deepEqual(json.json(), { error: 'Content-Type must be application/json' });
        const form = await send('POST', '/probe/form', { headers: { 'content-type': 'text/plain' }, payload: 'grant' });
        assert.equal(form.statusCode, 415);
        assert.deepEqual(form.json(), { error: 'Content-Type must be application/json or application/x-www-form-urlencoded' });
      });
      test('a form body is accepted where the operation takes one', async () => {
        const response = await send('POST', '/probe/form', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant=abc' });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), { body: { grant: 'abc' } });
      });
      test('a multipart body to a JSON operation is 415', async () => {
        const form = new FormData();
        form.set('name', 'x');
        const { payload, contentType } = await multipart(form);
        for (const url of ['/probe/body400', '/probe/form']) {
          const response = await send('POST', url, { headers: { 'content-type': contentType }, payload });
          assert.equal(response.statusCode, 415, url);
        }
        const form415 = await send('POST', '/probe/form', { headers: { 'content-type': contentType }, payload });
        assert.deepEqual(form415.json(), { error: 'Content-Type must be application/json or application/x-www-form-urlencoded' });
      });
      test('an optional body may be left out (no Content-Type needed), or sent as null', async () => {
        const bare = await send('POST', '/probe/body400');
        assert.equal(bare.statusCode, 200, bare.body);
        assert.deepEqual(bare.json(), { body: 'absent' });
        const nullBody = await send('POST', '/probe/body400', json(null));
        assert.equal(nullBody.statusCode, 200, nullBody.body);
        assert.deepEqual(nullBody.json(), { body: 'absent' });
      });
      test('a required body left out, or sent as null, is 400 "a request body is required"', async () => {
        for (const options of [{}, json(null)]) {
          const response = await send('POST', '/probe/body', options);
          assert.equal(response.statusCode, 400, response.body);
          assert.deepEqual(response.json(), { error: 'a request body is required' });
        }
      });
      test('a body of the wrong shape as a whole is 400 "request body: …", never a field map', async () => {
        for (const url of ['/probe/body', '/probe/body400', '/probe/body-nested']) {
          const response = await send('POST', url, json([1, 2]));
          assert.equal(response.statusCode, 400, url);
          assert.deepEqual(response.json(), { error: 'request body: Invalid input: expected object, received array' });
        }
      });
      test('field problems: 422 map, or 400 "path: message" (nested paths joined with dots) without a 422', async () => {
        const field = await send('POST', '/probe/body', json({ name: 'far too long a name' }));
        assert.equal(field.statusCode, 422);
        assert.deepEqual(field.json(), { name: 'the length must be no more than 10' });
        const nested = await send('POST', '/probe/body400', json({ nested: { count: 'x' } }));
        assert.equal(nested.statusCode, 400);
        assert.deepEqual(nested.json(), { error: 'nested.count: must be a number' });
        const under = await send('POST', '/probe/body-nested', json({ name: 5 }));
        assert.equal(under.statusCode, 422);
        assert.deepEqual(under.json(), { error: { name: 'must be a string' } });
      });
      test('a body sent to an operation that takes none is ignored', async () => {
        const response = await send('GET', '/probe/context', json({ anything: true }));
        assert.equal(response.statusCode, 203, response.body);
        const partner = await send('POST', '/probe/transfer-options', json({ anything: true }));
        assert.equal(partner.statusCode, 204, partner.body);
      });
    });

    describe('NUL characters', () => {
      const refusal = { error: 'the request contains a NUL (U+0000) character' };
      test('in a query value or key, a body value (however deep), a body key or a path parameter: 400', async () => {
        const cases: Array<[string, 'GET' | 'POST', string, { headers?: Record<string, string>; payload?: string }]> = [
          ['query value', 'GET', '/probe/query400?a=x%00y', {}],
          ['query key', 'GET', '/probe/query400?x%00y=1', {}],
          ['body value', 'POST', '/probe/body400', json({ name: 'a\u0000b' })],
          ['deep body value', 'POST', '/probe/body400', json({ nested: { list: [{ deep: ['ok', 'a\u0000'] }] } })],
          ['body key', 'POST', '/probe/body400', json({ nested: { 'k\u0000': 1 } })],
          ['path parameter', 'GET', '/probe/named/a%00b', {}],
        ];
        for (const [what, method, url, options] of cases) {
          const response = await send(method, url, options);
          assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
          assert.deepEqual(response.json(), refusal, what);
        }
      });
      test('strings, numbers, null and nesting without one pass', async () => {
        const response = await send('POST', '/probe/body400', json({ name: 'plain', nested: { count: 3 } }));
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), { body: { name: 'plain', nested: { count: 3 } } });
        const named = await send('GET', '/probe/named/plain');
        assert.equal(named.statusCode, 202, named.body);
      });
      test('in a multipart text part: 400', async () => {
        const form = new FormData();
        form.set('file', textFile('hello'));
        form.set('note', 'a\u0000b');
        const { payload, contentType } = await multipart(form);
        const response = await send('POST', '/probe/upload', { headers: { 'content-type': contentType }, payload });
        assert.equal(response.statusCode, 400, response.body);
        assert.deepEqual(response.json(), refusal);
      });
    });

    describe('multipart uploads', () => {
      async function upload(url: string, parts: Array<[string, string | File]>) {
        const form = new FormData();
        for (const [name, value] of parts) form.append(name, value);
        const { payload, contentType } = await multipart(form);
        return send('POST', url, { headers: { 'content-type': contentType }, payload });
      }
      test('a valid upload reaches the handler as a File and text parts', async () => {
        const response = await upload('/probe/upload', [
          ['file', textFile('hello', 'text/plain', 'hi.txt')],
          ['note', 'memo'],
        ]);
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), { name: 'hi.txt', type: 'text/plain', text: 'hello', note: 'memo' });
      });
      test('a JSON body to a multipart operation is 415', async () => {
        const response = await send('POST', '/probe/upload', json({ file: 'x' }));
        assert.equal(response.statusCode, 415);
        assert.deepEqual(response.json(), { error: 'Content-Type must be multipart/form-data' });
      });
      test('a file over its limit, where the 422 shapes file problems: {file: {filename: …}}; a text part problem stays a string', async () => {
        const response = await upload('/probe/upload', [
          ['file', textFile('x'.repeat(11))],
          ['note', 'longer than eight'],
        ]);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { file: { filename: 'must be no larger than 10 bytes' }, note: 'the length must be no more than 8' });
      });
      test('a file the schema refuses is shaped the same way', async () => {
        const response = await upload('/probe/upload', [['file', textFile('{}', 'application/json')]]);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { file: { filename: 'Invalid input: expected "text/plain"' } });
      });
      test('a missing file is "cannot be blank" under filename; a text part sent twice beside it stays a string', async () => {
        const response = await upload('/probe/upload', [
          ['note', 'one'],
          ['note', 'two'],
        ]);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { file: { filename: 'cannot be blank' }, note: 'sent more than once' });
      });
      test('without the shaping, a 422 lists file problems as strings', async () => {
        const response = await upload('/probe/upload-plain', [['file', textFile('x'.repeat(11))]]);
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json(), { file: 'must be no larger than 10 bytes' });
      });
      test('without a 422, the first problem as a 400', async () => {
        const response = await upload('/probe/upload400', [['file', textFile('x'.repeat(11))]]);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { error: 'file: must be no larger than 10 bytes' });
      });
      test('a refusal of the reader (an unknown part) is its own status and message', async () => {
        const response = await upload('/probe/upload', [['other', 'x']]);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { error: 'unknown part other; this operation takes file, note' });
      });
    });

    describe('binary answers', () => {
      test('a declared media type is sent as bytes with nosniff, parameters allowed', async () => {
        for (const type of ['image/png', 'application/pdf', 'image/png; name=x', 'image/png ; name=x']) {
          const response = await send('GET', `/probe/binary?type=${encodeURIComponent(type)}`);
          assert.equal(response.statusCode, 200, type);
          assert.equal(response.headers['content-type'], type);
          assert.equal(response.headers['x-content-type-options'], 'nosniff');
          assert.deepEqual([...response.rawPayload], [137, 80, 78, 71]);
        }
      });
      test('an undeclared media type is the server’s bug: 500, logged with what the contract declares', async () => {
        const response = await send('GET', `/probe/binary?type=${encodeURIComponent('text/html')}`);
        assert.equal(response.statusCode, 500);
        assert.ok(logLines.some((line) => line.includes('probe.binary answered text/html, but its contract declares image/png or application/pdf')), 'the log names both');
        const json = await send('GET', '/probe/binary-undeclared');
        assert.equal(json.statusCode, 500);
        assert.ok(logLines.some((line) => line.includes('probe.binaryUndeclared answered image/png, but its contract declares JSON')), 'the log says JSON');
      });
    });

    describe('authentication where it is optional', () => {
      test('a client operation runs without credentials, and sees Basic credentials as sent', async () => {
        const none = await send('POST', '/probe/client', { auth: null });
        assert.equal(none.statusCode, 200, none.body);
        assert.deepEqual(none.json(), { basic: null, caller: null });
        const withBasic = await send('POST', '/probe/client', { auth: basic('id', 'pass:word') });
        assert.deepEqual(withBasic.json(), { basic: { username: 'id', password: 'pass:word' }, caller: null });
      });
      test('a malformed Authorization header is 401 even there', async () => {
        for (const header of ['Bearer', 'Basic', 'Token abc', 'Basic bm9jb2xvbg==']) {
          const response = await send('POST', '/probe/client', { auth: header });
          assert.equal(response.statusCode, 401, header);
          assert.equal(response.body, '');
        }
      });
    });

    describe('the rate limit key', () => {
      // A server of its own, 3 requests a second per key, on a fixed clock: every request falls in one window.
      let limited: Awaited<ReturnType<typeof startProbeServer>>;
      before(async () => {
        limited = await startProbeServer(kind, { extra, limiter: new RateLimiter({ kind: 'fixed', perSecond: 3 }, () => 1_000_500) });
      });
      after(async () => limited.close());

      test('requests without a caller are counted per address', async () => {
        const statuses = async (ip: string) => {
          const answers: number[] = [];
          for (let i = 0; i < 4; i++) answers.push((await send('POST', '/probe/client', { auth: null, ip }, limited.app)).statusCode);
          return answers;
        };
        assert.deepEqual(await statuses('192.0.2.1'), [200, 200, 200, 429]);
        assert.deepEqual(await statuses('192.0.2.2'), [200, 200, 200, 429], 'another address has its own count');
      });
      test('requests with a caller are counted per platform, whatever the address', async () => {
        const answers: number[] = [];
        for (let i = 0; i < 4; i++) {
          answers.push((await send('GET', '/probe/context', { auth: limited.platform.basic, ip: `198.51.100.${i + 1}` }, limited.app)).statusCode);
        }
        assert.deepEqual(answers, [203, 203, 203, 429]);
      });
    });

    describe('what a handler sees and answers', () => {
      test('the context: origin, referer, request ID, base URL, address, Basic credentials', async () => {
        const response = await send('GET', '/probe/context', {
          ip: '198.51.100.7',
          headers: { origin: 'https://shop.example', referer: 'https://shop.example/cart', host: 'api.example:8080' },
        });
        assert.equal(response.statusCode, 203, response.body);
        const body = response.json();
        assert.equal(body.origin, 'https://shop.example');
        assert.equal(body.referer, 'https://shop.example/cart');
        assert.equal(body.requestID, response.headers['x-request-id']);
        assert.equal(body.baseURL, 'http://api.example:8080');
        assert.equal(body.ip, '198.51.100.7');
        assert.equal(body.basic.username, server.platform.publicKey);
        assert.equal(response.headers['x-probe-answer'], 'yes', 'the handler’s headers are sent');
        assert.match(String(response.headers['content-type']), /^application\/json/);
      });
      test('a Bearer caller has no Basic credentials in its context', async () => {
        const token = await send('POST', '/oauth2/token', json({ grant_type: 'client_credentials', scope: '/ping.read' }));
        assert.equal(token.statusCode, 200, token.body);
        const response = await send('GET', '/probe/context', { auth: `Bearer ${token.json().access_token}` });
        assert.equal(response.statusCode, 203, response.body);
        assert.equal(response.json().basic, null);
      });
      test('a JSON body is sent as application/json whatever Content-Type the handler set', async () => {
        const response = await send('GET', '/probe/pair/one/two');
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), { pair: true });
        assert.match(String(response.headers['content-type']), /^application\/json/);
      });
      test('a handler answering a status and no body sends the status with no body and no Content-Type', async () => {
        const response = await send('GET', '/probe/named/abc');
        assert.equal(response.statusCode, 202);
        assert.equal(response.body, '');
        assert.equal(response.headers['content-type'], undefined);
      });
    });

    describe('the detail logged with a 404 reason', () => {
      const logged = (reason: string, detail: string) =>
        logLines.some((line) => {
          const entry = JSON.parse(line) as { reason?: string; detail?: string; msg?: string };
          return entry.msg === 'answered 404' && entry.reason === reason && entry.detail === detail;
        });
      // (A parameter of . or .. needs a raw socket to arrive unresolved: path-dots.test.ts sends those.)
      test('a trailing slash, an operation newer than the version, an encoded slash, a malformed parameter', async () => {
        const cases: Array<[string, string, string]> = [
          ['/probe/named/', 'unknown-route', 'no route ends with a slash'],
          ['/probe/new', 'operation-not-in-version', 'probe.since is served from v2026.01.00; the request resolved to v2024.01.00'],
          ['/probe/named/a%2Fb', 'malformed-id', 'a path parameter is . or .. or holds a slash'],
          ['/probe/named/nine-long', 'malformed-id', 'name'],
          ['/probe/accounts/not-a-uuid/profile', 'malformed-id', 'accountID'],
          ['/probe/pair/four/five', 'malformed-id', 'first, second'],
        ];
        for (const [url, reason, detail] of cases) {
          const response = await send('GET', url);
          assert.equal(response.statusCode, 404, url);
          assert.equal(response.headers['railyard-reason'], reason, url);
          assert.ok(logged(reason, detail), `${url}: logged ${reason} with "${detail}"`);
        }
      });
    });
  });
}
