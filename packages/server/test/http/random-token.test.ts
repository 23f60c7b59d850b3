import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomToken } from '../../src/domain/auth/secrets.ts';

describe('generated keys and secrets', () => {
  it('are URL-safe, of the asked entropy, and never start with a dash (a CLI would read an option)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const token = randomToken(18);
      assert.match(token, /^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
      seen.add(token);
    }
    assert.equal(seen.size, 20_000);
  });
});
