import type { Sql } from '../../store/port.ts';
import { findAccount, findConnection } from '../../store/repos/accounts.ts';
import { parseStored, type StoredAccount } from './document.ts';
import type { Caller } from '../auth/caller.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';

/**
 * Which account a caller may act on, for the services of an account's
 * sub-resources (capabilities, wallets, payment methods): the platform's own
 * account and accounts connected to it, the same rule as the accounts service.
 * Anything else is NotFound, exactly like a missing account.
 */
export interface AccessibleAccount {
  stored: StoredAccount;
  /** The platform's own (facilitator) account. */
  own: boolean;
  disconnected: boolean;
}

export async function accessibleAccount(sql: Sql, caller: Caller, accountID: string): Promise<AccessibleAccount> {
  const own = accountID === caller.platformID;
  const connection = own ? undefined : await findConnection(sql, caller.platformID, accountID);
  if (!own && !connection) throw new NotFound('account');
  const row = await findAccount(sql, accountID);
  if (!row) throw new NotFound('account');
  return { stored: parseStored(row), own, disconnected: Boolean(connection?.disconnected_on) };
}

/** Accessible and still connected: a disconnected account is read-only for the caller (409). */
export async function writableAccount(sql: Sql, caller: Caller, accountID: string): Promise<AccessibleAccount> {
  const access = await accessibleAccount(sql, caller, accountID);
  if (access.disconnected) throw new Conflict('the account is disconnected from this platform and is read-only');
  return access;
}

/** A platform's own account is stored as created by itself. */
export function isFacilitator(stored: StoredAccount): boolean {
  return stored.row.account_id === stored.row.created_by;
}
