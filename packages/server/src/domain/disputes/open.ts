import { timestamp, type Clock } from '../../kernel/clock.ts';
import { newRowID } from '../../kernel/ids.ts';
import { recordEvent } from '../../kernel/events.ts';
import { enqueueJob, type JobHandler } from '../../jobs/index.ts';
import type { Sql } from '../../store/port.ts';
import { disputesOfTransfer, insertDispute } from '../../store/repos/disputes.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import { chargebackScenario, disputedShare, type ChargebackScenario } from '../transfers/rails/card/chargebacks.ts';
import { walletOf } from '../transfers/rails/ledger-steps.ts';
import { recordDisputedAmount } from '../transfers/disputed-amount.ts';
import { transferFromRow, type TransferRecord } from '../transfers/model.ts';
import { markNewReference } from '../wallets/movement-events.ts';
import { disputeToRow, type DisputeRecord } from './model.ts';
import { debitMerchantWallet } from './money.ts';
import { networkReason } from './reasons.ts';
import { respondByFor } from './timing.ts';
import { disputeEventData } from './transitions.ts';

/**
 * The card network's chargeback notice for a sandbox trigger payment
 * (domain/transfers/rails/card/chargebacks.ts) opens the dispute, in the unit
 * of work that completes the job:
 *
 * 1. the dispute row, `response-needed` in the `chargeback` phase, due by its
 *    brand's respond-by day (a Visa RDR pre-dispute opens `resolved`, phase
 *    `pre-dispute`: settled, nothing to answer);
 * 2. the disputed amount leaves the merchant's wallet (money.ts), maybe below zero;
 * 3. the transfer's `disputedAmount` grows (its status stays `completed`);
 * 4. `dispute.created`, and the wallet's `balance.updated` / `walletTransaction.updated`;
 * 5. the deadline job, which expires the dispute if it is still unanswered at `respondBy`.
 */

export const DISPUTE_EXPIRE_JOB = 'dispute.expire';

function cardBrand(transfer: TransferRecord): string {
  const card = transfer.source.snapshot['card'] as { brand?: unknown } | undefined;
  return typeof card?.brand === 'string' ? card.brand : 'Visa';
}

export const openDisputeFromChargeback: JobHandler = async (sql, job, ctx) => {
  const { transferID } = job.payload as { transferID?: unknown };
  if (typeof transferID !== 'string') throw new Error(`${job.kind}: payload without transferID`);
  const row = await findTransferRow(sql, job.platformID, transferID);
  if (!row) throw new Error(`${job.kind}: no transfer ${transferID}`);
  const transfer = transferFromRow(row);
  const scenario = chargebackScenario(transfer.amount);
  // Only a completed card payment into a wallet is charged back; the notice is sent once (its dedupe key), and read here once.
  if (!scenario || transfer.status !== 'completed' || transfer.rail !== 'card' || transfer.destination.sourceKind !== 'wallet') return;
  if ((await disputesOfTransfer(sql, transfer.platformID, transfer.transferID)).length > 0) return;
  // The cardholder cannot take back more than the payment less what was refunded meanwhile (decision 1650).
  const amount = Math.min(disputedShare(scenario, transfer.amount), transfer.amount - transfer.refundedAmount - transfer.disputedAmount);
  if (amount <= 0) return;
  await openDispute(sql, ctx.clock, transfer, scenario, amount);
};

async function openDispute(sql: Sql, clock: Clock, transfer: TransferRecord, scenario: ChargebackScenario, amount: number): Promise<DisputeRecord> {
  const now = clock.now();
  const at = timestamp(clock);
  const brand = cardBrand(transfer);
  const reason = networkReason(brand, scenario.reason);
  const disputeID = newRowID();
  const wallet = await walletOf(sql, transfer, 'destination');
  markNewReference(sql, 'dispute', disputeID);
  const transactionID = await debitMerchantWallet(sql, clock, { platformID: transfer.platformID, disputeID, transferID: transfer.transferID, amount, currency: transfer.currency }, wallet);
  const preDispute = scenario.phase === 'pre-dispute';
  const record: DisputeRecord = {
    disputeID,
    platformID: transfer.platformID,
    transferID: transfer.transferID,
    merchantAccountID: transfer.destination.accountID,
    cardholderAccountID: transfer.source.accountID,
    merchantWalletID: wallet.wallet_id,
    transactionID,
    currency: transfer.currency,
    amount,
    networkReasonCode: reason.code,
    networkReasonDescription: reason.description,
    phase: preDispute ? 'pre-dispute' : 'chargeback',
    status: preDispute ? 'resolved' : 'response-needed',
    // A resolved pre-dispute has nothing to answer: its respond-by is the moment it opened.
    respondBy: preDispute ? at : respondByFor(now, brand).toISOString(),
    outcome: undefined,
    createdOn: at,
    updatedOn: at,
    submittedOn: undefined,
    rowVersion: 1,
  };
  await insertDispute(sql, disputeToRow(record));
  await recordDisputedAmount(sql, transfer, amount);
  await recordEvent(sql, clock, transfer.platformID, 'dispute.created', disputeEventData(record));
  if (!preDispute) {
    await enqueueJob(
      sql,
      { platformID: transfer.platformID, kind: DISPUTE_EXPIRE_JOB, payload: { disputeID }, runAt: record.respondBy, dedupeKey: `dispute:${disputeID}:expire` },
      clock,
    );
  }
  return record;
}
