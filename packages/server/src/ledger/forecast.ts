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
 * posting is written only if its account's update left the account exactly as
 * forecast (its posting count and both balances after). If one moved in
 * between, the unit fails with `FORECAST_MISSED` and nothing of it is
 * committed: its caller runs it again without a forecast (`isForecastMissed`).
 *
 * A forecast is offered per unit of work (`offerForecast`) and used only by an
 * entry whose every posting lands on a forecast account, moves no hold (a
 * pending debit is checked against its reference's postings, a read), and stays
 * within its floor as forecast: anything else takes the guarded path, whose
 * refusal says why.
 *
 * The accounts a unit offers (or only follows) are also followed through its
 * entries, guarded ones included (`noteEntryWritten`), so that `balancesAfter`
 * can tell where the unit leaves them: what the transfer service lets the next
 * create on the same wallet forecast from (chained forecasts, decision 2001).
 */

/** An account as the unit read it (or as a create in flight will leave it): what a forecast needs of it. */
export type AccountForecast = Pick<LedgerAccount, 'ledgerAccountID' | 'platformID' | 'currency' | 'allowNegative' | 'available' | 'pending' | 'postingCount'>;

/** The accounts a unit follows: as read, then as each entry of the unit leaves them. */
interface FollowedAccounts {
  /** Whether entries may be written from these balances (else they are only followed). */
  forecast: boolean;
  accounts: Map<string, AccountForecast>;
}

const followed = new WeakMap<Sql, FollowedAccounts>();

/**
 * Lets the ledger forecast these accounts' balances in this unit of work. Call it
 * before the unit writes to them, and on PostgreSQL only: the statements use a
 * data-modifying CTE, which SQLite lacks (and there an entry costs no round trip).
 */
export function offerForecast(sql: Sql, accounts: readonly AccountForecast[]): void {
  follow(sql, accounts, true);
}

/**
 * Follows these accounts' balances through the unit's entries without
 * forecasting any (`balancesAfter` answers them); a unit that offered a
 * forecast follows its accounts too.
 */
export function followAccounts(sql: Sql, accounts: readonly AccountForecast[]): void {
  follow(sql, accounts, false);
}

function follow(sql: Sql, accounts: readonly AccountForecast[], forecast: boolean): void {
  if (accounts.length === 0) return;
  const unit = followed.get(sql) ?? { forecast, accounts: new Map<string, AccountForecast>() };
  unit.forecast = forecast;
  for (const account of accounts) unit.accounts.set(account.ledgerAccountID, { ...account });
  followed.set(sql, unit);
}

/**
 * Where the unit's entries leave the accounts it follows, if it commits: as
 * read, after each forecast entry, and after each guarded one (from its update's
 * `RETURNING`). What a later unit may forecast from before this one commits.
 */
export function balancesAfter(sql: Sql): ReadonlyMap<string, AccountForecast> {
  return followed.get(sql)?.accounts ?? new Map();
}

/** Records where a written entry (guarded or forecast) left the accounts the unit follows. */
export function noteEntryWritten(sql: Sql, entry: LedgerEntry): void {
  const known = followed.get(sql)?.accounts;
  if (!known) return;
  for (const posting of entry.postings) {
    const account = known.get(posting.ledgerAccountID);
    // Two postings on one account: the later one (higher sequence) says where it ends.
    if (account && posting.accountSeq > account.postingCount) {
      known.set(posting.ledgerAccountID, { ...account, available: posting.availableAfter, pending: posting.pendingAfter, postingCount: posting.accountSeq });
    }
  }
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
  const unit = followed.get(sql);
  if (!unit?.forecast || input.settlement !== undefined || kind.reversesEntryID !== undefined) return undefined;
  const known = unit.accounts;
  const after = new Map<string, AccountForecast>();
  const guards: Array<{ priorPostingCount: number; floor: number; ceiling: number }> = [];
  for (const posting of input.postings) {
    const account = after.get(posting.ledgerAccountID) ?? known.get(posting.ledgerAccountID);
    if (!account || account.platformID !== input.platformID || account.currency !== posting.currency) return undefined;
    if (posting.bucket === 'pending' && posting.amount < 0) return undefined;
    const floor = account.allowNegative ? -MAX_BALANCE : guardedFloor(posting, input);
    const balance = account[posting.bucket] + posting.amount;
    if (balance < floor || balance > MAX_BALANCE) return undefined;
    guards.push({ priorPostingCount: account.postingCount, floor, ceiling: MAX_BALANCE });
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
    await deferForecastPosting(sql, postingRow(posting, input.platformID), guard);
  }
  return entryOfRow(entryRow, input, kind, postings);
}
