import { isPlainObject, LEGACY_CAPABILITY_IDS, type ApiVersion } from '@railyard/contract';
import { BadRequest, ValidationFailed } from '../../kernel/errors.ts';
import type { ChangeSet } from './transforms.ts';
import { bankAccountChanges } from './v2026-01-00-bank-accounts.ts';
import { moneySourceChanges } from './v2026-01-00-money-sources.ts';
import { transferChanges } from './v2026-01-00-transfers.ts';
import { transferOptionChanges } from './v2026-01-00-transfer-options.ts';

/**
 * What v2026.01.00 changed against v2024.01.00 for the operations we serve
 * (docs/api-behaviour.md §2.1). Callers on v2024.01.00 get these transforms.
 */

const INTRODUCED_IN: ApiVersion = 'v2026.01.00';
const legacyCapabilities: ReadonlySet<string> = new Set(LEGACY_CAPABILITY_IDS);

type Json = Record<string, unknown>;

/**
 * A v2026 Account in v2024 shape: granular capability IDs (v2025.07) and the
 * business `industry` field did not exist, nor did the `state-cu-regulator`
 * regulator or `guest` profiles (guests are never created here).
 */
export function accountToV2024(account: unknown): unknown {
  if (!isPlainObject(account)) return account;
  const out: Json = { ...account };
  if (Array.isArray(out['capabilities'])) {
    const kept = (out['capabilities'] as unknown[]).filter((c) => isPlainObject(c) && legacyCapabilities.has(String(c['capability'])));
    if (kept.length > 0) out['capabilities'] = kept;
    else delete out['capabilities'];
  }
  if (isPlainObject(out['profile'])) {
    const profile: Json = { ...out['profile'] };
    delete profile['guest'];
    if (isPlainObject(profile['business'])) {
      const business: Json = { ...profile['business'] };
      delete business['industry'];
      if (business['primaryRegulator'] === 'state-cu-regulator') delete business['primaryRegulator'];
      profile['business'] = business;
    }
    out['profile'] = profile;
  }
  return out;
}

const accountList = (body: unknown) => (Array.isArray(body) ? body.map(accountToV2024) : body);

/** v2024.01.00 knows only the six legacy capability IDs: a granular one is an invalid value there. */
export function checkRequestedCapabilities(version: ApiVersion, capabilities: readonly string[] | undefined): void {
  if (version >= INTRODUCED_IN || !capabilities) return;
  const problems: Record<string, string> = {};
  capabilities.forEach((id, index) => {
    if (!legacyCapabilities.has(id)) problems[String(index)] = 'must be a valid value';
  });
  if (Object.keys(problems).length > 0) throw new ValidationFailed({ capabilities: problems });
}

/** The list filter `capability` takes only legacy IDs under v2024.01.00. */
export function checkListQuery(version: ApiVersion, query: { capability?: string | undefined }): void {
  if (version >= INTRODUCED_IN || query.capability === undefined) return;
  if (!legacyCapabilities.has(query.capability)) throw new BadRequest('capability: must be a valid value');
}

export const v2026_01_00: ChangeSet = {
  introducedIn: INTRODUCED_IN,
  description: 'v2024.01.00 → v2026.01.00',
  operations: {
    'accounts.create': { response: accountToV2024 },
    'accounts.get': { response: accountToV2024 },
    'accounts.update': { response: accountToV2024 },
    'accounts.list': { response: accountList },
    'accounts.listConnected': { response: accountList },
    ...bankAccountChanges,
    ...moneySourceChanges,
    ...transferChanges,
    ...transferOptionChanges,
  },
};
