import { createHmac } from 'node:crypto';
import { deriveSubkey } from './encryption-key.ts';

/**
 * Fingerprints say "these two linked sources are the same bank account / the
 * same card" without revealing the number, and power duplicate detection.
 *
 * Why keyed (HMAC-SHA-256), not a plain hash: a PAN has at most ~10^9 unknown
 * digits once its BIN and last four are known (both are shown in the API), and
 * the Luhn digit removes one more; a routing + account number pair is similarly
 * small. A plain SHA-256 of either is brute-forced in minutes on one GPU, so a
 * leaked fingerprint, or database, would reveal full numbers. Without the key
 * the fingerprint is useless to an attacker.
 *
 * Why the platform ID is mixed in: Moov documents fingerprints as identifying a
 * source "across multiple accounts on your platform". Two platforms on one
 * Railyard get different fingerprints for the same card, so they cannot
 * correlate each other's customers.
 *
 * Output: 64 lowercase hex digits (the API allows up to 100).
 */
export const FINGERPRINT_HEX_LENGTH = 64;

export interface FingerprintKey {
  readonly bytes: Buffer;
}

/**
 * The fingerprint key: from `RAILYARD_FINGERPRINT_KEY` when set, else derived
 * from the current root encryption key. Rotating the root key changes derived
 * fingerprints, so pin the fingerprint key before rotating (see 0501).
 */
export function fingerprintKey(explicitRoot: Buffer | undefined, currentRootKey: Buffer): FingerprintKey {
  return { bytes: deriveSubkey(explicitRoot ?? currentRootKey, 'fingerprint') };
}

export interface BankAccountIdentity {
  routingNumber: string;
  accountNumber: string;
  bankAccountType: string;
}

/**
 * Routing + account number + type. The type is part of the identity because
 * some credit unions give a member's share (savings) and draft (checking)
 * accounts the same number: they are two accounts, not a duplicate.
 */
export function bankAccountFingerprint(key: FingerprintKey, platformID: string, account: BankAccountIdentity): string {
  return keyedDigest(key, ['bank-account', platformID, account.routingNumber, account.accountNumber, account.bankAccountType]);
}

/**
 * The PAN alone. The expiry is left out on purpose: a reissued card keeps its
 * number with a new expiry (card account updater changes it in place), and it
 * is still the same card for duplicate detection.
 */
export function cardFingerprint(key: FingerprintKey, platformID: string, cardNumber: string): string {
  return keyedDigest(key, ['card', platformID, cardNumber]);
}

/** Length-prefixed fields, so ("ab","c") and ("a","bc") can never collide. */
function keyedDigest(key: FingerprintKey, fields: readonly string[]): string {
  const mac = createHmac('sha256', key.bytes);
  mac.update('railyard-fingerprint-v1');
  for (const field of fields) {
    const bytes = Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    mac.update(length);
    mac.update(bytes);
  }
  return mac.digest('hex');
}
