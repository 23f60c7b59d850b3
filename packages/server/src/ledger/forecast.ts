import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../store/port.ts';
import { deferForecastEntry, deferForecastPosting, FORECAST_MISSED } from '../store/repos/ledger-forecast.ts';
import { entryOfRow, type EntryKind, guardedFloor, inAccountOrder, newEntryRow, postingOf, postingRow } from './entry-writing.ts';
import { MAX_BALANCE } from './limits.ts';
import type { EntryInput, LedgerAccount, LedgerEntry } from './types.ts';

/**
 * Forecast balances (decision 2001, amendment "Forecast balances"). On
 * PostgreSQL a posted entry costs a round trip of its own: the guarded updates
 * answer the balances after, which the postings and the wallet events carry, so
 * they are read before the rest of the unit is written, and the source wallet's
 * row lock is held from that message until the COMMIT's. When the unit already
 * read the accounts (a create's start read), the ledger can forecast those
 * balances instead and defer the whole entry to the COMMIT's message; each
 * account's update then applies only if the account is still as read. If one
 * moved in between, the unit fails with `FORECAST_MISSED` and nothing of it is
 * committed: its caller runs it again without a forecast (`isForecastMissed`).
 *
 * A forecast is offered per unit of work (`offerForecast`) and used only by an
 * entry whose every posting lands on a forecast account, moves no hold (a
 * pending debit is checked against its reference's postings, a read), and stays
 * within its floor as forecast: anything else takes the guarded path, whose
 * refusal says why.
 */

/** An account as the unit read it: what a forecast needs of it. */
export type AccountForecast = Pick<LedgerAccount, 'ledgerAccountID' | 'platformID' | 'currency' | 'allowNegative' | 'available' | 'pending' | 'postingCount'>;

const forecasts = new WeakMap<Sql, Map<string, AccountForecast>>();

/**
 * Lets the ledger forecast these accounts' balances in this unit of work. Call it
 * before the unit writes to them, and on PostgreSQL only: the statements use a
 * data-modifying CTE, which SQLite lacks (and there an entry costs no round trip).
 */
export function offerForecast(sql: Sql, accounts: readonly AccountForecast[]): void {
  if (accounts.length === 0) return;
  const known = forecasts.get(sql) ?? new Map<string, AccountForecast>();
  for (const account of accounts) known.set(account.ledgerAccountID, { ...account });
  forecasts.set(sql, known);
}

/** Whether a unit failed because an account moved after its forecast: run it again without one. */
export function isForecastMissed(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '22P02' && error.message.includes(FORECAST_MISSED);
}

/**
 * Writes the entry from the forecast, deferred, and answers it as the guarded
 * path would; undefined when the entry cannot be forecast (nothing written).
 */
export async function writeForecastEntry(sql: Sql, input: EntryInput, kind: EntryKind, clock: Clock): Promise<LedgerEntry | undefined> {
  const known = forecasts.get(sql);
  if (!known || input.settlement !== undefined || kind.reversesEntryID !== undefined) return undefined;
  const after = new Map<string, AccountForecast>();
  const guards: Array<{ priorPostingCount: number; floor: number }> = [];
  for (const posting of input.postings) {
    const account = after.get(posting.ledgerAccountID) ?? known.get(posting.ledgerAccountID);
    if (!account || account.platformID !== input.platformID || account.currency !== posting.currency) return undefined;
    if (posting.bucket === 'pending' && posting.amount < 0) return undefined;
    const floor = account.allowNegative ? -MAX_BALANCE : guardedFloor(posting, input);
    const balance = account[posting.bucket] + posting.amount;
    if (balance < floor || balance > MAX_BALANCE) return undefined;
    guards.push({ priorPostingCount: account.postingCount, floor });
    after.set(posting.ledgerAccountID, { ...account, [posting.bucket]: balance, postingCount: account.postingCount + 1 });
  }
  if (after.size !== input.postings.length) return undefined; // two postings on one account: left to the guarded path

  const entryRow = newEntryRow(input, kind, clock);
  const postings = input.postings.map((posting, line) => {
    const account = after.get(posting.ledgerAccountID)!;
    return postingOf(entryRow, posting, line, { accountSeq: account.postingCount, available: account.available, pending: account.pending });
  });
  await deferForecastEntry(sql, entryRow);
  // Accounts in the one global order of the guarded path (entry-writing.ts), so two entries cannot deadlock.
  const order = postings.map((posting, line) => ({ posting, guard: guards[line]! })).sort((a, b) => inAccountOrder(a.posting, b.posting));
  for (const { posting, guard } of order) {
    await deferForecastPosting(sql, postingRow(posting, input.platformID), { ...guard, ceiling: MAX_BALANCE });
  }
  for (const [id, account] of after) known.set(id, account);
  return entryOfRow(entryRow, input, kind, postings);
}
