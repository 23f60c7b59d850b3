import type { PostResult } from '../../ledger/index.ts';
import type { Sql } from '../../store/port.ts';
import { walletEntriesOfReference } from '../../store/repos/wallet-transactions.ts';
import type { WalletRow } from '../../store/repos/wallets.ts';
import type { Clock } from '../../kernel/clock.ts';
import { type EventToRecord, eventOf, recordEvents } from '../../kernel/events.ts';
import { centsToDecimal } from './money.ts';

/**
 * `balance.updated` and `walletTransaction.updated` (docs/api-behaviour.md
 * §9.4, docs/webhooks.md "Events"): the events a unit of work writes when it
 * moves a wallet's money. Code that posts to a wallet's ledger account (the
 * rails' ledger steps) calls `noteWalletPostings` with what the ledger
 * answered; the unit of work runs inside `withWalletEvents`, which writes the
 * events once the work is done, after the events the work wrote itself:
 *
 * - per wallet whose available balance changed over the unit of work (the sum
 *   of its `available` postings is not 0): one `balance.updated`, however many
 *   entries moved it;
 * - per wallet transaction (decision 0603: a wallet's postings grouped by
 *   reference) whose status is new or different at the end of the unit:
 *   one `walletTransaction.updated` with the status GET would answer, and the
 *   `availableBalance` after its last posting when it is `completed` (as GET).
 *   A transaction that appears already completed (a wallet credited at once)
 *   counts as a change; a later posting that leaves the status as it was (a
 *   return netted into a completed transaction) writes only `balance.updated`.
 *
 * Without a surrounding `withWalletEvents` the events are written at once,
 * per note: never lost, only not merged.
 */

/** Entry types that make a wallet transaction `completed`; else a `release` makes it `canceled`, else it is `pending` (store/repos/wallet-transactions.ts). */
const FINAL_ENTRY_TYPES: ReadonlySet<string> = new Set(['movement', 'settle', 'reversal']);

export type DerivedTransactionStatus = 'pending' | 'completed' | 'canceled';

/** The status of a wallet transaction made of entries of these types, as the wallet transactions query derives it; undefined for none. */
export function walletTransactionStatus(entryTypes: Iterable<string>): DerivedTransactionStatus | undefined {
  let any = false;
  let released = false;
  for (const type of entryTypes) {
    if (FINAL_ENTRY_TYPES.has(type)) return 'completed';
    any = true;
    if (type === 'release') released = true;
  }
  if (!any) return undefined;
  return released ? 'canceled' : 'pending';
}

/** What one unit of work posted to one wallet for one reference. */
interface Touch {
  platformID: string;
  accountID: string;
  walletID: string;
  ledgerAccountID: string;
  referenceType: string;
  referenceID: string;
  currency: string;
  entries: Array<{ entryID: string; entryType: string }>;
  availableDelta: number;
  /** The wallet's available balance after the last of these postings (highest account_seq). */
  availableAfter: number;
  lastSeq: number;
}

const key = (...parts: string[]) => parts.join('\u0000');

class WalletMovements {
  private readonly touches = new Map<string, Touch>();
  /** References first posted in this unit of work: no earlier entries to read. */
  private readonly fresh = new Set<string>();
  private clock: Clock | undefined;

  markNew(referenceType: string, referenceID: string): void {
    this.fresh.add(key(referenceType, referenceID));
  }

  note(clock: Clock, result: PostResult, wallets: ReadonlyArray<WalletRow | undefined>): void {
    if (result.replayed) return;
    this.clock = clock;
    const { entry } = result;
    const seen = new Set<string>();
    for (const wallet of wallets) {
      if (!wallet || seen.has(wallet.ledger_account_id)) continue;
      seen.add(wallet.ledger_account_id);
      const postings = entry.postings.filter((p) => p.ledgerAccountID === wallet.ledger_account_id);
      if (postings.length === 0) continue;
      const id = key(wallet.ledger_account_id, entry.referenceType, entry.referenceID);
      let touch = this.touches.get(id);
      if (!touch) {
        touch = {
          platformID: entry.platformID,
          accountID: wallet.account_id,
          walletID: wallet.wallet_id,
          ledgerAccountID: wallet.ledger_account_id,
          referenceType: entry.referenceType,
          referenceID: entry.referenceID,
          currency: postings[0]!.currency,
          entries: [],
          availableDelta: 0,
          availableAfter: 0,
          lastSeq: -1,
        };
        this.touches.set(id, touch);
      }
      touch.entries.push({ entryID: entry.entryID, entryType: entry.entryType });
      for (const posting of postings) {
        if (posting.bucket === 'available') touch.availableDelta += posting.amount;
        if (posting.accountSeq > touch.lastSeq) {
          touch.lastSeq = posting.accountSeq;
          touch.availableAfter = posting.availableAfter;
        }
      }
    }
  }

