import { uuidv7 } from 'uuidv7';

/**
 * A new ID for a row that is inserted often and read by key: a transfer, a
 * ledger entry, an event. A version 7 UUID (RFC 9562): 48 bits of Unix time in
 * milliseconds, then a counter and random bits. Rows written together sit next
 * to each other in their primary-key index, so a group commit of many transfers
 * dirties a few pages at the index's right-hand edge instead of one random page
 * per row per index (bench/README.md: half the commit time).
 *
 * The `uuidv7` library keeps a counter within each millisecond (reset to a
 * random value when the millisecond changes), so the IDs one process makes sort
 * in the order it made them even within a millisecond. Lists order rows by
 * their time and then by ID, and a platform clock that stands still gives
 * many rows one time: a transfer's hold and settle, written a few microseconds
 * apart, then still list in that order (docs/ledger.md). Across processes IDs
 * made in the same millisecond sort in no particular order. Still a UUID, which
 * is all an ID promises to a client.
 */
export function newRowID(): string {
  return uuidv7();
}
