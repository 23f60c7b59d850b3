import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  bankAccountFingerprint,
  cardFingerprint,
  FINGERPRINT_HEX_LENGTH,
  fingerprintKey,
} from '../../src/domain/sources/fingerprint.ts';

const root = Buffer.alloc(32, 7);
const key = fingerprintKey(undefined, root);
const account = { routingNumber: '123456780', accountNumber: '0004321567000', bankAccountType: 'checking' };
const platform = '9b4b8b5a-0000-4000-8000-000000000001';

test('the same bank account on the same platform has one fingerprint, 64 hex digits', () => {
  const first = bankAccountFingerprint(key, platform, account);
  assert.equal(first, bankAccountFingerprint(fingerprintKey(undefined, Buffer.from(root)), platform, { ...account }));
  assert.match(first, new RegExp(`^[0-9a-f]{${FINGERPRINT_HEX_LENGTH}}$`));
});

test('each part of a bank account identity changes its fingerprint', () => {
  const base = bankAccountFingerprint(key, platform, account);
  assert.notEqual(bankAccountFingerprint(key, platform, { ...account, routingNumber: '021000021' }), base);
  assert.notEqual(bankAccountFingerprint(key, platform, { ...account, accountNumber: '4321567000' }), base, 'leading zeros count');
  assert.notEqual(bankAccountFingerprint(key, platform, { ...account, bankAccountType: 'savings' }), base);
  assert.notEqual(bankAccountFingerprint(key, 'another-platform', account), base);
});

test('fields cannot run into each other', () => {
  const a = bankAccountFingerprint(key, platform, { routingNumber: '12345678', accountNumber: '01234', bankAccountType: 'checking' });
  const b = bankAccountFingerprint(key, platform, { routingNumber: '123456780', accountNumber: '1234', bankAccountType: 'checking' });
  assert.notEqual(a, b);
});

test('card fingerprints: keyed, per platform, and not the plain hash of the PAN', () => {
  const pan = '4111111111111111';
  const fingerprint = cardFingerprint(key, platform, pan);
  assert.equal(cardFingerprint(key, platform, pan), fingerprint);
  assert.notEqual(cardFingerprint(key, 'another-platform', pan), fingerprint);
  assert.notEqual(cardFingerprint(key, platform, '5555555555554444'), fingerprint);
  assert.notEqual(cardFingerprint(fingerprintKey(undefined, Buffer.alloc(32, 8)), platform, pan), fingerprint);
  assert.notEqual(fingerprint, createHash('sha256').update(pan).digest('hex'));
  assert.notEqual(cardFingerprint(key, platform, pan), bankAccountFingerprint(key, platform, { routingNumber: '', accountNumber: pan, bankAccountType: '' }));
});

test('a pinned fingerprint key survives rotation of the encryption key', () => {
  const pinned = Buffer.alloc(32, 9);
  const beforeRotation = fingerprintKey(pinned, Buffer.alloc(32, 1));
  const afterRotation = fingerprintKey(pinned, Buffer.alloc(32, 2));
  assert.equal(cardFingerprint(beforeRotation, platform, '4111111111111111'), cardFingerprint(afterRotation, platform, '4111111111111111'));
  assert.notEqual(
    cardFingerprint(fingerprintKey(undefined, Buffer.alloc(32, 1)), platform, '4111111111111111'),
    cardFingerprint(fingerprintKey(undefined, Buffer.alloc(32, 2)), platform, '4111111111111111'),
  );
});
