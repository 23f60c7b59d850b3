import type { DisputeStatusValue } from '@railyard/contract';
import { Conflict } from '../../kernel/errors.ts';

/**
 * Where a dispute may go from each status (docs/disputes.md "Lifecycle"):
 *
 *   response-needed ──accept──────────► accepted   (final; the money stays with the cardholder)
 *         │        ──deadline passes──► expired    (final; Moov accepts on the merchant's behalf)
 *         └─submit evidence─► under-review ──network decides──► won (money back) | lost
 *
 * A Visa RDR pre-dispute opens `resolved` and never moves. `closed` (the
 * issuer withdrew) is a status Moov has that no sandbox trigger reaches.
 */
const NEXT: Readonly<Record<DisputeStatusValue, readonly DisputeStatusValue[]>> = {
  'response-needed': ['accepted', 'expired', 'under-review'],
  'under-review': ['won', 'lost'],
  resolved: [],
  closed: [],
  accepted: [],
  expired: [],
  won: [],
  lost: [],
};

export function canMove(from: DisputeStatusValue, to: DisputeStatusValue): boolean {
  return NEXT[from].includes(to);
}

/** Whether the merchant may still act on the dispute (accept it, change or submit evidence). */
export function awaitsResponse(status: DisputeStatusValue): boolean {
  return status === 'response-needed';
}

/** 409, as the API answers an action on a dispute in the wrong state. */
export function refuseUnlessAwaitingResponse(status: DisputeStatusValue, action: string): void {
  if (!awaitsResponse(status)) throw new Conflict(`the dispute is ${status}: ${action} only while it is response-needed`);
}

export class IllegalDisputeTransition extends Error {
  constructor(from: DisputeStatusValue, to: DisputeStatusValue) {
    super(`a dispute cannot go from ${from} to ${to}`);
    this.name = 'IllegalDisputeTransition';
  }
}
