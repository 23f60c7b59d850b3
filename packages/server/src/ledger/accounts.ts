import { randomUUID } from 'node:crypto';
import type { Sql } from '../store/port.ts';
import {
  findLedgerAccountRow,
  findLedgerAccountRowByOwner,
  insertLedgerAccount,
  insertLedgerAccountIfAbsent,
  type LedgerAccountRow,
} from '../store/repos/ledger.ts';
import { type Clock, timestamp } from '../kernel/clock.ts';
import { LedgerError } from './errors.ts';
import { MAX_OWNER_ID_LENGTH, MAX_REFERENCE_ID_LENGTH } from './limits.ts';
import { assertCurrency } from './validate.ts';
import { LEDGER_ACCOUNT_KINDS, NON_NEGATIVE_KINDS, type LedgerAccount, type LedgerAccountKind, type Money } from './types.ts';

export interface OpenLedgerAccountInput {
  platformID: string;
  kind: LedgerAccountKind;
  ownerID: string;
  accountID?: string | null;
  currency: string;
}

export function toLedgerAccount(row: LedgerAccountRow): LedgerAccount {
  return {
    ledgerAccountID: row.ledger_account_id,
    platformID: row.platform_id,
    kind: row.kind as LedgerAccountKind,
    ownerID: row.owner_id,
    accountID: row.account_id,
    currency: row.currency,
    allowNegative: Number(row.allow_negative) === 1,
    available: Number(row.available),
    pending: Number(row.pending),
    postingCount: Number(row.posting_count),
    createdOn: row.created_on,
  };
}

function newAccountRow(input: OpenLedgerAccountInput, clock: Clock) {
  if (!(LEDGER_ACCOUNT_KINDS as readonly unknown[]).includes(input.kind)) {
    throw new LedgerError('invalid-entry', `ledger account kind must be one of ${LEDGER_ACCOUNT_KINDS.join(', ')}, not ${String(input.kind)}`);
  }
  if (typeof input.ownerID !== 'string' || input.ownerID.length === 0 || input.ownerID.length > MAX_OWNER_ID_LENGTH) {
    throw new LedgerError('invalid-entry', `ownerID must be 1 to ${MAX_OWNER_ID_LENGTH} characters`);
  }
  if (typeof input.platformID !== 'string' || input.platformID.length === 0 || input.platformID.length > MAX_REFERENCE_ID_LENGTH) {
    throw new LedgerError('invalid-entry', `platformID must be 1 to ${MAX_REFERENCE_ID_LENGTH} characters`);
  }
  assertCurrency(input.currency);
  return {
    ledger_account_id: randomUUID(),
    platform_id: input.platformID,
    kind: input.kind,
    owner_id: input.ownerID,
    account_id: input.accountID ?? null,
    currency: input.currency,
    // Decided by kind, never by the caller: a wallet can never be opened overdraftable.
    allow_negative: NON_NEGATIVE_KINDS.has(input.kind) ? 0 : 1,
    created_on: timestamp(clock),
  };
}

/**
 * Opens a ledger account for a thing a caller owns (a wallet, a bank account,
 * a card). One per (platform, kind, owner, currency): a second is refused.
 */
export async function openLedgerAccount(sql: Sql, input: OpenLedgerAccountInput, clock: Clock): Promise<LedgerAccount> {
  const row = newAccountRow(input, clock);
  if (await findLedgerAccountRowByOwner(sql, row.platform_id, row.kind, row.owner_id, row.currency)) {
    throw new LedgerError('duplicate-account', `a ${row.kind} ledger account for ${row.owner_id} in ${row.currency} already exists`);
  }
  await insertLedgerAccount(sql, row);
  return toLedgerAccount({ ...row, available: 0, pending: 0, posting_count: 0 });
}

/**
 * The one account of a kind for an owner, opened on first use: the platform's
 * `outside-world` and `fees` accounts, a rail's `rail-clearing` account.
 * Safe when two writers race to open it (INSERT … ON CONFLICT DO NOTHING).
 */
export async function ensureLedgerAccount(sql: Sql, input: OpenLedgerAccountInput, clock: Clock): Promise<LedgerAccount> {
  const row = newAccountRow(input, clock);
  await insertLedgerAccountIfAbsent(sql, row);
  const stored = await findLedgerAccountRowByOwner(sql, row.platform_id, row.kind, row.owner_id, row.currency);
  if (!stored) throw new Error(`ledger account for ${row.owner_id} vanished after insert`);
  return toLedgerAccount(stored);
}

/** A ledger account of this platform, or `unknown-account` (another platform's looks the same as a missing one). */
export async function getLedgerAccount(sql: Sql, platformID: string, ledgerAccountID: string): Promise<LedgerAccount> {
  const row = await findLedgerAccountRow(sql, platformID, ledgerAccountID);
  if (!row) throw new LedgerError('unknown-account', `ledger account ${ledgerAccountID} not found`);
  return toLedgerAccount(row);
}

export async function findLedgerAccountByOwner(
  sql: Sql,
  platformID: string,
  kind: LedgerAccountKind,
  ownerID: string,
  currency: string,
): Promise<LedgerAccount | undefined> {
  const row = await findLedgerAccountRowByOwner(sql, platformID, kind, ownerID, currency);
  return row ? toLedgerAccount(row) : undefined;
}

/** Spendable money: the cached balance, kept equal to the sum of the account's available postings. */
export async function availableBalance(sql: Sql, platformID: string, ledgerAccountID: string): Promise<Money> {
  const account = await getLedgerAccount(sql, platformID, ledgerAccountID);
  return { currency: account.currency, value: account.available };
}

/** Money held for in-flight movements out of the account. */
export async function pendingBalance(sql: Sql, platformID: string, ledgerAccountID: string): Promise<Money> {
  const account = await getLedgerAccount(sql, platformID, ledgerAccountID);
  return { currency: account.currency, value: account.pending };
}
