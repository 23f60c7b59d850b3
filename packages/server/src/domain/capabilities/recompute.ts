import type { CapabilityIDValue, CapabilityView } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';
import { findAccount } from '../../store/repos/accounts.ts';
import { capabilityRowsOf, insertCapabilityRow, setCapabilityState, type CapabilityStateRow } from '../../store/repos/capabilities.ts';
import { isFacilitator } from '../accounts/access.ts';
import { parseStored, type StoredAccount } from '../accounts/document.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { ensureDefaultWallet, WALLET_CAPABILITIES } from '../wallets/default-wallet.ts';
import { bringsWallet, isBusinessOnly, LEGACY_WALLET_BEARING } from './catalog.ts';
import { currentlyDue } from './requirements.ts';
import { loadOnboardingFacts, type OnboardingFacts } from './onboarding-facts.ts';

/** Why a business-only capability an individual asked for at creation is disabled. */
export const BUSINESS_ONLY_REASON = 'only business accounts can collect funds';

/**
 * Brings an account's capabilities in line with its profile, inside the
 * caller's unit of work: every capability that is not disabled becomes
 * `enabled` when nothing is due and `pending` otherwise (a platform's own
 * account has everything enabled); `wallet`/`wallet.balance` are requested
 * once a send/collect/money-transfer/card-issuing capability is enabled; the
 * default wallet appears with an enabled wallet capability; payment methods
 * follow. Each change writes its event. Call it after any change to the
 * account's profile, terms acceptance or capabilities.
 */
export async function recomputeCapabilities(sql: Sql, clock: Clock, platformID: string, accountID: string): Promise<void> {
  const row = await findAccount(sql, accountID);
  if (!row) return;
  const account = parseStored(row);
  const facts = await loadOnboardingFacts(sql, account);
  // Two passes: the second settles the wallet capabilities the first one requested.
  for (let pass = 0; pass < 2; pass++) {
    const rows = await capabilityRowsOf(sql, accountID);
    for (const capability of rows) await settle(sql, clock, platformID, account, facts, capability);
    const requested = await requestWalletIfDue(sql, clock, platformID, account, await capabilityRowsOf(sql, accountID));
    if (!requested) break;
  }
  const enabled = (await capabilityRowsOf(sql, accountID)).filter((c) => c.status === 'enabled').map((c) => c.capability);
  if (enabled.some((id) => WALLET_CAPABILITIES.includes(id))) {
    await ensureDefaultWallet(sql, clock, { platformID, ledgerPlatformID: row.created_by, accountID });
  }
  await refreshPaymentMethods(sql, clock, platformID, accountID);
}

/** The status a capability that is not disabled should have now. */
function targetOf(account: StoredAccount, facts: OnboardingFacts, capability: CapabilityStateRow): { status: CapabilityStatus; reason: string | null } {
  const id = capability.capability as CapabilityIDValue;
  if (isFacilitator(account)) return { status: 'enabled', reason: null };
  if (isBusinessOnly(id) && account.document.accountType !== 'business') return { status: 'disabled', reason: BUSINESS_ONLY_REASON };
  return { status: currentlyDue(id, account, facts).length > 0 ? 'pending' : 'enabled', reason: null };
}

async function settle(sql: Sql, clock: Clock, platformID: string, account: StoredAccount, facts: OnboardingFacts, capability: CapabilityStateRow): Promise<void> {
  if (capability.status === 'disabled') return;
  const target = targetOf(account, facts, capability);
  if (target.status === capability.status) return;
  const now = timestamp(clock);
  await setCapabilityState(sql, {
    account_id: capability.account_id,
    capability: capability.capability,
    status: target.status,
    updated_on: now,
    disabled_on: target.status === 'disabled' ? now : null,
    disabled_reason: target.reason,
  });
  await recordCapabilityEvent(sql, clock, platformID, account, 'capability.updated', capability.capability, target.status);
}

/** Requests the wallet capability an enabled send/collect capability brings along; answers whether it did. */
async function requestWalletIfDue(
  sql: Sql,
  clock: Clock,
  platformID: string,
  account: StoredAccount,
  rows: readonly CapabilityStateRow[],
): Promise<boolean> {
  const enabled = rows.filter((c) => c.status === 'enabled' && bringsWallet(c.capability));
  const wanted = new Set<string>();
  for (const capability of enabled) wanted.add(LEGACY_WALLET_BEARING.has(capability.capability) ? 'wallet' : 'wallet.balance');
  const present = new Set(rows.map((c) => c.capability));
  let requested = false;
  for (const id of wanted) {
    // A wallet capability the caller disabled stays disabled: only a missing one is requested.
    if (present.has(id)) continue;
    const now = timestamp(clock);
    await insertCapabilityRow(sql, {
      account_id: account.document.accountID,
      capability: id,
      status: 'pending',
      created_on: now,
      updated_on: now,
      disabled_on: null,
      disabled_reason: null,
    });
    await recordCapabilityEvent(sql, clock, platformID, account, 'capability.requested', id);
    requested = true;
  }
  return requested;
}

type CapabilityStatus = CapabilityView['status'];

/** `capability.requested {accountID, foreignID?, capabilityID}`, or `capability.updated` with the new `status` (docs/api-behaviour.md §9.4). */
export async function recordCapabilityEvent(
  sql: Sql,
  clock: Clock,
  platformID: string,
  account: StoredAccount,
  type: 'capability.requested' | 'capability.updated',
  capabilityID: string,
  status?: CapabilityStatus,
): Promise<void> {
  const data = {
    accountID: account.document.accountID,
    ...(account.document.foreignID ? { foreignID: account.document.foreignID } : {}),
    capabilityID: capabilityID as CapabilityIDValue,
  };
  if (type === 'capability.requested') {
    await recordEvent(sql, clock, platformID, 'capability.requested', data);
    return;
  }
  if (status === undefined) throw new Error(`capability.updated for ${capabilityID} without a status`);
  await recordEvent(sql, clock, platformID, 'capability.updated', { ...data, status });
}
