import { type AccountForecast, balancesAfter, followAccounts, offerForecast } from '../../ledger/forecast.ts';
import type { Sql } from '../../store/port.ts';
import { lockLedgerAccountsInOrder } from '../../store/repos/ledger-forecast.ts';
import type { TransferPartyRows, WalletLedgerRow } from '../../store/repos/transfer-parties.ts';

/**
 * Chained forecasts (decision 2001, amendment "Chained forecasts"). Creates of
 * this process on one wallet queue in the order their start reads came back.
 * Each forecasts from where the create ahead of it leaves the wallet (published
 * before that one's COMMIT is sent), not from its own read, which that COMMIT is
 * about to outdate. Every create of the process offers its COMMIT under one key
 * (`CREATES_KEY`, `Sql.shareCommit`): the creates that end while the process's
 * last shared transaction is in flight commit together in the next, with one
 * WAL flush (amendments "Commits shared down a queue" and "One shared
 * transaction per process"). A create waits only until the creates ahead of it
 * in its wallets' queues have their place among those transactions: its writes
 * then go after theirs, in the same transaction or a later one, and find the
 * rows as forecast. Such a transaction locks all of its wallets first, in the
 * one global order (`lockLedgerAccountsInOrder`), so that two processes'
 * transactions cannot deadlock.
 * If the one ahead fails after publishing, or a create of another process moved
 * the wallet, the forecast misses and the create runs again without one
 * (src/ledger/forecast.ts), at the end of the queue.
 *
 * Another process's creates on the same wallet would make every forecast of the
 * queue miss in turn (each one's count is taken by the other process). So when a
 * forecast misses although every create ahead of it committed, the wallet is
 * marked contended for `CONTENDED_MS`: meanwhile this process's creates on it
 * take the guarded path outside the queue, ordered by the row lock alone, as
 * they did before chained forecasts.
 */

/** The one key this process's creates share their commits under: one chain of shared transactions per process. */
export const CREATES_KEY = 'transfer-creates';

/** How long a wallet that another process is moving stays off chained forecasts. */
export const CONTENDED_MS = 1_000;
/** The most contended wallets remembered: beyond it, the expired ones are dropped, then all. */
const MAX_CONTENDED = 10_000;
/** The most wallets whose last create is remembered: beyond it, those whose last create ended are forgotten. */
const MAX_REMEMBERED = 10_000;

/** One create's place in one wallet's queue. */
interface Place {
  /** Where the create leaves the wallet if it commits; where it found it, if it fails before saying. */
  after: Promise<AccountForecast>;
  /** Settles when the create has committed or failed. */
  settled: Promise<void>;
  /** Settles once the create's writes have their place among the process's shared commits, or it ended. */
  placed: Promise<void>;
  /** Whether it committed, once it settled. */
  committed?: boolean;
}

/** The last create of this process in each wallet's queue. */
export class AccountsInFlight {
  private readonly last = new Map<string, Place>();
  private readonly contendedUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Marks wallets another process is moving: off chained forecasts for `CONTENDED_MS`. */
  markContended(ids: Iterable<string>): void {
    const now = this.now();
    if (this.contendedUntil.size >= MAX_CONTENDED) {
      for (const [id, until] of this.contendedUntil) if (until <= now) this.contendedUntil.delete(id);
      if (this.contendedUntil.size >= MAX_CONTENDED) this.contendedUntil.clear();
    }
    for (const id of ids) this.contendedUntil.set(id, now + CONTENDED_MS);
  }

  /** Whether any of the wallets is marked contended still. */
  contended(ids: Iterable<string>): boolean {
    const now = this.now();
    for (const id of ids) {
      const until = this.contendedUntil.get(id);
      if (until === undefined) continue;
      if (until > now) return true;
      this.contendedUntil.delete(id);
    }
    return false;
  }

  /** Puts a create at the end of the account's queue; answers the place ahead of it, if any (perhaps settled). */
  join(id: string, place: Place): Place | undefined {
    const ahead = this.last.get(id);
    this.last.set(id, place);
    if (this.last.size > MAX_REMEMBERED) this.forgetSettled();
    return ahead;
  }

  /** Accounts with a create in flight now (tests check that every create ends). */
  get size(): number {
    let inFlight = 0;
    for (const place of this.last.values()) if (place.committed === undefined) inFlight++;
    return inFlight;
  }

  // The last place stays after its create ended: a create whose start read began before that one
  // committed then starts from where it left the wallet, not from its own outdated read.
  private forgetSettled(): void {
    for (const [id, place] of this.last) if (place.committed !== undefined) this.last.delete(id);
  }
}

/** The wallets' ledger accounts a create's start read brought, once each. */
export function walletLedgers(parties: TransferPartyRows): WalletLedgerRow[] {
  const rows = [parties.source?.walletLedger, parties.destination?.walletLedger].filter((row) => row !== undefined);
  return rows.filter((row, index) => rows.findIndex((other) => other.ledger_account_id === row.ledger_account_id) === index);
}

