import type { AsyncRefundView, RefundView, TransferView } from '@railyard/contract';
import { UniqueViolation, type Sql, type Store } from '../../store/port.ts';
import { findRefund, findRefundByIdempotencyKey, refundsOfTransfer, refundsOfTransfers, type RefundRow } from '../../store/repos/refunds.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import type { Caller } from '../auth/caller.ts';
import { BadRequest, Conflict, NotFound } from '../../kernel/errors.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import type { RailPacing } from '../transfers/pacing.ts';
import { transferFromRow, type TransferRecord } from '../transfers/model.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';
import { createRefundRecord } from './create.ts';
import { cardPaymentState } from './eligibility.ts';
import { renderAsyncRefund, renderRefund } from './render.ts';

export interface CreateRefundRequest {
  accountID: string;
  transferID: string;
  idempotencyKey: string;
  waitForRail: boolean;
  /** Cents to refund; undefined refunds everything still refundable. */
  amount: number | undefined;
}

/** What create answers: the HTTP edge sends 200 with either body. */
export type CreateRefundOutcome = { kind: 'accepted'; body: AsyncRefundView } | { kind: 'rail-answered'; body: RefundView };

export interface RefundServiceOptions {
  platformClock: PlatformClock;
  pacing: RailPacing;
}

/** A replay found inside the unit of work: carries the stored row out of the rolled-back transaction. */
class Replay extends Error {
  constructor(readonly row: RefundRow) {
    super('idempotency key already used');
  }
}

/**
 * Refunds of card payments (docs/refunds.md). `accountID` is the platform that
 * created the transfer for a refund; reads also take the transfer's source or
 * destination account, as cancellations do. Anything else is the same empty
 * 404 as a transfer that does not exist.
 */
export class RefundService {
  constructor(
    private readonly store: Store,
    private readonly options: RefundServiceOptions,
  ) {}

  async create(caller: Caller, input: CreateRefundRequest): Promise<CreateRefundOutcome> {
    if (input.accountID !== caller.platformID) throw new NotFound('transfer');
    const platformID = caller.platformID;
    let refund: RefundRow;
    try {
      refund = await this.store.write(async (sql) => {
        const existing = await findRefundByIdempotencyKey(sql, platformID, input.idempotencyKey);
        if (existing) throw new Replay(existing);
        return withWalletEvents(sql, () => this.createIn(sql, platformID, input));
      });
    } catch (error) {
      if (error instanceof Replay) throw replayConflict(error.row);
      if (error instanceof UniqueViolation) {
        // A concurrent request with the same key inserted first: answer its refund, move nothing.
        const winner = await this.store.read((sql) => findRefundByIdempotencyKey(sql, platformID, input.idempotencyKey));
        if (winner) throw replayConflict(winner);
      }
      throw error;
    }
    // The network answers in the creating unit of work (lifecycle.ts), so there is nothing left to wait for.
    return input.waitForRail ? { kind: 'rail-answered', body: renderRefund(refund) } : { kind: 'accepted', body: renderAsyncRefund(refund) };
  }

  /** Creates a refund of a captured card payment in the caller's unit of work (reversals call it too). */
  async createIn(sql: Sql, platformID: string, input: { transferID: string; idempotencyKey: string; amount: number | undefined }): Promise<RefundRow> {
    const transfer = await this.transferOf(sql, platformID, input.transferID);
    if (cardPaymentState(transfer) !== 'captured') {
      throw new BadRequest('the card payment has not settled yet and cannot be refunded; cancel it, or reverse it with a reversal');
    }
    const clock = await this.options.platformClock.view(sql, platformID);
    return createRefundRecord(sql, { transfer, amount: input.amount, idempotencyKey: input.idempotencyKey, clock, pacing: this.options.pacing });
  }

  async list(caller: Caller, accountID: string, transferID: string): Promise<RefundView[]> {
    return this.store.read(async (sql) => {
      await this.visibleTransfer(sql, caller, accountID, transferID);
      return (await refundsOfTransfer(sql, caller.platformID, transferID)).map(renderRefund);
    });
  }

  async get(caller: Caller, accountID: string, transferID: string, refundID: string): Promise<RefundView> {
    return this.store.read(async (sql) => {
      await this.visibleTransfer(sql, caller, accountID, transferID);
      const refund = await findRefund(sql, caller.platformID, refundID);
      if (!refund || refund.transfer_id !== transferID) throw new NotFound('refund');
      return renderRefund(refund);
    });
  }

  /**
   * The transfers as the transfers service rendered them, each with its
   * `refunds` when it has any (the SDK's `Transfer.refunds`), read in one query.
   * Kept here so the transfers area never imports refunds (the folder graph
   * stays acyclic); the HTTP edge joins the two.
   */
  async withRefunds<T extends TransferView>(caller: Caller, transfers: T[]): Promise<T[]> {
    const ids = transfers.map((transfer) => transfer.transferID);
    const rows = await this.store.read((sql) => refundsOfTransfers(sql, caller.platformID, ids));
    const byTransfer = new Map<string, RefundView[]>();
    for (const row of rows) byTransfer.set(row.transfer_id, [...(byTransfer.get(row.transfer_id) ?? []), renderRefund(row)]);
    return transfers.map((transfer) => {
      const refunds = byTransfer.get(transfer.transferID);
      return refunds ? { ...transfer, refunds } : transfer;
    });
  }

  private async transferOf(sql: Sql, platformID: string, transferID: string): Promise<TransferRecord> {
    const row = await findTransferRow(sql, platformID, transferID);
    if (!row) throw new NotFound('transfer');
    return transferFromRow(row);
  }

  /** The platform's transfer, when `accountID` is the platform or one of the transfer's parties. */
  private async visibleTransfer(sql: Sql, caller: Caller, accountID: string, transferID: string): Promise<TransferRecord> {
    const transfer = await this.transferOf(sql, caller.platformID, transferID);
    if (![caller.platformID, transfer.source.accountID, transfer.destination.accountID].includes(accountID)) throw new NotFound('transfer');
    return transfer;
  }
}

function replayConflict(row: RefundRow): Conflict {
  return new Conflict('a refund with this X-Idempotency-Key already exists', renderRefund(row));
}
