import type { TransferStatusValue } from '@railyard/contract';
import type { z } from 'zod';
import { FINAL_STATUSES, type RailDetails, type RailName, type TransferRecord } from './model.ts';

/**
 * The transfer's state machine (docs/transfers.md "State machine"): which
 * top-level status may follow which, and which sub-status each rail's legs
 * (`achDetails`, `cardDetails`, `rtpDetails`) may take next. The tables say
 * what the rails and the cancellation service do, edge by edge;
 * `transitionTransfer` checks every change against them before it writes, so
 * a rail that tries anything else is stopped by an `IllegalTransferTransition`
 * (a bug of Railyard, never the caller's: a 500, nothing written).
 */

export const TRANSFER_EDGES: Readonly<Record<TransferStatusValue, readonly TransferStatusValue[]>> = {
  // Every rail's `start` moves the transfer on in the unit of work that inserted it, so `created` is never committed.
  created: [
    // a rail that initiated its first leg (ACH, card, RTP) or holds the money for later (wallet with a delay)
    'pending',
    // the wallet rail moving the money at once
    'completed',
    // the source wallet lacks the money (wallet, ACH wallet → bank, push to card, RTP)
    'failed',
  ],
  pending: [
    // the last step ran: ACH leg completed, card credited or pushed, RTP answered, wallet hold settled
    'completed',
    // card declined (pull: right after `initiated`, same unit), push or RTP refused, ACH return while clearing (R01, R02)
    'failed',
    // ACH bank → bank: the credit returned while clearing after the debit completed (the money came in and goes back).
    // The ACH rail's return step does this, though no sandbox amount reaches it today (R01/R02 hit the debit).
    'reversed',
    // a cancellation in time (ACH before the first leg originates, card before settlement / the network's answer)
    'canceled',
  ],
  // ACH returns after completion (R03–R07) arrive after the transfer completed.
  completed: ['reversed'],
  // The cancellation service cancels a queued transfer without its rail (Railyard creates none yet: transfer groups).
  queued: ['canceled'],
  failed: [],
  reversed: [],
  canceled: [],
};

export type Side = 'source' | 'destination';
export type DetailsKind = keyof RailDetails;

/** One leg's sub-statuses: what it may be first written with, and what may follow what. */
export interface LegMachine {
  details: DetailsKind;
  first: readonly string[];
  edges: Readonly<Record<string, readonly string[]>>;
}

/** ACH debit (source) and credit (destination) legs: rails/ach/rail.ts and cancel.ts. */
const ACH_LEG: LegMachine = {
  details: 'achDetails',
  // `start` initiates the first leg; a bank → bank debit's completion initiates the credit.
  first: ['initiated'],
  edges: {
    // the origination job at the cutoff; a cancellation before it
    initiated: ['originated', 'canceled'],
    // settlement (credit) or the end of the hold (debit); or a return while clearing (R01, R02)
    originated: ['completed', 'returned'],
    // a return after completion (R03–R07)
    completed: ['returned'],
    returned: [],
    canceled: [],
  },
};

/** Card payment / pull from card (source.cardDetails): rails/card/pull.ts and cancel.ts. */
const CARD_PULL_LEG: LegMachine = {
  details: 'cardDetails',
  first: ['initiated'],
  edges: {
    // the issuer's answer in the creating unit of work: authorized or declined
    initiated: ['confirmed', 'failed'],
    // the brand cutoff settles it; a cancellation before it reverses the authorization
    confirmed: ['settled', 'canceled'],
    // the merchant wallet is credited
    settled: ['completed'],
    completed: [],
    failed: [],
    canceled: [],
  },
};

/** Push to card (destination.cardDetails): rails/card/push.ts and cancel.ts. */
const CARD_PUSH_LEG: LegMachine = {
  details: 'cardDetails',
  first: ['initiated'],
  edges: {
    // the network's answer (paid out or declined), or a cancellation before it
    initiated: ['completed', 'failed', 'canceled'],
    completed: [],
    failed: [],
    canceled: [],
  },
};

