import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/kernel/clock.ts';
import type { Sql, Store } from '../../src/store/port.ts';
import { insertPlatform } from '../../src/store/repos/platforms.ts';
import { ensureLedgerAccount, LedgerError, openLedgerAccount, type LedgerAccount, type LedgerAccountKind } from '../../src/ledger/index.ts';

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
