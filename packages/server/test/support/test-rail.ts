import { findWalletRow } from '../../src/store/repos/wallets.ts';
import { holdFunds, releaseHold, settleHold } from '../../src/ledger/index.ts';
import { BadRequest } from '../../src/kernel/errors.ts';
import { timestamp, type Clock } from '../../src/kernel/clock.ts';
import type { Sql } from '../../src/store/port.ts';
import type { TransferRecord } from '../../src/domain/transfers/model.ts';
import { transitionTransfer } from '../../src/domain/transfers/transitions.ts';
import { takesNoOptions, type Rail, type RailRegistry } from '../../src/domain/transfers/rail.ts';
import type { RailName } from '../../src/domain/transfers/model.ts';
import { DEFAULT_RAILS } from '../../src/compose/services.ts';

/**
 * A test-only rail that stands in for the wallet rail in these tests: it holds
 * the source wallet's money and stays `pending` until `completeTestTransfer`,
 * and it can be canceled. Amounts pick how a cancellation goes:
 * TOO_LATE refuses (as an originated ACH leg would), LATER answers 'pending'
 * (the rail would finish in a job), anything else cancels at once.
 */
export const TOO_LATE = 101;
export const LATER = 102;

async function sourceWallet(sql: Sql, transfer: TransferRecord) {
  const wallet = await findWalletRow(sql, transfer.source.accountID, transfer.source.sourceID);
  if (!wallet) throw new Error('test rail: no source wallet');
  return wallet;
}

const ref = (transfer: TransferRecord, step: string) => ({
  platformID: transfer.platformID,
  referenceType: 'transfer',
  referenceID: transfer.transferID,
  description: 'test rail',
  idempotencyRef: `transfer:${transfer.transferID}:${step}`,
});

export const testRail: Rail = {
  name: 'wallet',
  jobs: {},
  checkOptions: takesNoOptions,
  async start(sql, ctx, transfer) {
    const wallet = await sourceWallet(sql, transfer);
    await holdFunds(sql, { ...ref(transfer, 'hold'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, ctx.clock);
    await transitionTransfer(sql, ctx.clock, transfer, { status: 'pending', railAnswered: true });
  },
  async cancel(sql, ctx, transfer) {
    if (transfer.amount === TOO_LATE) throw new BadRequest('the transfer has already been originated');
    if (transfer.amount === LATER) return 'pending';
    const wallet = await sourceWallet(sql, transfer);
    await releaseHold(sql, { ...ref(transfer, 'cancel'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, ctx.clock);
    await transitionTransfer(sql, ctx.clock, transfer, {
      status: 'canceled',
      source: { cardDetails: { status: 'canceled', canceledOn: timestamp(ctx.clock) } },
      legEvents: ['source.canceled'],
    });
    return 'canceled';
  },
};

/** Finishes a pending test-rail transfer: `canceled` (hold released) or `completed` (hold settled into the destination). */
export async function finishTestTransfer(sql: Sql, clock: Clock, transfer: TransferRecord, to: 'canceled' | 'completed'): Promise<void> {
  const wallet = await sourceWallet(sql, transfer);
  if (to === 'canceled') {
    await releaseHold(sql, { ...ref(transfer, 'cancel'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, clock);
  } else {
    const destination = await findWalletRow(sql, transfer.destination.accountID, transfer.destination.sourceID);
    if (!destination) throw new Error('test rail: no destination wallet');
    await settleHold(
      sql,
      { ...ref(transfer, 'settle'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency, credits: [{ ledgerAccountID: destination.ledger_account_id, amount: transfer.amount }] },
      clock,
    );
  }
  await transitionTransfer(sql, clock, transfer, { status: to });
}

/**
 * A rail registry of the test's own, handed to the server at start-up, whose
 * wallet rail `useTestRail` swaps for the test rail; it answers a function that
 * puts the real one back.
 */
export function switchableRails(): { rails: RailRegistry; useTestRail(): () => void } {
  const rails: Partial<Record<RailName, Rail>> = { ...DEFAULT_RAILS };
  return {
    rails,
    useTestRail() {
      rails.wallet = testRail;
      return () => {
        rails.wallet = DEFAULT_RAILS.wallet;
      };
    },
  };
}
