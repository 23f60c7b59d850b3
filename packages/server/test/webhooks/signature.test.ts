import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verifyWebhookSignature, webhookSignature } from '@railyard/contract';
import { signDelivery } from '../../src/domain/webhooks/send.ts';

/** Moov's example (docs/webhooks.md "Delivery"). */
const SECRET = 'my-webhook-signing-secret';
const TIMESTAMP = '2024-04-26T21:20:55Z';
const NONCE = 'LwxF1Uk7QOeDq2nzB3theslHbtAo7y3uuncB1PoijwCZZaRZsd8DOtffBT7p';
const WEBHOOK_ID = 'dff0a709-f982-4475-81e8-214b435c74ab';
const SIGNATURE =
  '6231d03752de6963087e6aea1c78a27a0617b6df1c071195f30ed85defe34e02fd0bf3995949fe12dafd747c42de9cfae03b8aafcf69cceba5495f4c7b719d82';
/** Within the default five minutes of the vector's timestamp. */
const AT = new Date('2024-04-26T21:22:00Z');

function vectorHeaders(): Record<string, string> {
  return { 'X-Timestamp': TIMESTAMP, 'X-Nonce': NONCE, 'X-Webhook-ID': WEBHOOK_ID, 'X-Signature': SIGNATURE };
}

describe('webhook signatures', () => {
  it('signs the test vector: lowercase hex HMAC-SHA512 of timestamp|nonce|webhookID', async () => {
    assert.equal(await webhookSignature(SECRET, TIMESTAMP, NONCE, WEBHOOK_ID), SIGNATURE);
    // The server signs with node:crypto (faster); receivers check with the contract's Web Crypto version.
    assert.equal(signDelivery(SECRET, TIMESTAMP, NONCE, WEBHOOK_ID), SIGNATURE);
    assert.throws(() => signDelivery('', TIMESTAMP, NONCE, WEBHOOK_ID), /cannot be empty/);
  });

  it('verifies the vector from a plain record, a Headers object and Node-style lower-case headers', async () => {
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET, { now: AT }), true);
    assert.equal(await verifyWebhookSignature(new Headers(vectorHeaders()), SECRET, { now: AT }), true);
    const lower = Object.fromEntries(Object.entries(vectorHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    assert.equal(await verifyWebhookSignature(lower, SECRET, { now: AT }), true);
    const mixed = { 'x-TIMESTAMP': TIMESTAMP, 'X-nonce': [NONCE], 'x-webhook-id': WEBHOOK_ID, 'X-SIGNATURE': SIGNATURE.toUpperCase() };
    assert.equal(await verifyWebhookSignature(mixed, SECRET, { now: AT }), true);
  });

  it('refuses a wrong secret, any tampered header and any missing one', async () => {
    assert.equal(await verifyWebhookSignature(vectorHeaders(), 'another-secret', { now: AT }), false);
    assert.equal(await verifyWebhookSignature(vectorHeaders(), '', { now: AT }), false);
    for (const name of ['X-Timestamp', 'X-Nonce', 'X-Webhook-ID', 'X-Signature']) {
      const missing = vectorHeaders();
      delete missing[name];
      assert.equal(await verifyWebhookSignature(missing, SECRET, { now: AT }), false, `without ${name}`);
      const empty = { ...vectorHeaders(), [name]: '' };
      assert.equal(await verifyWebhookSignature(empty, SECRET, { now: AT }), false, `empty ${name}`);
    }
    const tampered: Record<string, string> = {
      'X-Timestamp': '2024-04-26T21:20:56Z',
      'X-Nonce': NONCE.replace('L', 'M'),
      'X-Webhook-ID': WEBHOOK_ID.replace('d', 'e'),
      'X-Signature': SIGNATURE.slice(0, -1) + '3',
    };
    for (const [name, value] of Object.entries(tampered)) {
      assert.equal(await verifyWebhookSignature({ ...vectorHeaders(), [name]: value }, SECRET, { now: AT }), false, `tampered ${name}`);
    }
    // Malformed signatures: short, long, not hex.
    for (const signature of [SIGNATURE.slice(0, 64), SIGNATURE + '00', 'z'.repeat(128)]) {
      assert.equal(await verifyWebhookSignature({ ...vectorHeaders(), 'X-Signature': signature }, SECRET, { now: AT }), false);
    }
    // A header sent twice is ambiguous: refused.
    assert.equal(await verifyWebhookSignature({ ...vectorHeaders(), 'x-nonce': NONCE }, SECRET, { now: AT }), false);
    assert.equal(await verifyWebhookSignature({ ...vectorHeaders(), 'X-Nonce': [NONCE, NONCE] }, SECRET, { now: AT }), false);
    // Not headers at all.
    assert.equal(await verifyWebhookSignature(null as never, SECRET), false);
  });

  it('refuses a timestamp older or newer than the tolerance (default 5 min), unless the check is off', async () => {
    const late = new Date(Date.parse(TIMESTAMP) + 301_000);
    const early = new Date(Date.parse(TIMESTAMP) - 301_000);
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET, { now: late }), false);
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET, { now: early }), false);
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET, { now: late, toleranceSeconds: 600 }), true);
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET, { toleranceSeconds: Infinity }), true);
    // With the real clock the 2024 vector is long stale.
    assert.equal(await verifyWebhookSignature(vectorHeaders(), SECRET), false);
    // A timestamp that is not RFC 3339 cannot be judged: refused while the check is on.
    const signed: Record<string, string> = { ...vectorHeaders(), 'X-Timestamp': 'yesterday' };
    signed['X-Signature'] = await webhookSignature(SECRET, 'yesterday', NONCE, WEBHOOK_ID);
    assert.equal(await verifyWebhookSignature(signed, SECRET), false);
    assert.equal(await verifyWebhookSignature(signed, SECRET, { toleranceSeconds: Infinity }), true);
  });
});
