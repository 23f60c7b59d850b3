import { platformClockIn } from '../../kernel/platform-clock.ts';
import {
  MAX_CAPABILITIES_PER_REQUEST,
  type AddCapabilitiesInput,
  type CapabilityIDValue,
  type CapabilityView,
} from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { capabilityRowsOf, findCapabilityRow, insertCapabilityRow, setCapabilityState, type CapabilityStateRow } from '../../store/repos/capabilities.ts';
import { accessibleAccount, isFacilitator, writableAccount, type AccessibleAccount } from '../accounts/access.ts';
import type { StoredAccount } from '../accounts/document.ts';
import type { Caller } from '../auth/caller.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { BadRequest, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { isBusinessOnly, isMoovManaged } from './catalog.ts';
import { recomputeCapabilities, recordCapabilityEvent } from './recompute.ts';
import { currentlyDue } from './requirements.ts';
import { loadOnboardingFacts, type OnboardingFacts } from './onboarding-facts.ts';

/**
 * Capabilities of an account: request, list, get, disable. Statuses are
 * computed from the account (requirements.ts) by `recomputeCapabilities`,
 * which also runs after every account update.
 */
export class CapabilityService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Requests capabilities; answers the requested ones in the order asked (duplicates once). */
  async request(caller: Caller, accountID: string, input: AddCapabilitiesInput): Promise<CapabilityView[]> {
    if (input.capabilities.length === 0) throw new ValidationFailed({ error: 'capabilities cannot be blank' });
    if (input.capabilities.length > MAX_CAPABILITIES_PER_REQUEST) {
      throw new ValidationFailed({ error: `at most ${MAX_CAPABILITIES_PER_REQUEST} capabilities can be requested at once` });
    }
    return this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      const wanted = checkRequest(input.capabilities, access.stored);
      for (const id of wanted) await this.requestOne(sql, caller, access.stored, id);
      await recomputeCapabilities(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
      const rows = await capabilityRowsOf(sql, accountID);
      const facts = await loadOnboardingFacts(sql, access.stored);
      return wanted.map((id) => render(access.stored, facts, rows.find((row) => row.capability === id)!));
    });
  }

  async list(caller: Caller, accountID: string): Promise<CapabilityView[]> {
    return this.store.read(async (sql) => {
      const access = await accessibleAccount(sql, caller, accountID);
      const facts = await loadOnboardingFacts(sql, access.stored);
      return (await capabilityRowsOf(sql, accountID)).map((row) => render(access.stored, facts, row));
    });
  }

  async get(caller: Caller, accountID: string, capabilityID: CapabilityIDValue): Promise<CapabilityView> {
    return this.store.read(async (sql) => {
      const access = await accessibleAccount(sql, caller, accountID);
      const row = await findCapabilityRow(sql, accountID, capabilityID);
      if (!row) throw new NotFound('capability');
      return render(access.stored, await loadOnboardingFacts(sql, access.stored), row);
    });
  }

  /**
   * Disables a capability. Disabling a disabled one changes nothing (204 again,
   * no event); a platform's own account keeps every capability.
   */
  async disable(caller: Caller, accountID: string, capabilityID: CapabilityIDValue): Promise<void> {
    await this.store.write(async (sql) => {
      const access: AccessibleAccount = await writableAccount(sql, caller, accountID);
      const row = await findCapabilityRow(sql, accountID, capabilityID);
      if (!row) throw new NotFound('capability');
      if (access.own) throw new BadRequest('a platform’s own account keeps every capability');
      if (row.status === 'disabled') return;
      const now = timestamp(this.clock);
      await setCapabilityState(sql, {
        account_id: accountID,
        capability: capabilityID,
        status: 'disabled',
        updated_on: now,
        disabled_on: now,
        disabled_reason: 'disabled by the platform',
      });
      await recordCapabilityEvent(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, access.stored, 'capability.updated', capabilityID, 'disabled');
      await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
    });
  }

  /** Adds a new capability row, or asks again for a disabled one; one that is already asked for stays as it is. */
  private async requestOne(sql: Sql, caller: Caller, account: StoredAccount, id: CapabilityIDValue): Promise<void> {
    const existing = await findCapabilityRow(sql, account.document.accountID, id);
    if (existing && existing.status !== 'disabled') return;
    const now = timestamp(this.clock);
    if (existing) {
      await setCapabilityState(sql, { account_id: existing.account_id, capability: id, status: 'pending', updated_on: now, disabled_on: null, disabled_reason: null });
    } else {
      await insertCapabilityRow(sql, {
        account_id: account.document.accountID,
        capability: id,
        status: 'pending',
        created_on: now,
        updated_on: now,
        disabled_on: null,
        disabled_reason: null,
      });
    }
    await recordCapabilityEvent(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, account, 'capability.requested', id);
  }
}

/** Refuses Moov-managed IDs, and business-only ones for individuals, keyed by index; answers the rest without duplicates. */
function checkRequest(requested: readonly CapabilityIDValue[], account: StoredAccount): CapabilityIDValue[] {
  const problems: Record<string, string> = {};
  const wanted: CapabilityIDValue[] = [];
  requested.forEach((id, index) => {
    if (isMoovManaged(id)) problems[String(index)] = 'is managed by Moov and cannot be requested';
    else if (isBusinessOnly(id) && account.document.accountType !== 'business') problems[String(index)] = 'is only available to business accounts';
    else if (!wanted.includes(id)) wanted.push(id);
  });
  if (Object.keys(problems).length > 0) throw new ValidationFailed({ capabilities: problems });
  return wanted;
}

function render(account: StoredAccount, facts: OnboardingFacts, row: CapabilityStateRow): CapabilityView {
  const id = row.capability as CapabilityIDValue;
  const view: CapabilityView = {
    capability: id,
    accountID: row.account_id,
    status: row.status as CapabilityView['status'],
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
  if (row.status === 'pending' && !isFacilitator(account)) view.requirements = { currentlyDue: currentlyDue(id, account, facts) };
  if (row.disabled_reason) view.disabledReason = row.disabled_reason;
  if (row.disabled_on) view.disabledOn = row.disabled_on;
  return view;
}
