import type { Clock } from '../../kernel/clock.ts';
import { ensureLedgerAccount, moveFunds } from '../../ledger/index.ts';
import type { Sql } from '../../store/port.ts';
import type { WalletRow } from '../../store/repos/wallets.ts';
import { noteWalletPostings } from '../wallets/movement-events.ts';

/**
 * A dispute's money (docs/disputes.md "Money", docs/ledger.md): when it opens
 * the disputed amount leaves the merchant's wallet for the platform's
 * `card-network` account (the network gives it back to the cardholder); if
 * the merchant wins it comes back the same way.
 *
 * - The debit is a platform settlement (`settlement: 'dispute'`): Moov takes
 *   a chargeback from the wallet whatever its balance, so it may leave the
 *   wallet below zero (decision 1600). Its reference is the dispute, so the
 *   wallet shows it as its own `dispute` transaction (sourceType `dispute`).
 * - The credit of a won dispute is referenced `dispute-reversal`, so it is a
 *   separate `dispute-reversal` transaction with the same sourceID.
 *
 * Each posts with an idempotencyRef (`dispute:<id>:debit`, `…:reversal`): a
 * retried job moves no money twice. Moov charges a dispute fee through its fee
 * plans and statements, not from the wallet at opening; Railyard charges none
 * (decision 1650).
 */

function networkAccount(sql: Sql, clock: Clock, platformID: string, currency: string): Promise<string> {
  return ensureLedgerAccount(sql, { platformID, kind: 'card-network', ownerID: 'card-network', accountID: null, currency }, clock).then((a) => a.ledgerAccountID);
}

export interface DisputeMoney {
  platformID: string;
  disputeID: string;
  transferID: string;
  amount: number;
  currency: string;
}

/** Takes the disputed amount from the merchant's wallet; answers the wallet transaction's ID (the entry's). */
export async function debitMerchantWallet(sql: Sql, clock: Clock, dispute: DisputeMoney, wallet: WalletRow): Promise<string> {
  const result = await moveFunds(
    sql,
    {
      platformID: dispute.platformID,
      referenceType: 'dispute',
      referenceID: dispute.disputeID,
      description: `dispute of transfer ${dispute.transferID}`,
      idempotencyRef: `dispute:${dispute.disputeID}:debit`,
      settlement: 'dispute',
      fromLedgerAccountID: wallet.ledger_account_id,
      toLedgerAccountID: await networkAccount(sql, clock, dispute.platformID, dispute.currency),
      amount: dispute.amount,
      currency: dispute.currency,
    },
    clock,
  );
  await noteWalletPostings(sql, clock, result, [wallet]);
  return result.entry.entryID;
}

/** A won dispute: the network returns the disputed amount to the merchant's wallet. */
export async function creditMerchantWallet(sql: Sql, clock: Clock, dispute: DisputeMoney, wallet: WalletRow): Promise<void> {
  const result = await moveFunds(
    sql,
    {
      platformID: dispute.platformID,
      referenceType: 'dispute-reversal',
      referenceID: dispute.disputeID,
      description: `dispute won: transfer ${dispute.transferID}`,
      idempotencyRef: `dispute:${dispute.disputeID}:reversal`,
      fromLedgerAccountID: await networkAccount(sql, clock, dispute.platformID, dispute.currency),
      toLedgerAccountID: wallet.ledger_account_id,
      amount: dispute.amount,
      currency: dispute.currency,
    },
    clock,
  );
  await noteWalletPostings(sql, clock, result, [wallet]);
}
