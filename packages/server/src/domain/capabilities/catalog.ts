import type { CapabilityIDValue } from '@railyard/contract';

/*
 * Facts about each capability ID (docs/api-behaviour.md §5.11, §7.2): who may request
 * it, and which family of requirements it has (docs/capabilities.md).
 */

export type CapabilityFamily = 'transfers' | 'wallet' | 'send' | 'money-transfer' | 'collect' | 'card-issuing' | 'managed';

export const FAMILY: Readonly<Record<CapabilityIDValue, CapabilityFamily>> = {
  transfers: 'transfers',
  wallet: 'wallet',
  'wallet.balance': 'wallet',
  'send-funds': 'send',
  'send-funds.ach': 'send',
  'send-funds.rtp': 'send',
  'send-funds.instant-bank': 'send',
  'send-funds.push-to-card': 'send',
  'money-transfer.push-to-card': 'money-transfer',
  'money-transfer.pull-from-card': 'money-transfer',
  'collect-funds': 'collect',
  'collect-funds.ach': 'collect',
  'collect-funds.card-payments': 'collect',
  'card-issuing': 'card-issuing',
  'production-app': 'managed',
  'platform.production-app': 'managed',
  'platform.wallet-transfers': 'managed',
};

/** Read-only, granted by Moov itself: a caller cannot request them. */
export function isMoovManaged(id: CapabilityIDValue): boolean {
  return FAMILY[id] === 'managed';
}

/** Collecting funds is for businesses only (docs/api-behaviour.md §5.11). */
export function isBusinessOnly(id: CapabilityIDValue): boolean {
  return FAMILY[id] === 'collect';
}

/** Families whose enabling brings the wallet capability along (docs/api-behaviour.md §5.11). */
const WALLET_BEARING: ReadonlySet<CapabilityFamily> = new Set(['send', 'money-transfer', 'collect', 'card-issuing']);
export function bringsWallet(id: string): boolean {
  const family = FAMILY[id as CapabilityIDValue];
  return family !== undefined && WALLET_BEARING.has(family);
}

/** Legacy IDs (v2024.01.00) bring the legacy `wallet`, granular ones `wallet.balance`. */
export const LEGACY_WALLET_BEARING: ReadonlySet<string> = new Set(['send-funds', 'collect-funds', 'card-issuing']);
