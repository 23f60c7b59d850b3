import type { Sql } from '../../store/port.ts';
import { findAccount, findConnection } from '../../store/repos/accounts.ts';
import type { Caller } from '../auth/caller.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';
import { CARD_MESSAGES } from './card-messages.ts';

/**
 * Whether the caller may see an account's cards: its own (platform) account,
 * or an account connected to it, as the accounts service decides. Anything
 * else is NotFound, exactly like a missing account (no cross-platform reads).
 * Accounts disconnected from the caller stay readable but are read-only.
 */
export async function readableAccount(sql: Sql, caller: Caller, accountID: string): Promise<{ disconnected: boolean }> {
  const own = accountID === caller.platformID;
  const connection = own ? undefined : await findConnection(sql, caller.platformID, accountID);
  if (!own && !connection) throw new NotFound('account');
  if (!(await findAccount(sql, accountID))) throw new NotFound('account');
  return { disconnected: Boolean(connection?.disconnected_on) };
}

/** Readable and still connected; a disconnected account's cards cannot change (409). */
export async function writableAccount(sql: Sql, caller: Caller, accountID: string): Promise<void> {
  const { disconnected } = await readableAccount(sql, caller, accountID);
  if (disconnected) throw new Conflict(CARD_MESSAGES.disconnected);
}

/** A merchant account for the $0 authorization must be one the caller may use: its own or a connected one. */
export async function usableMerchant(sql: Sql, caller: Caller, merchantAccountID: string): Promise<boolean> {
  try {
    const { disconnected } = await readableAccount(sql, caller, merchantAccountID);
    return !disconnected;
  } catch (error) {
    if (error instanceof NotFound) return false;
    throw error;
  }
}