/** The wallets' ledger accounts as the ledger forecasts from them. */
export function walletForecasts(rows: readonly WalletLedgerRow[]): AccountForecast[] {
  return rows.map(
    (row): AccountForecast => ({
      ledgerAccountID: row.ledger_account_id,
      platformID: row.platform_id,
      currency: row.currency,
      allowNegative: row.allow_negative === 1,
      available: row.available,
      pending: row.pending,
      postingCount: row.posting_count,
    }),
  );
}

/**
 * One create's run of its unit of work (PostgreSQL). `begin` joins its wallets'
 * queues, waits for where the creates ahead leave them, and hands the ledger
 * those states to forecast from (or, on a run without a forecast, only to
 * follow: it then also waits for the ones ahead to end, as its guarded updates
 * take the rows' locks at once). `beforeCommit` says where this unit leaves its
 * wallets and, while the unit holds no lock, waits until the ones ahead have
 * their place among the shared commits, or ended, then offers its COMMIT under
 * `CREATES_KEY`, with its wallets to lock first; a unit that holds a lock (an
 * entry left to the guarded path) neither waits nor shares, so a wait in Node
 * can never close a circle with a row lock. `end` lets the ones behind go on:
 * call it as soon as the unit settled, before anything else is awaited.
 */
export class CreateRun {
  private readonly places = new Map<string, { place: Place; say: (state: AccountForecast) => void; ahead: Place | undefined; read: AccountForecast }>();
  private bases = new Map<string, AccountForecast>();
  private readonly settled: Promise<void>;
  private settle: () => void = () => undefined;
  private readonly placed: Promise<void>;
  private reportPlaced: () => void = () => undefined;

  constructor(private readonly queues: AccountsInFlight) {
    this.settled = new Promise<void>((resolve) => (this.settle = resolve));
    this.placed = new Promise<void>((resolve) => (this.reportPlaced = resolve));
  }

  /** At the unit's start, and again (same places) when the store runs it again after a deadlock. */
  async begin(sql: Sql, rows: readonly WalletLedgerRow[], forecast: boolean): Promise<void> {
    const read = walletForecasts(rows);
    // Another process is moving one of the wallets: the guarded path, outside the queues.
    if (this.places.size === 0 && this.queues.contended(read.map((account) => account.ledgerAccountID))) return;
    for (const account of read) {
      if (this.places.has(account.ledgerAccountID)) continue;
      let say: (state: AccountForecast) => void = () => undefined;
      const after = new Promise<AccountForecast>((resolve) => (say = resolve));
      const place: Place = { after, settled: this.settled, placed: this.placed };
      this.places.set(account.ledgerAccountID, { place, say, ahead: this.queues.join(account.ledgerAccountID, place), read: account });
    }
    const bases = await Promise.all(read.map((account) => this.baseOf(account)));
    this.bases = new Map(bases.map((base) => [base.ledgerAccountID, base]));
    if (forecast) offerForecast(sql, bases);
    else {
      await this.waitAhead();
      followAccounts(sql, bases);
    }
  }

  /** At the unit's end, before its COMMIT is sent. */
  async beforeCommit(sql: Sql): Promise<void> {
    if (this.places.size === 0) return;
    const after = balancesAfter(sql);
    for (const [id, { say }] of this.places) {
      const state = after.get(id) ?? this.bases.get(id);
      if (state) say(state);
    }
    if (sql.holdsNoLock()) {
      await this.waitAheadPlaced();
      // Its writes join the shared commit if the unit still holds no lock at its end; else its place is its end.
      void sql.shareCommit(CREATES_KEY, { ids: [...this.places.keys()], statement: lockLedgerAccountsInOrder }).then(this.reportPlaced);
    }
  }

  /**
   * After the unit's forecast missed: when every create ahead of it committed,
   * the wallets moved under another process's create, so they are marked contended.
   */
  missed(): void {
    const aheads = [...this.places.values()].map(({ ahead }) => ahead);
    if (aheads.every((ahead) => ahead === undefined || ahead.committed === true)) this.queues.markContended(this.places.keys());
  }

  /** Once, as soon as the unit committed or failed. */
  end(committed: boolean): void {
    // A create that failed before saying where it leaves a wallet leaves it where it found it.
    for (const [id, { place, say, ahead, read }] of this.places) {
      const base = this.bases.get(id);
      if (base) say(base);
      else if (ahead) void ahead.after.then(say);
      else say(read);
      place.committed = committed;
    }
    this.reportPlaced();
    this.settle();
  }

  /** Where the create ahead leaves the account, unless the read is further along (another process moved it). */
  private async baseOf(read: AccountForecast): Promise<AccountForecast> {
    const ahead = this.places.get(read.ledgerAccountID)?.ahead;
    // A create ahead that failed may have said a tip before failing: not where it left the wallet.
    if (!ahead || ahead.committed === false) return read;
    const after = await ahead.after;
    return after.postingCount > read.postingCount ? after : read;
  }

  private async waitAhead(): Promise<void> {
    await Promise.all([...this.places.values()].map(({ ahead }) => ahead?.settled));
  }

  /** Until the creates ahead have their place among the shared commits (this one's writes then go after theirs), or ended. */
  private async waitAheadPlaced(): Promise<void> {
    await Promise.all([...this.places.values()].map(({ ahead }) => ahead?.placed));
  }
}
