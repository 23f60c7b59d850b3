import { randomUUID } from 'node:crypto';
import type { CancellationView } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { cancellationsOfTransfers, findCancellation, insertCancellation, MAX_CANCELLATIONS_PER_TRANSFER, type CancellationRow } from '../../store/repos/cancellations.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import type { RailPacing } from './pacing.ts';
import type { RailRegistry } from './rail.ts';
import type { Caller } from '../auth/caller.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { BadRequest, NotFound } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { transferFromRow, type TransferRecord } from './model.ts';
import { TransferChangedConcurrently, transitionTransfer } from './transitions.ts';
import { cancellationEventData, renderCancellation } from './cancellation-render.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';

/** A create that loses a race with a rail step re-reads and tries again, this many times. */
const MAX_CREATE_ATTEMPTS = 5;

/** Why a transfer in a final status cannot be canceled (400 `{"error"}`). */
const REFUSED_BY_STATUS: Readonly<Partial<Record<TransferRecord['status'], string>>> = {
  completed: 'the transfer has already completed and cannot be canceled',
  failed: 'the transfer has failed and cannot be canceled',
  canceled: 'the transfer has already been canceled',
  reversed: 'the transfer has been reversed and cannot be canceled',
};

export interface CancellationOutcome {
  /** True when the cancellation finished in the request (200); false while the rail finishes it (202). */
  finished: boolean;
  body: CancellationView;
}

/**
 * Cancellations of a platform's transfers (docs/api-behaviour.md §5.4,
 * docs/transfers-more.md). The generic rules live here; whether the rail can
 * still undo its work is the rail's `cancel` (rails/rail.ts).
 */
export class CancellationService {
  constructor(
    private readonly store: Store,
    private readonly options: { platformClock: PlatformClock; pacing: RailPacing; rails: RailRegistry },
  ) {}

  async create(caller: Caller, accountID: string, transferID: string): Promise<CancellationOutcome> {
    if (accountID !== caller.platformID) throw new NotFound('account');
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.write((sql) => withWalletEvents(sql, () => this.createIn(sql, caller.platformID, transferID)));
      } catch (error) {
        if (!(error instanceof TransferChangedConcurrently) || attempt >= MAX_CREATE_ATTEMPTS) throw error;
      }
    }
  }

  /** Cancels in the caller's unit of work (a reversal that becomes a cancellation calls it); may throw `TransferChangedConcurrently`. */
  async createIn(sql: Sql, platformID: string, transferID: string): Promise<CancellationOutcome> {
    const row = await findTransferRow(sql, platformID, transferID);
    if (!row) throw new NotFound('transfer');
    const transfer = transferFromRow(row);
    const refused = REFUSED_BY_STATUS[transfer.status];
    if (refused) throw new BadRequest(refused);
    const existing = await cancellationsOfTransfers(sql, platformID, [transferID]);
    if (existing.some((c) => c.status === 'pending')) throw new BadRequest('a cancellation of this transfer is already in progress');
    if (existing.length >= MAX_CANCELLATIONS_PER_TRANSFER) throw new BadRequest('the transfer has too many cancellations');
    const cancel = this.cancelStep(transfer);

    const clock = await this.options.platformClock.view(sql, platformID);
    const now = timestamp(clock);
    const cancellation: CancellationRow = {
      cancellation_id: randomUUID(),
      platform_id: platformID,
      transfer_id: transferID,
      status: 'pending',
      created_on: now,
      updated_on: now,
    };
    await insertCancellation(sql, cancellation);
    await recordEvent(sql, clock, platformID, 'cancellation.created', cancellationEventData(cancellation));
    const outcome = await cancel(sql, clock);
    const stored = await findCancellation(sql, platformID, transferID, cancellation.cancellation_id);
    if (!stored) throw new Error(`cancellation ${cancellation.cancellation_id} vanished in its own unit of work`);
    // A rail that answers 'canceled' must have moved the transfer to `canceled`, which completes the cancellation.
    if (outcome === 'canceled' && stored.status === 'pending') {
      throw new Error(`the ${transfer.rail} rail answered 'canceled' but transfer ${transferID} is ${transfer.status}`);
    }
    return { finished: stored.status !== 'pending', body: renderCancellation(stored) };
  }

  /** The step that cancels this transfer, or a 400 when nothing can. */
  private cancelStep(transfer: TransferRecord): (sql: Sql, clock: Clock) => Promise<'canceled' | 'pending'> {
    if (transfer.status === 'queued') {
      // Nothing has moved yet: a queued transfer waits for its parent (transfer groups).
      return async (sql, clock) => {
        await transitionTransfer(sql, clock, transfer, { status: 'canceled' });
        return 'canceled';
      };
    }
    const rail = this.options.rails[transfer.rail];
    if (transfer.rail === 'wallet' && !rail?.cancel) throw new BadRequest('wallet-to-wallet transfers complete at once and cannot be canceled');
    if (!rail?.cancel) throw new BadRequest(`${transfer.rail} transfers cannot be canceled`);
    const railCancel = rail.cancel.bind(rail);
    return (sql, clock) => railCancel(sql, { clock, pacing: this.options.pacing }, transfer);
  }

  /** `accountID` may be the platform's own account or the transfer's source or destination account. */
  async get(caller: Caller, accountID: string, transferID: string, cancellationID: string): Promise<CancellationView> {
    return this.store.read(async (sql) => {
      const row = await findTransferRow(sql, caller.platformID, transferID);
      if (!row) throw new NotFound('transfer');
      const parties = [caller.platformID, row.source_account_id, row.destination_account_id];
      if (!parties.includes(accountID)) throw new NotFound('transfer');
      const cancellation = await findCancellation(sql, caller.platformID, transferID, cancellationID);
      if (!cancellation) throw new NotFound('cancellation');
      return renderCancellation(cancellation);
    });
  }
}

/** The cancellations of some transfers, by transfer, for `Transfer.cancellations` (the caller bounds the list). */
export async function cancellationsByTransfer(sql: Sql, platformID: string, transferIDs: readonly string[]): Promise<Map<string, CancellationView[]>> {
  const byTransfer = new Map<string, CancellationView[]>();
  for (const row of await cancellationsOfTransfers(sql, platformID, transferIDs)) {
    const list = byTransfer.get(row.transfer_id) ?? [];
    list.push(renderCancellation(row));
    byTransfer.set(row.transfer_id, list);
  }
  return byTransfer;
}
