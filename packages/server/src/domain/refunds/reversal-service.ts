import type { ReversalView } from '@railyard/contract';
import { UniqueViolation, type Sql, type Store } from '../../store/port.ts';
import { findCancellation } from '../../store/repos/cancellations.ts';
import { findRefund, findReversal, insertReversal, type ReversalRow } from '../../store/repos/refunds.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import type { Caller } from '../auth/caller.ts';
import { BadRequest, Conflict, NotFound } from '../../kernel/errors.ts';
import { timestamp } from '../../kernel/clock.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import type { CancellationService } from '../transfers/cancellation-service.ts';
import { renderCancellation } from '../transfers/cancellation-render.ts';
import { transferFromRow } from '../transfers/model.ts';
import { TransferChangedConcurrently } from '../transfers/transitions.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';
import { cardPaymentState } from './eligibility.ts';
import { renderRefund } from './render.ts';
import type { RefundService } from './service.ts';

/** A reversal that loses a race with a rail step re-reads and decides again, this many times. */
const MAX_ATTEMPTS = 5;

export interface CreateReversalRequest {
  accountID: string;
  transferID: string;
  idempotencyKey: string;
  /** Cents to give back; undefined gives back everything still refundable. */
  amount: number | undefined;
}

/** A replay found inside the unit of work: carries what the first request became out of the rolled-back transaction. */
class Replay extends Error {
  constructor(readonly row: ReversalRow) {
    super('idempotency key already used');
  }
}

/**
 * Reversals of card payments (docs/refunds.md "Reversals"): the cheapest way
 * to give a payment's money back in its state.
 *
 * - authorized, not settled, the whole amount: a cancellation (the card rail
 *   reverses the authorization; nothing reached the merchant wallet);
 * - captured (settled or completed), any amount up to what is refundable: a
 *   refund, exactly as `POST …/refunds` makes one;
 * - authorized and only part of the amount: 400 (partial cancellations do not
 *   exist, and an uncaptured payment cannot be refunded; decision 1601).
 *
 * What each idempotency key became is kept (`transfer_reversals`), in the same
 * unit of work as the cancellation or refund, so a replay answers it again.
 */
export class ReversalService {
  constructor(
    private readonly store: Store,
    private readonly collaborators: { platformClock: PlatformClock; cancellations: CancellationService; refunds: RefundService },
  ) {}

  async create(caller: Caller, input: CreateReversalRequest): Promise<ReversalView> {
    if (input.accountID !== caller.platformID) throw new NotFound('transfer');
    const platformID = caller.platformID;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.write((sql) => withWalletEvents(sql, () => this.createIn(sql, platformID, input)));
      } catch (error) {
        if (error instanceof Replay) return this.answer(platformID, error.row);
        if (error instanceof UniqueViolation) {
          // A concurrent request with the same key won: answer what it became.
          const winner = await this.store.read((sql) => findReversal(sql, platformID, input.idempotencyKey));
          if (winner) return this.answer(platformID, winner);
        }
        if (!(error instanceof TransferChangedConcurrently) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async createIn(sql: Sql, platformID: string, input: CreateReversalRequest): Promise<ReversalView> {
    const existing = await findReversal(sql, platformID, input.idempotencyKey);
    if (existing) {
      if (existing.transfer_id !== input.transferID) throw new Conflict('this X-Idempotency-Key was used to reverse another transfer');
      throw new Replay(existing);
    }
    const row = await findTransferRow(sql, platformID, input.transferID);
    if (!row) throw new NotFound('transfer');
    const transfer = transferFromRow(row);
    const state = cardPaymentState(transfer);
    const clock = await this.collaborators.platformClock.view(sql, platformID);
    const base = { platform_id: platformID, idempotency_key: input.idempotencyKey, transfer_id: transfer.transferID, created_on: timestamp(clock) };
    if (state === 'authorized') {
      if (input.amount !== undefined && input.amount !== transfer.amount) {
        throw new BadRequest('the card payment has not settled: it can only be reversed in full (a cancellation); partial cancellations do not exist');
      }
      const { body } = await this.collaborators.cancellations.createIn(sql, platformID, transfer.transferID);
      await insertReversal(sql, { ...base, amount: transfer.amount, cancellation_id: body.cancellationID, refund_id: null });
      return { cancellation: body };
    }
    // A space cannot occur in an X-Idempotency-Key: the refund's key never meets one a caller sent to `…/refunds`.
    const refund = await this.collaborators.refunds.createIn(sql, platformID, {
      transferID: transfer.transferID,
      idempotencyKey: `reversal ${input.idempotencyKey}`,
      amount: input.amount,
    });
    await insertReversal(sql, { ...base, amount: Number(refund.amount), cancellation_id: null, refund_id: refund.refund_id });
    return { refund: renderRefund(refund) };
  }

  /** What a reversal became, as it stands now. */
  private async answer(platformID: string, row: ReversalRow): Promise<ReversalView> {
    return this.store.read(async (sql) => {
      if (row.cancellation_id !== null) {
        const cancellation = await findCancellation(sql, platformID, row.transfer_id, row.cancellation_id);
        if (!cancellation) throw new Error(`reversal ${row.idempotency_key}: cancellation ${row.cancellation_id} missing`);
        return { cancellation: renderCancellation(cancellation) };
      }
      const refund = row.refund_id === null ? undefined : await findRefund(sql, platformID, row.refund_id);
      if (!refund) throw new Error(`reversal ${row.idempotency_key}: refund ${String(row.refund_id)} missing`);
      return { refund: renderRefund(refund) };
    });
  }
}
