import { before } from 'node:test';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/kernel/clock.ts';
import type { Sql, Store } from '../../src/store/port.ts';
import { insertPlatform } from '../../src/store/repos/platforms.ts';
import {
  ensureLedgerAccount,
  LedgerError,
  openLedgerAccount,
  postEntry,
  type EntryInput,
  type LedgerAccount,
  type LedgerAccountKind,
  type PostingInput,
} from '../../src/ledger/index.ts';
import { storePerSuite, type StoreKind } from '../support/stores.ts';

/** A clock that moves one millisecond per reading, so entries get distinct, ordered timestamps. */
export function steppingClock(start = Date.parse('2026-01-01T00:00:00.000Z')): Clock {
  let now = start;
  return { now: () => new Date(now++) };
}

export async function createPlatform(store: Store, clock: Clock): Promise<string> {
  const platformID = randomUUID();
  await store.write((sql) => insertPlatform(sql, platformID, `platform ${platformID.slice(0, 8)}`, clock.now().toISOString()));
  return platformID;
}

export async function openAccount(
  store: Store,
  clock: Clock,
  platformID: string,
  kind: LedgerAccountKind,
  currency = 'USD',
): Promise<LedgerAccount> {
  return store.write((sql) => openLedgerAccount(sql, { platformID, kind, ownerID: randomUUID(), currency }, clock));
}

/** The platform's outside-world account in a currency: where funding comes from. */
export async function outsideWorld(store: Store, clock: Clock, platformID: string, currency = 'USD'): Promise<LedgerAccount> {
  return store.write((sql) => ensureLedgerAccount(sql, { platformID, kind: 'outside-world', ownerID: platformID, currency }, clock));
}

/** Everything the ledger holds, to show that a refusal changed nothing. */
export async function ledgerSnapshot(store: Store): Promise<unknown> {
  return store.read(async (sql: Sql) => ({
    accounts: await sql.all(
      'SELECT ledger_account_id, available, pending, posting_count FROM ledger_accounts ORDER BY ledger_account_id',
    ),
    entries: await sql.all('SELECT entry_id FROM ledger_entries ORDER BY entry_id'),
    postings: await sql.all('SELECT entry_id, line FROM ledger_postings ORDER BY entry_id, line'),
  }));
}

/**
 * A refusal with `code` whose message says something (callers branch on the
 * code; the message is what an operator reads in the log, so an empty one is a
 * defect too).
 */
export function refusedWith(code: string) {
  return (error: unknown) => error instanceof LedgerError && error.code === code && /[a-z]{3,}/i.test(error.message);
}

/** A USD posting to an account's available (or pending) bucket. */
export function usd(account: LedgerAccount, amount: number, bucket: 'available' | 'pending' = 'available'): PostingInput {
  return { ledgerAccountID: account.ledgerAccountID, amount, currency: 'USD', bucket };
}

/** The accounts of a postingSuite, opened before its tests. */
export interface LedgerBook {
  platformID: string;
  /** The platform's USD outside-world account. */
  world: LedgerAccount;
  /** A wallet holding the suite's `funding`. */
  wallet: LedgerAccount;
  /** A second, empty wallet. */
  other: LedgerAccount;
}

/**
 * The fixture of the suites that post entries directly (post-entry,
 * boundaries): a store for the suite, a platform with its outside world and
 * two wallets, and `funding` cents moved from the world into `wallet` before
 * the tests (call inside a `describe`, before the suite's own `before` hooks).
 * `entry` builds an `adjustment` entry of the platform with a fresh reference
 * and the suite's `description`; `post` posts it on the suite's store and
 * stepping clock.
 */
export function postingSuite(kind: StoreKind, options: { description: string; funding: number }) {
  const t = storePerSuite(kind);
  const clock = steppingClock();
  const book = {} as LedgerBook;
  const entry = (postings: PostingInput[], extra: Partial<EntryInput> = {}): EntryInput => ({
    platformID: book.platformID,
    referenceType: 'adjustment',
    referenceID: randomUUID(),
    description: options.description,
    postings,
    ...extra,
  });
  const post = (input: EntryInput) => t.store.write((sql) => postEntry(sql, input, clock));
  before(async () => {
    book.platformID = await createPlatform(t.store, clock);
    book.world = await outsideWorld(t.store, clock, book.platformID);
    book.wallet = await openAccount(t.store, clock, book.platformID, 'wallet');
    book.other = await openAccount(t.store, clock, book.platformID, 'wallet');
    await post(entry([usd(book.world, -options.funding), usd(book.wallet, options.funding)]));
  });
  return { t, clock, book, entry, post };
}
