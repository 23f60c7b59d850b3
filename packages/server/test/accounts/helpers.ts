import assert from 'node:assert/strict';

// Shared with every feature's tests: test/support/ (import from there).
export { V2026 } from '../support/versions.ts';
export { business, create, individual } from '../support/accounts.ts';

/** Deep comparison where a RegExp in `expected` matches a string. */
export function assertMatches(actual: unknown, expected: unknown, path = '$'): void {
  if (expected instanceof RegExp) {
    assert.equal(typeof actual, 'string', `${path} should be a message`);
    assert.match(actual as string, expected, path);
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    assert.equal(typeof actual, 'object', `${path} should be an object, got ${JSON.stringify(actual)}`);
    for (const [key, value] of Object.entries(expected)) assertMatches((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    return;
  }
  assert.equal(actual, expected, path);
}
