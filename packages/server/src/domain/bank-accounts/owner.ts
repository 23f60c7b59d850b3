import type { Sql } from '../../store/port.ts';
import { findAccount, findConnection, type AccountRow } from '../../store/repos/accounts.ts';
import type { Caller } from '../auth/caller.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';

/**
 * The account that owns the bank accounts in a path, as the accounts service
 * decides who sees it: the platform's own account, or an account connected to
 * it. Anything else is NotFound, the same as a missing account. An account
 * disconnected from the caller stays readable but cannot change (0101).
 */
export async function ownerAccount(sql: Sql, caller: Caller, accountID: string, access: 'read' | 'write'): Promise<AccountRow> {
  const own = accountID === caller.platformID;
  const connection = own ? undefined : await findConnection(sql, caller.platformID, accountID);
  if (!own && !connection) throw new NotFound('account');
  const row = await findAccount(sql, accountID);
  if (!row) throw new NotFound('account');
  if (access === 'write' && connection?.disconnected_on) {
    throw new Conflict('the account is disconnected from this platform and is read-only');
  }
  return row;
}
