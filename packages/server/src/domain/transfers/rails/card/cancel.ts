import { timestamp } from '../../../../kernel/clock.ts';
import { BadRequest } from '../../../../kernel/errors.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import type { Sql } from '../../../../store/port.ts';
import type { RailContext } from '../../rail.ts';
import { cardStateOf } from './state.ts';
import { releaseSourceHold } from '../ledger-steps.ts';
import { reverseAuthorization } from './ledger-steps.ts';

/**
 * Cancels a card transfer (docs/api-behaviour.md §5.4; docs/rails.md "Cards"; decision 1400):
 *
 * - card payment / pull from card: until settlement. While the leg is
 *   `confirmed` the authorization is reversed (the money waiting in the card
 *   clearing account goes back to the network); once `settled`, 400.
 * - push to card: until the network answers (the `push-complete` step). The
 *   wallet's hold is released; once the push completed or failed the transfer
 *   is final and the generic check refuses it.
 *
 * The leg becomes `canceled` with `canceledOn`, the transfer `canceled`, and
 * the rail step `canceled`, so the rail's pending jobs (which run only from
 * their own step of a `pending` transfer) do nothing.
 */
export async function cancelCard(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<'canceled'> {
  const { clock } = ctx;
  const { step } = cardStateOf(transfer);
  let side: 'source' | 'destination';
  if (transfer.destination.paymentMethodType === 'push-to-card') {
    if (step !== 'initiated') throw new BadRequest('the card network has already answered the push to card; it can no longer be canceled');
    await releaseSourceHold(sql, clock, transfer, 'cancel');
    side = 'destination';
  } else {
    if (step !== 'confirmed') throw new BadRequest('the card payment has already settled and can no longer be canceled');
    await reverseAuthorization(sql, clock, transfer);
    side = 'source';
  }
  await transitionTransfer(sql, clock, transfer, {
    status: 'canceled',
    [side]: { cardDetails: { status: 'canceled', canceledOn: timestamp(clock) } },
    // The SDK has `source.canceled` but no `destination.canceled`: a push's canceled leg shows only in the top-level `canceled`.
    legEvents: side === 'source' ? ['source.canceled'] : [],
    railState: { ...transfer.railState, step: 'canceled' },
  });
  return 'canceled';
}
