import { enqueueJob } from '../../../../jobs/index.ts';
import type { Clock } from '../../../../kernel/clock.ts';
import type { Sql } from '../../../../store/port.ts';
import type { TransferRecord } from '../../model.ts';

/**
 * The sandbox cardholder's bank disputes some card payments (docs/sandbox.md
 * "Disputes", decision 1650). Moov's test mode simulates disputes with test
 * card numbers it does not publish, so Railyard uses magic amounts, like its
 * ACH and RTP triggers. A card payment (or pull from card) of one of these
 * amounts completes as usual; the card network's chargeback notice arrives
 * CHARGEBACK_NOTICE_DELAY_MS of platform time after the merchant's wallet was
 * credited, as a job the disputes area handles (domain/disputes/open.ts).
 */

export const CARD_CHARGEBACK_JOB = 'rail.card.chargeback';

/** Platform time between a disputed payment's completion and the network's notice. */
export const CHARGEBACK_NOTICE_DELAY_MS = 5_000;

/** What the cardholder's bank disputes: the reason, whether all of the payment, and the phase it arrives in. */
export type ChargebackReason = 'fraud' | 'not-received' | 'duplicate';
export interface ChargebackScenario {
  reason: ChargebackReason;
  /** `full`: the whole payment; `half`: half of it, rounded down to the cent. */
  share: 'full' | 'half';
  /** `chargeback`: the merchant must answer; `pre-dispute`: settled at once by Visa RDR, nothing to answer. */
  phase: 'chargeback' | 'pre-dispute';
}

export const CHARGEBACK_TRIGGERS: ReadonlyMap<number, ChargebackScenario> = new Map([
  [66_01, { reason: 'fraud', share: 'full', phase: 'chargeback' }],
  [66_02, { reason: 'not-received', share: 'full', phase: 'chargeback' }],
  [66_03, { reason: 'duplicate', share: 'half', phase: 'chargeback' }],
  [66_04, { reason: 'fraud', share: 'full', phase: 'pre-dispute' }],
]);

/** The scenario a card payment of this amount triggers, if any. */
export function chargebackScenario(amount: number): ChargebackScenario | undefined {
  return CHARGEBACK_TRIGGERS.get(amount);
}

/** The amount a scenario disputes out of a payment. */
export function disputedShare(scenario: ChargebackScenario, amount: number): number {
  return scenario.share === 'full' ? amount : Math.floor(amount / 2);
}

/**
 * Called when a card payment completed: schedules the network's chargeback
 * notice for a trigger amount (once per transfer, by its dedupe key).
 */
export async function scheduleSandboxChargeback(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  if (!chargebackScenario(transfer.amount)) return;
  await enqueueJob(
    sql,
    {
      platformID: transfer.platformID,
      kind: CARD_CHARGEBACK_JOB,
      payload: { transferID: transfer.transferID },
      runAt: new Date(clock.now().getTime() + CHARGEBACK_NOTICE_DELAY_MS),
      dedupeKey: `transfer:${transfer.transferID}:chargeback`,
    },
    clock,
  );
}
