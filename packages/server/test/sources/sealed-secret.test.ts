import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  chooseKeySource,
  deriveSubkey,
  KeyConfigError,
  loadRootKeys,
  MAX_KEYS_IN_RING,
  parseRootKey,
  parseRootKeyList,
  readOrCreateKeyFile,
  rootKeyId,
} from '../../src/domain/sources/encryption-key.ts';
import { createSealer, MAX_PLAINTEXT_BYTES, SealedSecretError } from '../../src/domain/sources/sealed-secret.ts';

const rootA = Buffer.alloc(32, 0xa1);
const rootB = Buffer.alloc(32, 0xb2);

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SealedSecretError, String(error));
    return error.failure;
  }
  assert.fail('expected a SealedSecretError');
}

/** Changes one character in the middle of a part, keeping it valid base64url. */
function flipPart(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] as string;
  const middle = Math.floor(part.length / 2);
  const replacement = part[middle] === 'A' ? 'B' : 'A';
  parts[index] = part.slice(0, middle) + replacement + part.slice(middle + 1);
  return parts.join('.');
}

test('seal then open gives the plaintext back; the sealed form hides it and never repeats', () => {
  const sealer = createSealer([rootA]);
  const first = sealer.seal('12345678901234567');
  const second = sealer.seal('12345678901234567');
  assert.notEqual(first, second, 'a fresh IV per seal');
  assert.ok(!first.includes('12345678901234567'));
  assert.match(first, /^rys1\.[0-9a-f]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  assert.equal(sealer.open(first), '12345678901234567');
  assert.equal(sealer.open(second), '12345678901234567');
  assert.equal(sealer.open(sealer.seal('')), '');
  assert.equal(sealer.open(sealer.seal('ünïcode ✓')), 'ünïcode ✓');
});

test('tampering with any part is detected', () => {
  const sealer = createSealer([rootA]);
  const sealed = sealer.seal('12345678901234567');
  assert.equal(failure(() => sealer.open(flipPart(sealed, 2))), 'tampered', 'IV');
  assert.equal(failure(() => sealer.open(flipPart(sealed, 3))), 'tampered', 'ciphertext');
  const parts = sealed.split('.');
  const body = Buffer.from(parts[3] as string, 'base64url');
  body[body.length - 1] = (body[body.length - 1] as number) ^ 1;
  assert.equal(failure(() => sealer.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))), 'tampered', 'tag');
});

test('a sealed value is bound to its context: it cannot be moved to another row', () => {
  const sealer = createSealer([rootA]);
  const sealed = sealer.seal('12345678', 'bank-account:one');
  assert.equal(sealer.open(sealed, 'bank-account:one'), '12345678');
  assert.equal(failure(() => sealer.open(sealed, 'bank-account:two')), 'tampered');
  assert.equal(failure(() => sealer.open(sealed)), 'tampered');
});

test('malformed text and unknown keys are told apart from tampering', () => {
  const sealer = createSealer([rootA]);
  for (const bad of ['', 'nope', 'rys2.00000000.aaaa.bbbb', 'rys1.XYZ.aaaa.bbbb', 'rys1.0011aabb.short.bbbbbbbbbbbbbbbbbbbbbbbb', 'rys1.a.b.c.d', 'x'.repeat(5000)]) {
    assert.equal(failure(() => sealer.open(bad)), 'malformed', bad.slice(0, 40));
  }
  const other = createSealer([rootB]).seal('secret');
  assert.equal(failure(() => sealer.open(other)), 'unknown-key');
  // Relabelling a value with another key's id is caught too: the id is bound as associated data.
  const ring = createSealer([rootA, rootB]);
  const relabelled = other.replace(rootKeyId(rootB), rootKeyId(rootA));
  assert.equal(failure(() => ring.open(relabelled)), 'tampered');
});

test('rotation: the current key seals, older keys still open, and old values ask to be resealed', () => {
  const before = createSealer([rootA]);
  const old = before.seal('12345678');
  const after = createSealer([rootB, rootA]);
  assert.equal(after.open(old), '12345678');
  assert.equal(after.needsReseal(old), true);
  const fresh = after.seal('12345678');
  assert.equal(after.needsReseal(fresh), false);
  assert.equal(after.currentKeyId, rootKeyId(rootB));
  assert.equal(failure(() => before.open(fresh)), 'unknown-key');
});

