import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { KeyConfigError } from '../../src/domain/sources/encryption-key.ts';
import { bankAccountFingerprint } from '../../src/domain/sources/fingerprint.ts';
import { bankAccountToV2024 } from '../../src/http/versions/v2026-01-00-bank-accounts.ts';
import { bankFor } from '../../src/domain/bank-accounts/bank-directory.ts';

describe('bank accounts: source secrets, directory and v2024 shapes', () => {
  const identity = { routingNumber: '021000021', accountNumber: '12345678', bankAccountType: 'checking' };

  it('loads keys as decision 0500 says: configured, key file beside SQLite, refused for PostgreSQL', () => {
    const key = randomBytes(32).toString('base64');
    const a = loadSourceSecrets({ encryptionKey: key, databaseUrl: 'postgres://x/y' });
    const b = loadSourceSecrets({ encryptionKey: key, databaseUrl: 'sqlite::memory:' });
    assert.equal(a.sealer.open(b.sealer.seal('1234', 'ctx'), 'ctx'), '1234');
    assert.equal(bankAccountFingerprint(a.fingerprintKey, 'p', identity), bankAccountFingerprint(b.fingerprintKey, 'p', identity));

    assert.throws(() => loadSourceSecrets({ databaseUrl: 'postgres://x/y' }), KeyConfigError);
    assert.throws(() => loadSourceSecrets({ encryptionKey: 'short', databaseUrl: 'sqlite::memory:' }), KeyConfigError);

    const dir = mkdtempSync(join(tmpdir(), 'railyard-keys-'));
    try {
      const url = `sqlite:${join(dir, 'db.sqlite')}`;
      const first = loadSourceSecrets({ databaseUrl: url });
      const second = loadSourceSecrets({ databaseUrl: url });
      assert.equal(second.sealer.open(first.sealer.seal('5678')), '5678', 'the key file is reused across restarts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a pinned fingerprint key survives a rotation of the encryption key', () => {
    const pinned = randomBytes(32).toString('hex');
    const before = loadSourceSecrets({ encryptionKey: randomBytes(32).toString('hex'), fingerprintKey: pinned, databaseUrl: 'sqlite::memory:' });
    const after = loadSourceSecrets({ encryptionKey: randomBytes(32).toString('hex'), fingerprintKey: pinned, databaseUrl: 'sqlite::memory:' });
    assert.equal(bankAccountFingerprint(before.fingerprintKey, 'p', identity), bankAccountFingerprint(after.fingerprintKey, 'p', identity));
  });

  it('names banks from the directory, generically otherwise', () => {
    assert.deepEqual(bankFor('256074974'), { bankName: 'Navy Federal Credit Union', rtp: false, fedNow: true });
    assert.deepEqual(bankFor('011000015'), { bankName: 'Bank in the Boston Federal Reserve district', rtp: false, fedNow: false });
    assert.equal(bankFor('000000518').bankName, 'Unlisted bank');
  });

  it('shows v2024.01.00 callers only what their version knows', () => {
    const shown = bankAccountToV2024({
      bankAccountID: 'b',
      holderType: 'guest',
      statusReason: 'fednow-credit-failure',
      exceptionDetails: { fednowRejectionCode: 'AC04', description: 'account closed' },
      paymentMethods: [
        { paymentMethodID: '1', paymentMethodType: 'ach-credit-standard' },
        { paymentMethodID: '2', paymentMethodType: 'instant-bank-credit' },
      ],
    });
    assert.deepEqual(shown, {
      bankAccountID: 'b',
      holderType: 'individual',
      statusReason: 'other',
      exceptionDetails: { description: 'account closed' },
      paymentMethods: [{ paymentMethodID: '1', paymentMethodType: 'ach-credit-standard' }],
    });
    assert.equal(bankAccountToV2024('not an object'), 'not an object');
  });
});