  async flush(sql: Sql): Promise<void> {
    const clock = this.clock;
    if (!clock || this.touches.size === 0) return;
    const byWallet = new Map<string, Touch[]>();
    for (const touch of this.touches.values()) {
      const list = byWallet.get(touch.ledgerAccountID);
      if (list) list.push(touch);
      else byWallet.set(touch.ledgerAccountID, [touch]);
    }
    // Per wallet: its transactions' events, then its balance's; all written together (recordEvents).
    const events: EventToRecord[] = [];
    for (const touches of byWallet.values()) {
      for (const touch of touches) {
        const event = await this.transactionEvent(sql, touch);
        if (event) events.push(event);
      }
      const { platformID, accountID, walletID } = touches[0]!;
      if (touches.reduce((sum, t) => sum + t.availableDelta, 0) !== 0) {
        events.push(eventOf(platformID, 'balance.updated', { accountID, walletID }));
      }
    }
    await recordEvents(sql, clock, events);
  }

  /** The `walletTransaction.updated` event of a touch, when its transaction's status changed. */
  private async transactionEvent(sql: Sql, touch: Touch): Promise<EventToRecord | undefined> {
    let all: Array<{ entryID: string; entryType: string }>;
    if (this.fresh.has(key(touch.referenceType, touch.referenceID))) {
      all = touch.entries;
    } else {
      const rows = await walletEntriesOfReference(sql, {
        platformID: touch.platformID,
        ledgerAccountID: touch.ledgerAccountID,
        referenceType: touch.referenceType,
        referenceID: touch.referenceID,
      });
      all = rows.map((row) => ({ entryID: row.entry_id, entryType: row.entry_type }));
    }
    const mine = new Set(touch.entries.map((e) => e.entryID));
    const before = walletTransactionStatus(all.filter((e) => !mine.has(e.entryID)).map((e) => e.entryType));
    const after = walletTransactionStatus(all.map((e) => e.entryType));
    const first = all[0];
    if (after === undefined || after === before || !first) return undefined;
    return eventOf(touch.platformID, 'walletTransaction.updated', {
      accountID: touch.accountID,
      walletID: touch.walletID,
      transactionID: first.entryID,
      status: after,
      ...(after === 'completed'
        ? { availableBalance: { currency: touch.currency, value: touch.availableAfter, valueDecimal: centsToDecimal(touch.availableAfter) } }
        : {}),
    });
  }
}

/** The open scope of each unit of work (its `Sql`); units of work never share one at the same time. */
const scopes = new WeakMap<Sql, WalletMovements>();

/**
 * Runs `work` (the body of a unit of work that may move wallet money) and then
 * writes its wallet events. Nested calls join the outer scope. Nothing is
 * written when `work` throws: the unit of work rolls back anyway.
 */
export async function withWalletEvents<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  if (scopes.has(sql)) return work();
  const movements = new WalletMovements();
  scopes.set(sql, movements);
  try {
    const result = await work();
    await movements.flush(sql);
    return result;
  } finally {
    scopes.delete(sql);
  }
}

/**
 * Says that entries of this reference (a transfer inserted in this unit of
 * work) cannot predate the unit: the flush need not read earlier ones.
 */
export function markNewReference(sql: Sql, referenceType: string, referenceID: string): void {
  scopes.get(sql)?.markNew(referenceType, referenceID);
}

/**
 * Notes what a ledger call answered for the wallets it may have touched
 * (undefined entries are skipped; a replayed entry moved nothing). Call it
 * after every posting to a wallet's ledger account.
 */
export async function noteWalletPostings(sql: Sql, clock: Clock, result: PostResult, wallets: ReadonlyArray<WalletRow | undefined>): Promise<void> {
  const scope = scopes.get(sql);
  if (scope) {
    scope.note(clock, result, wallets);
    return;
  }
  const alone = new WalletMovements();
  alone.note(clock, result, wallets);
  await alone.flush(sql);
}
