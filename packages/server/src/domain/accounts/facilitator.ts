import type { Sql } from '../../store/port.ts';
import { insertAccount } from '../../store/repos/accounts.ts';
import { toRow, type StoredDocument } from './document.ts';
import { defaultSettings } from './parts.ts';

/**
 * Stores a platform's own (facilitator) account, verified as a sandbox
 * facilitator is (docs/api-behaviour.md §5.1). Its capabilities (every one enabled,
 * `FACILITATOR_CAPABILITIES`) are recorded by the platform service.
 */
export async function insertFacilitatorAccount(sql: Sql, accountID: string, name: string, now: string): Promise<void> {
  const document: StoredDocument = {
    accountID,
    mode: 'sandbox',
    accountType: 'business',
    displayName: name,
    profile: { business: { legalBusinessName: name, ownersProvided: true } },
    verification: { status: 'verified', verificationStatus: 'verified' },
    createdOn: now,
    updatedOn: now,
  };
  const settings = defaultSettings(name, 'business');
  if (settings) document.settings = settings;
  await insertAccount(sql, toRow({ account_id: accountID, created_by: accountID }, document, {}));
}
