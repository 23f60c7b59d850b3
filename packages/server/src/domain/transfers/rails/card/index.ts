import type { TransferRecord } from '../../model.ts';
import type { Sql } from '../../../../store/port.ts';
import type { Rail, RailContext } from '../../rail.ts';
import { cancelCard } from './cancel.ts';
import { railJobs } from '../job-helpers.ts';
import { checkCardOptions } from './options.ts';
import { CARD_COMPLETE_JOB, CARD_SETTLE_JOB, complete, settle, startPull } from './pull.ts';
import { completePush, PUSH_COMPLETE_JOB, startPush } from './push.ts';

/**
 * The card rail (docs/rails.md "Cards"): pulls and card payments into a
 * wallet (`pull.ts`), and pushes from a wallet to a debit card (`push.ts`).
 * `railFor` sends a transfer here when its source is a card method or its
 * destination is `push-to-card`.
 */
async function start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<void> {
  // Checked by `checkOptions` before the transfer was written: reading them again cannot fail.
  const options = checkCardOptions(transfer.request);
  if (transfer.destination.paymentMethodType === 'push-to-card') return startPush(sql, ctx, transfer, options.destination);
  if (transfer.source.sourceKind !== 'card') {
    // apple-pay and card-present sources have no linked card to authorize; no provider yields them yet.
    throw new Error(`transfer ${transfer.transferID}: ${transfer.source.paymentMethodType} has no card to authorize`);
  }
  return startPull(sql, ctx, transfer, options.source);
}

export const cardRail: Rail = {
  name: 'card',
  checkOptions: (options) => void checkCardOptions(options),
  start,
  cancel: cancelCard,
  jobs: railJobs({ [CARD_SETTLE_JOB]: settle, [CARD_COMPLETE_JOB]: complete, [PUSH_COMPLETE_JOB]: completePush }),
};
