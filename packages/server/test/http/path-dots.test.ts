import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { z } from 'zod';
import { defineOperation, type OperationDef } from '@railyard/contract';
import { buildApp } from '../../src/http/app.ts';
import { registerOperation } from '../../src/http/register-operation.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { handle } from '../../src/http/handlers/handler.ts';
import { storeKinds } from '../support/stores.ts';
import { startTestServer } from '../support/server.ts';
import { linkBankAccount as link } from '../support/bank-accounts.ts';

/*
 * A path parameter of `.` or `..` (or their percent-encoded forms) names no
 * resource: a client that builds `…/bank-accounts/${id}` from such a value, or
 * a proxy that resolves dot segments, would otherwise reach another route.
 * The server answers as for a malformed ID (empty 404) whatever the
 * parameter's schema accepts, and never runs the operation. Raw requests,
 * because fetch resolves dot segments before sending.
 */

/** Sends one request exactly as written (no URL normalisation) and answers the status and body. */
function rawRequest(url: string, method: string, path: string, authorization: string): Promise<{ status: number; body: string }> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body });
    });
    socket.on('error', reject);
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`, 'latin1');
    socket.setTimeout(2000, () => socket.destroy());
  });
}

const DOTS = ['..', '.', '%2e%2e', '%2E%2E', '.%2e', '%2e', '..%2f..', '../', './'];

/** A test-only operation whose parameter schema accepts any text, so only the pipeline can refuse a dot. */
const probeName = defineOperation({
  id: 'probe.name',
  method: 'DELETE',
  path: '/probe/names/{name}',
  summary: 'Takes any text as a path parameter',
  description: 'test only',
  auth: 'api',
  scopes: [],
  readOnly: false,
  request: { params: z.object({ name: z.string() }) },
  response: { status: 200, description: 'ok', body: z.object({ name: z.string() }) },
  errors: {},
});

for (const kind of await storeKinds()) {
  describe(`path parameters . and .. (${kind})`, () => {
    test('an operation whose schema takes any text never sees . or ..', async () => {
      const reached: string[] = [];
      const s = await startTestServer(kind);
      try {
        // A second app on the test server's services, with the probe mounted before it listens.
        const app = await buildApp({ services: s.services, rateLimit: { kind: 'off' }, logLevel: 'silent' });
        registerOperation(app, probeName as unknown as OperationDef, handle(probeName, async ({ params }) => {
          reached.push(params.name);
          return { body: { name: params.name } };
        }), { services: s.services, limiter: new RateLimiter({ kind: 'off' }) });
        const url = await app.listen({ port: 0, host: '127.0.0.1' });
        try {
          const plain = await rawRequest(url, 'DELETE', '/probe/names/kept', s.platform.basic);
          assert.equal(plain.status, 200, 'the probe answers an ordinary name');
          for (const dots of DOTS) {
            const response = await rawRequest(url, 'DELETE', `/probe/names/${dots}`, s.platform.basic);
            assert.equal(response.status, 404, `/probe/names/${dots}`);
            assert.equal(response.body, '', `/probe/names/${dots}`);
          }
          assert.deepEqual(reached, ['kept'], 'the operation ran only for the ordinary name');
        } finally {
          await app.close();
        }
      } finally {
        await s.close();
      }
    });

    test('DELETE …/bank-accounts/.. and %2e%2e answer 404 and disable nothing', async () => {
      const s = await startTestServer(kind);
      try {
        const accountID = (await s.request('POST', '/accounts', {
          body: { accountType: 'individual', profile: { individual: { name: { firstName: 'Dot', lastName: 'Segment' } } } },
        })).json.accountID as string;
        const linked = await link(s, accountID);
        for (const dots of DOTS) {
          const response = await rawRequest(s.url, 'DELETE', `/accounts/${accountID}/bank-accounts/${dots}`, s.platform.basic);
          assert.equal(response.status, 404, dots);
          assert.equal(response.body, '', dots);
        }
        for (const dots of ['..', '%2e%2e', '.']) {
          const response = await rawRequest(s.url, 'DELETE', `/accounts/${dots}`, s.platform.basic);
          assert.equal(response.status, 404, `/accounts/${dots}`);
        }
        const listed = await s.request('GET', `/accounts/${accountID}/bank-accounts`);
        assert.equal(listed.status, 200);
        assert.deepEqual(
          (listed.json as Array<{ bankAccountID: string; status: string }>).map((b) => [b.bankAccountID, b.status]),
          [[linked.bankAccountID, linked.status]],
          'the bank account is still there, unchanged',
        );
        assert.equal((await s.request('GET', `/accounts/${accountID}`)).status, 200, 'the account is untouched');
      } finally {
        await s.close();
      }
    });
  });
}