test('limits: plaintext size, context size, a non-empty ring without duplicates', () => {
  const sealer = createSealer([rootA]);
  assert.equal(sealer.open(sealer.seal('x'.repeat(MAX_PLAINTEXT_BYTES))).length, MAX_PLAINTEXT_BYTES);
  assert.throws(() => sealer.seal('x'.repeat(MAX_PLAINTEXT_BYTES + 1)), RangeError);
  assert.throws(() => sealer.seal('x', 'c'.repeat(257)), RangeError);
  assert.throws(() => createSealer([]), KeyConfigError);
  assert.throws(() => createSealer([rootA, Buffer.from(rootA)]), KeyConfigError);
});

test('root keys are read from hex or base64 and must be 32 bytes', () => {
  const key = randomBytes(32);
  assert.deepEqual(parseRootKey(key.toString('hex')), key);
  assert.deepEqual(parseRootKey(key.toString('hex').toUpperCase()), key);
  assert.deepEqual(parseRootKey(key.toString('base64')), key);
  assert.deepEqual(parseRootKey(`  ${key.toString('base64url')}\n`), key);
  for (const bad of ['', 'secret', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), `${'g'.repeat(64)}`]) {
    assert.throws(() => parseRootKey(bad), KeyConfigError, bad);
  }
  const list = parseRootKeyList(`${rootB.toString('hex')}, ${rootA.toString('base64')}`);
  assert.deepEqual(list, [rootB, rootA]);
  assert.throws(() => parseRootKeyList(' , '), KeyConfigError);
  assert.throws(() => parseRootKeyList(Array(MAX_KEYS_IN_RING + 1).fill(rootA.toString('hex')).join(',')), KeyConfigError);
});

test('subkeys differ per purpose and per root; key ids are stable', () => {
  assert.notDeepEqual(deriveSubkey(rootA, 'seal'), deriveSubkey(rootA, 'fingerprint'));
  assert.notDeepEqual(deriveSubkey(rootA, 'seal'), deriveSubkey(rootB, 'seal'));
  assert.notDeepEqual(deriveSubkey(rootA, 'seal'), rootA);
  assert.equal(rootKeyId(rootA), rootKeyId(Buffer.from(rootA)));
  assert.match(rootKeyId(rootA), /^[0-9a-f]{8}$/);
  assert.throws(() => deriveSubkey(Buffer.alloc(16), 'seal'), KeyConfigError);
});

test('key source: configured wins, SQLite files get a key file, memory an ephemeral key, PostgreSQL refuses', () => {
  const configured = chooseKeySource({ encryptionKey: rootA.toString('hex'), databaseUrl: 'postgres://x/db' });
  assert.deepEqual(configured, { kind: 'configured', keys: [rootA] });
  assert.deepEqual(chooseKeySource({ databaseUrl: 'sqlite:./data/railyard.db' }), { kind: 'key-file', path: './data/railyard.db.key' });
  assert.deepEqual(chooseKeySource({ encryptionKey: '  ', databaseUrl: 'sqlite::memory:' }), { kind: 'ephemeral' });
  assert.equal(chooseKeySource({ databaseUrl: 'postgresql://x/db' }).kind, 'refuse');
  assert.equal(chooseKeySource({ databaseUrl: 'mysql://x' }).kind, 'refuse');
  assert.throws(() => chooseKeySource({ encryptionKey: 'short', databaseUrl: 'sqlite::memory:' }), KeyConfigError);
  assert.throws(() => loadRootKeys({ kind: 'refuse', message: 'no key' }), /no key/);
  assert.equal(loadRootKeys({ kind: 'ephemeral' })[0]?.length, 32);
});

test('the key file is created once, private, and read back the same', () => {
  const dir = mkdtempSync(join(tmpdir(), 'railyard-key-'));
  try {
    const path = join(dir, 'railyard.db.key');
    const created = readOrCreateKeyFile(path);
    assert.equal(created.length, 32);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(readOrCreateKeyFile(path), created);
    assert.deepEqual(loadRootKeys({ kind: 'key-file', path }), [created]);
    assert.deepEqual(parseRootKey(readFileSync(path, 'utf8')), created);
    writeFileSync(path, 'damaged');
    assert.throws(() => readOrCreateKeyFile(path), KeyConfigError, 'a damaged key file is never replaced silently');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
