import type { Sql } from '../../store/port.ts';
import { findDefaultWalletRow, type WalletRow } from '../../store/repos/wallets.ts';
import type { Clock } from '../../kernel/clock.ts';
import { createWalletRecord } from './records.ts';

export const DEFAULT_WALLET_NAME = 'Default wallet';

/** Capability IDs that make a wallet usable (default wallet, `moov-wallet` payment method). */
export const WALLET_CAPABILITIES: readonly string[] = ['wallet', 'wallet.balance'];

/**
 * The account's default wallet, created the first time a wallet capability is
 * enabled (docs/api-behaviour.md §5.7). Idempotent; runs in the caller's unit of work.
 */
export async function ensureDefaultWallet(
  sql: Sql,
  clock: Clock,
  input: { platformID: string; ledgerPlatformID: string; accountID: string },
): Promise<WalletRow> {
  const existing = await findDefaultWalletRow(sql, input.accountID);
  if (existing) return existing;
  return createWalletRecord(sql, clock, {
    ...input,
    walletType: 'default',
    name: DEFAULT_WALLET_NAME,
    description: '',
    metadata: undefined,
  });
}
