import type { CapabilityIDValue } from '@railyard/contract';
import type { Problems } from './problems.ts';

/*
 * Capabilities as accounts see them at creation: which may be asked for and
 * what they start as. The rows (`account_capabilities`) belong to the
 * capabilities module, which the account service reaches through the
 * `AccountCapabilities` port handed in at start-up.
 */

/** Moov grants `transfers` to every new account (docs/api-behaviour.md §1.4). */
export const ALWAYS_ENABLED: CapabilityIDValue = 'transfers';
/** Status of a capability that was asked for and whose requirements are not yet computed. */
export const REQUESTED_STATUS = 'pending';
/** Moov-managed capabilities a caller cannot request. */
export const MOOV_MANAGED: ReadonlySet<string> = new Set(['production-app', 'platform.production-app', 'platform.wallet-transfers']);

/** In the sandbox a platform's own account has every capability a caller can use, enabled (docs/api-behaviour.md §5.1). */
export const FACILITATOR_CAPABILITIES: readonly CapabilityIDValue[] = [
  'transfers',
  'send-funds',
  'collect-funds',
  'wallet',
  'send-funds.ach',
  'send-funds.push-to-card',
  'send-funds.rtp',
  'send-funds.instant-bank',
  'collect-funds.ach',
  'collect-funds.card-payments',
  'money-transfer.push-to-card',
  'money-transfer.pull-from-card',
  'wallet.balance',
];

/** Checks the capabilities asked for at creation; answers them without duplicates or `transfers`. */
export function checkRequested(requested: readonly CapabilityIDValue[] | undefined, problems: Problems): CapabilityIDValue[] {
  const wanted: CapabilityIDValue[] = [];
  (requested ?? []).forEach((id, index) => {
    if (MOOV_MANAGED.has(id)) problems.add(['capabilities', String(index)], 'is managed by Moov and cannot be requested');
    else if (id !== ALWAYS_ENABLED && !wanted.includes(id)) wanted.push(id);
  });
  return wanted;
}
