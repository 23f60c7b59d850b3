import { timestamp } from '../../../../kernel/clock.ts';
import { BadRequest } from '../../../../kernel/errors.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import type { Sql } from '../../../../store/port.ts';
import type { RailContext } from '../../rail.ts';
import { releaseSourceHold } from '../ledger-steps.ts';
import { achStateOf } from './state.ts';

/**
 * Cancels an ACH transfer (docs/api-behaviour.md §5.4; docs/rails.md "ACH"; decision
 * 1400) while its first leg is still `initiated`, i.e. before that leg
 * originates at the next cutoff:
 *
 * - bank → wallet: the debit, which has moved no money yet;
 * - wallet → bank: the credit; the wallet's hold is released;
 * - bank → bank: the debit (the credit starts only after the debit's hold), so
 *   a bank → bank transfer cannot be canceled once its debit originated.
 *
 * The leg becomes `canceled` with `canceledOn` and the transfer `canceled` in
 * this unit of work; the leg's origination job then finds a transfer that is
 * no longer `pending` and does nothing. A leg that originated is too late: 400,
 * nothing written.
 */
export async function cancelAch(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<'canceled'> {
  const first = achStateOf(transfer).plan.legs[0];
  // `start` plans and initiates in the creating unit of work, so a pending ACH transfer always has a first leg.
  if (!first) throw new Error(`ACH transfer ${transfer.transferID} has no planned leg`);
  const status = transfer[first.side].details.achDetails?.['status'];
  if (status !== 'initiated') {
    throw new BadRequest(`the ACH ${first.kind} has already been originated and the transfer can no longer be canceled`);
  }
  if (transfer.source.sourceKind === 'wallet') await releaseSourceHold(sql, ctx.clock, transfer, 'cancel');
  await transitionTransfer(sql, ctx.clock, transfer, {
    status: 'canceled',
    [first.side]: { achDetails: { status: 'canceled', canceledOn: timestamp(ctx.clock) } },
    // The SDK has `source.canceled` but no `destination.canceled`: a canceled credit shows only in the top-level `canceled`.
    legEvents: first.side === 'source' ? ['source.canceled'] : [],
  });
  return 'canceled';
}
