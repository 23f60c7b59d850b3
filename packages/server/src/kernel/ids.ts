import { randomUUID } from 'node:crypto';

/**
 * A new ID for a row that is inserted often and read by key: a transfer, a
 * ledger entry, an event. A version 7 UUID (RFC 9562): 48 bits of Unix time in
 * milliseconds, then random bits. Rows written together sit next to each other
 * in their primary-key index, so a group commit of many transfers dirties a few
 * pages at the index's right-hand edge instead of one random page per row per
 * index (bench/README.md: half the commit time). Still a UUID, which is all an
 * ID promises. Built on `randomUUID`, which draws from a pooled entropy buffer,
 * keeping its 74 random bits and variant and swapping in the time and version.
 */
export function newRowID(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
