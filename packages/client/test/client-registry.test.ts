import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { operations, operationGroup, operationMethodName, type OperationDef } from '@railyard/contract';
import { handlers } from '../../server/src/http/handlers/index.ts';
import { createRailyardClient } from '../src/index.ts';
import { exercises } from './support/exercises.ts';
import { clientFor, startTestServer, storeKinds } from './support/fixtures.ts';
import type { TestServer } from '../../server/test/support/server.ts';

const registry = operations as readonly OperationDef[];
const served = (op: OperationDef) => (handlers as Partial<Record<string, unknown>>)[op.id] !== undefined;

describe('the client covers the registry', () => {
  it('has a method for every operation, named from its id', () => {
    const client = createRailyardClient({ serverURL: 'http://127.0.0.1:1', username: 'pk', password: 'sk' }) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const op of registry) {
      assert.equal(typeof client[operationGroup(op)]?.[operationMethodName(op)], 'function', op.id);
    }
  });

  it('has exactly one exercise case per registry operation', () => {
    const ids = registry.map((op) => op.id);
    const missing = ids.filter((id) => !(id in exercises));
    assert.deepEqual(missing, [], `operations without an exercise case in test/support/exercises.ts: ${missing.join(', ')}`);
    const stale = Object.keys(exercises).filter((id) => !ids.includes(id as OperationDef['id']));
    assert.deepEqual(stale, [], `exercise cases for operations no longer in the registry: ${stale.join(', ')}`);
  });
});

for (const kind of await storeKinds()) {
  describe(`every operation through the client (${kind})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(kind);
    });
    after(() => server.close());

    for (const op of registry) {
      const exercise = exercises[op.id];
      // A missing case fails the test above; an unserved operation has no handler yet.
      it(op.id, { skip: !exercise || !served(op) ? `${op.id} is not served yet` : false }, async () => {
        await exercise!({ server, client: clientFor(server) });
      });
    }
  });
}
