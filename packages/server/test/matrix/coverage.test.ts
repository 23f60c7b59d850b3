import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seedFor } from '../support/matrix-seeds.ts';
import { EXEMPT_OPERATIONS } from './exemptions.ts';
import { covered, pathParams, registry, seedNames } from './plan.ts';
import { REQUESTS, EXPECTED_REFUSALS } from './requests.ts';

/**
 * What the matrix (matrix.test.ts) needs from each operation, checked without
 * a server so a new operation's author hears at once what to add, and where.
 */
describe('authorization matrix coverage', () => {
  test('every operation is covered by the matrix or exempt with a reason', () => {
    const missing = registry.filter((op) => !covered.includes(op) && !Object.hasOwn(EXEMPT_OPERATIONS, op.id)).map((op) => `${op.id} (auth: ${op.auth})`);
    assert.deepEqual(missing, [], 'operations neither covered nor in test/matrix/exemptions.ts');
  });

  test('the exempt list names only operations that exist, each with a reason', () => {
    const ids = new Set<string>(registry.map((op) => op.id));
    for (const [id, reason] of Object.entries(EXEMPT_OPERATIONS)) {
      assert.ok(ids.has(id), `test/matrix/exemptions.ts names ${id}, which the registry does not have: remove it`);
      assert.ok(reason.length > 20, `${id}: say why it is exempt`);
    }
  });

  test('every covered operation names the scope a token needs', () => {
    const unscoped = covered.filter((op) => op.scopes.length === 0).map((op) => op.id);
    assert.deepEqual(unscoped, [], 'operations without a scope entry: add `scopes` to the registry entry (or exempt it in test/matrix/exemptions.ts with the reason)');
  });

  test('every path parameter of every covered operation has a seed', () => {
    const missing: string[] = [];
    for (const op of covered) {
      for (const [param, seedName] of Object.entries(seedNames(op))) {
        if (!seedFor(seedName)) missing.push(`${op.id} ${op.path}: {${param}}`);
      }
    }
    assert.deepEqual(
      missing,
      [],
      'path parameters without a seed: add an entry named after the parameter to SEEDS in packages/server/test/support/matrix-seeds.ts, ' +
        'with a function that creates the resource for a platform through the API (see the ones there)',
    );
  });

  test('every write with a path parameter and a required body or header has a valid request', () => {
    const missing = covered
      .filter((op) => !op.readOnly && pathParams(op).length > 0)
      .filter((op) => op.request.bodyRequired || (op.request.headers ?? []).some((header) => header.required))
      .filter((op) => !REQUESTS[op.id])
      .map((op) => op.id);
    assert.deepEqual(
      missing,
      [],
      'writes the matrix cannot send to their handler: add a valid request to REQUESTS in packages/server/test/matrix/requests.ts ' +
        '(without one the pipeline refuses the body before the handler, and "another platform’s ID answers 404" proves nothing)',
    );
  });

  test('every operation whose query has a required parameter has a valid request', () => {
    const missing = covered.filter((op) => op.request.query && !op.request.query.safeParse({}).success && !REQUESTS[op.id]).map((op) => op.id);
    assert.deepEqual(missing, [], 'reads the matrix cannot make without a query: add one to REQUESTS in packages/server/test/matrix/requests.ts');
  });

  test('request templates and expected refusals name operations that exist', () => {
    const ids = new Set<string>(registry.map((op) => op.id));
    for (const id of [...Object.keys(REQUESTS), ...Object.keys(EXPECTED_REFUSALS)]) assert.ok(ids.has(id), `test/matrix/requests.ts names ${id}, which the registry does not have`);
  });
});