/** RTP credit (destination.rtpDetails): rails/rtp/index.ts. Instant and final: no cancellation, no return. */
const RTP_LEG: LegMachine = {
  details: 'rtpDetails',
  first: ['initiated'],
  edges: {
    // the receiving bank's answer
    initiated: ['completed', 'accepted-without-posting', 'failed'],
    completed: [],
    'accepted-without-posting': [],
    failed: [],
  },
};

/**
 * The legs of each rail, by side: a rail writes no details outside them. The
 * wallet rail has no legs; details on a wallet transfer are not checked (the
 * test-only rail that stands in for it writes a `cardDetails` to see them
 * rendered).
 */
export const LEG_MACHINES: Readonly<Record<RailName, Readonly<Partial<Record<Side, LegMachine>>> | null>> = {
  ach: { source: ACH_LEG, destination: ACH_LEG },
  card: { source: CARD_PULL_LEG, destination: CARD_PUSH_LEG },
  rtp: { destination: RTP_LEG },
  wallet: null,
};

/** A transition the tables do not allow: a bug in the rail (or service) that tried it. */
export class IllegalTransferTransition extends Error {
  constructor(transfer: TransferRecord, what: string) {
    super(`illegal transition of ${transfer.rail} transfer ${transfer.transferID}: ${what}`);
    this.name = 'IllegalTransferTransition';
  }
}

export function isAllowedStatusChange(from: TransferStatusValue, to: TransferStatusValue): boolean {
  return TRANSFER_EDGES[from].includes(to);
}

/** Whether a leg may go from `from` (undefined: not written yet) to `to`; an unchanged status is no transition. */
export function isAllowedLegChange(machine: LegMachine, from: string | undefined, to: string): boolean {
  if (from === undefined) return machine.first.includes(to);
  return from === to || (machine.edges[from]?.includes(to) ?? false);
}

/**
 * Throws `IllegalTransferTransition` unless the change is in the tables: a new
 * top-level status must be an edge from the current one, nothing at all
 * changes a transfer in a final status (`FINAL_STATUSES`), and each leg
 * sub-status written must be an edge of its rail's leg machine.
 */
export function assertTransition(transfer: TransferRecord, change: { status?: TransferStatusValue; source?: RailDetails; destination?: RailDetails }): void {
  const from = transfer.status;
  if (FINAL_STATUSES.has(from)) throw new IllegalTransferTransition(transfer, `it is ${from}, after which nothing changes`);
  const to = change.status;
  if (to !== undefined && to !== from && !isAllowedStatusChange(from, to)) {
    throw new IllegalTransferTransition(transfer, `status ${from} → ${to}`);
  }
  const machines = LEG_MACHINES[transfer.rail];
  if (machines === null) return;
  for (const side of ['source', 'destination'] as const) {
    const patch = change[side];
    if (!patch) continue;
    for (const kind of ['achDetails', 'cardDetails', 'rtpDetails'] as const) {
      const details = patch[kind];
      if (details === undefined) continue;
      const machine = machines[side];
      if (!machine || machine.details !== kind) throw new IllegalTransferTransition(transfer, `the ${transfer.rail} rail writes no ${side}.${kind}`);
      const next = details['status'];
      if (next === undefined) continue;
      const current = transfer[side].details[kind]?.['status'];
      if (typeof next !== 'string' || (current !== undefined && typeof current !== 'string')) {
        throw new IllegalTransferTransition(transfer, `${side}.${kind}.status must be a string`);
      }
      if (!isAllowedLegChange(machine, current, next)) {
        throw new IllegalTransferTransition(transfer, `${side}.${kind}.status ${current ?? '(none)'} → ${next}`);
      }
    }
  }
}

/** A rail state that does not parse: stored by an older or broken rail, a bug to look into. */
export class MalformedRailState extends Error {
  constructor(transfer: TransferRecord, problem: string) {
    super(`transfer ${transfer.transferID}: malformed ${transfer.rail} rail state: ${problem}`);
    this.name = 'MalformedRailState';
  }
}

/** The transfer's `railState` checked against the rail's schema (each rail has one); throws `MalformedRailState`. */
export function parseRailState<S extends z.ZodType>(transfer: TransferRecord, schema: S): z.output<S> {
  const parsed = schema.safeParse(transfer.railState);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new MalformedRailState(transfer, problems.join('; '));
}
