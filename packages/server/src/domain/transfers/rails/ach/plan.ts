import type { AchPacing, RailPacing, TimeOfDay } from '../../pacing.ts';
import { atBankingDaysAfter, nextCutoff, wallTime } from '../banking-calendar.ts';
import type { AchDebitHoldPeriodValue } from '@railyard/contract';
import type { AchReturnTrigger, ReturnPhase } from './returns.ts';

/**
 * When each step of an ACH transfer happens, decided once at creation from the
 * pacing and stored in the transfer's rail state, so the job handlers need no
 * pacing and a restart replays the same calendar.
 *
 * - `realistic`: same-day legs originate at the next same-day cutoff (10:00,
 *   14:15, 16:15 ET) on a banking day and settle that afternoon; standard legs
 *   originate at the 17:30 ET cutoff and settle at 09:00 ET the next banking
 *   day. A credit completes at settlement; a debit completes after its hold
 *   period (banking days after settlement, at 09:00 ET).
 * - `fast`: the same steps in seconds: originate `originateAfterSeconds` after
 *   creation, settle `completeAfterSeconds` (same-day:
 *   `sameDayCompleteAfterSeconds`) later; each banking day of a debit hold is
 *   scaled to one second.
 *
 * Returns: a `clearing` return replaces the leg's completion at its settlement
 * time; an `after-completion` return arrives one banking day (fast:
 * `returnAfterSeconds`) after the transfer completed.
 */

export type LegKind = 'debit' | 'credit';
export type Speed = 'standard' | 'same-day';

export interface LegPlan {
  kind: LegKind;
  /** The side whose `achDetails` this leg writes: debits are the source, credits the destination. */
  side: 'source' | 'destination';
  speed: Speed;
  originateAt: string;
  settleAt: string;
  completeAt: string;
}

export interface ReturnPlan {
  leg: LegKind;
  phase: ReturnPhase;
  at: string;
  code: string;
  reason: string;
  description: string;
}

export interface AchPlan {
  legs: LegPlan[];
  returns?: ReturnPlan;
}

/** Settlement of each same-day window, in the order of `sameDayCutoffs` [U]. */
const SAME_DAY_SETTLEMENT: readonly TimeOfDay[] = ['13:00', '17:00', '18:00'];
const STANDARD_SETTLEMENT: TimeOfDay = '09:00';
const HOLD_RELEASE: TimeOfDay = '09:00';
const LATE_RETURN_ARRIVAL: TimeOfDay = '12:00';
const HOLD_DAYS: Record<AchDebitHoldPeriodValue, number> = { 'no-hold': 0, '1-day': 1, '2-days': 2 };
const MS = 1000;

const pad = (n: number): string => String(n).padStart(2, '0');
const at = (base: Date, seconds: number): Date => new Date(base.getTime() + seconds * MS);

function realisticLeg(kind: LegKind, speed: Speed, from: Date, holdDays: number, pacing: RailPacing): Omit<LegPlan, 'side'> {
  const zone = pacing.timeZone;
  const ach: AchPacing = pacing.ach;
  let originate: Date;
  let settle: Date;
  if (speed === 'same-day') {
    originate = nextCutoff(from, ach.sameDayCutoffs, zone);
    const seen = wallTime(originate, zone);
    const window = ach.sameDayCutoffs.findIndex((cutoff) => cutoff === `${pad(seen.hour)}:${pad(seen.minute)}`);
    const settleTime = SAME_DAY_SETTLEMENT[window] ?? SAME_DAY_SETTLEMENT[SAME_DAY_SETTLEMENT.length - 1]!;
    settle = atBankingDaysAfter(originate, 0, settleTime, zone);
  } else {
    originate = nextCutoff(from, [ach.standardCutoff], zone);
    settle = atBankingDaysAfter(originate, 1, STANDARD_SETTLEMENT, zone);
  }
  const complete = kind === 'debit' && holdDays > 0 ? atBankingDaysAfter(settle, holdDays, HOLD_RELEASE, zone) : settle;
  return { kind, speed, originateAt: originate.toISOString(), settleAt: settle.toISOString(), completeAt: complete.toISOString() };
}

function fastLeg(kind: LegKind, speed: Speed, from: Date, holdDays: number, ach: AchPacing): Omit<LegPlan, 'side'> {
  const originate = at(from, ach.originateAfterSeconds);
  const settle = at(originate, speed === 'same-day' ? ach.sameDayCompleteAfterSeconds : ach.completeAfterSeconds);
  const complete = kind === 'debit' ? at(settle, holdDays) : settle;
  return { kind, speed, originateAt: originate.toISOString(), settleAt: settle.toISOString(), completeAt: complete.toISOString() };
}

export interface PlanInput {
  now: Date;
  pacing: RailPacing;
  /** Debit leg (a bank-account source), if any. */
  debit?: { holdPeriod: AchDebitHoldPeriodValue };
  /** Credit leg (a bank-account destination), if any, and its speed. */
  credit?: { speed: Speed };
  trigger: AchReturnTrigger | undefined;
}

export function planAch(input: PlanInput): AchPlan {
  const { pacing } = input;
  const leg = (kind: LegKind, speed: Speed, from: Date, holdDays: number): LegPlan => ({
    ...(pacing.mode === 'realistic' ? realisticLeg(kind, speed, from, holdDays, pacing) : fastLeg(kind, speed, from, holdDays, pacing.ach)),
    side: kind === 'debit' ? 'source' : 'destination',
  });
  const legs: LegPlan[] = [];
  if (input.debit) legs.push(leg('debit', 'standard', input.now, HOLD_DAYS[input.debit.holdPeriod]));
  // Bank → bank: the credit goes out once the debited money is available (the hold is over).
  if (input.credit) legs.push(leg('credit', input.credit.speed, legs[0] ? new Date(legs[0].completeAt) : input.now, 0));
  const plan: AchPlan = { legs };
  const trigger = input.trigger;
  if (!trigger || legs.length === 0) return plan;
  const hit = legs.find((l) => l.kind === trigger.prefers) ?? legs[0]!;
  const lastCompletion = new Date(legs[legs.length - 1]!.completeAt);
  const returnAt =
    trigger.phase === 'clearing'
      ? new Date(hit.settleAt)
      : pacing.mode === 'realistic'
        ? atBankingDaysAfter(lastCompletion, 1, LATE_RETURN_ARRIVAL, pacing.timeZone)
        : at(lastCompletion, pacing.ach.returnAfterSeconds);
  plan.returns = { leg: hit.kind, phase: trigger.phase, at: returnAt.toISOString(), code: trigger.code, reason: trigger.reason, description: trigger.description };
  return plan;
}
