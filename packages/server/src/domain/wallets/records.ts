import { randomUUID } from 'node:crypto';
import { openLedgerAccount } from '../../ledger/index.ts';
import type { Sql } from '../../store/port.ts';
import { insertWallet, type WalletRow } from '../../store/repos/wallets.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { WALLET_CURRENCY } from './money.ts';

export interface NewWallet {
  /** The calling platform, which the event belongs to. */
  platformID: string;
  /** The platform whose ledger holds the money: the one that created the account. */
  ledgerPlatformID: string;
  accountID: string;
  walletType: 'default' | 'general';
  name: string;
  description: string;
  metadata: Record<string, string> | undefined;
}

/** Stores a wallet with its own `wallet` ledger account and writes `wallet.created`, in the caller's unit of work. */
export async function createWalletRecord(sql: Sql, clock: Clock, input: NewWallet): Promise<WalletRow> {
  const walletID = randomUUID();
  const ledger = await openLedgerAccount(
    sql,
    { platformID: input.ledgerPlatformID, kind: 'wallet', ownerID: walletID, accountID: input.accountID, currency: WALLET_CURRENCY },
    clock,
  );
  const now = timestamp(clock);
  const row: WalletRow = {
    wallet_id: walletID,
    account_id: input.accountID,
    platform_id: input.ledgerPlatformID,
    wallet_type: input.walletType,
    name: input.name,
    description: input.description,
    status: 'active',
    metadata: input.metadata && Object.keys(input.metadata).length > 0 ? JSON.stringify(input.metadata) : null,
    ledger_account_id: ledger.ledgerAccountID,
    created_on: now,
    updated_on: now,
    closed_on: null,
  };
  await insertWallet(sql, row);
  await recordEvent(sql, clock, input.platformID, 'wallet.created', { accountID: input.accountID, walletID });
  return row;
}
