import { defineOperation } from '../core/operation.ts';
import { GenericError } from '../schemas/common.ts';
import { AdvanceClockError, AdvanceClockRequest, ClockState } from '../schemas/sandbox.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Railyard-only operations, outside Moov's namespace (`/railyard/…`). Each
 * platform has its own clock; simulated rails run on it. Bearer tokens need the
 * transfer scopes of the calling platform's own account, as moving the clock
 * moves its transfers: `{accountID}` is filled with the caller's platform ID.
 */


export const getClock = defineOperation({
  id: 'sandbox.getClock',
  method: 'GET',
  path: '/railyard/clock',
  summary: "Get the platform's clock (Railyard only)",
  description:
    "Answers the calling platform's current time, on which its simulated rails run, and how far it runs ahead of " +
    'real time. Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.read'],
  readOnly: true,
  request: {},
  response: { status: 200, description: "The platform's clock", body: ClockState },
  errors: { 401: noCredentials, 403: missingScope },
});

export const advanceClock = defineOperation({
  id: 'sandbox.advanceClock',
  method: 'POST',
  path: '/railyard/clock/advance',
  summary: "Move the platform's clock forward (Railyard only)",
  description:
    "Moves the calling platform's clock forward, never back, so a test can walk transfers through same-day windows, " +
    'next-day settlement and late returns without waiting. Send exactly one of `seconds` (whole seconds to add, at most ' +
    '400 days) or `until` (an RFC 3339 instant later than the clock now, at most 400 days ahead). Work that became due ' +
    "runs before the answer, so its effects are visible right after the call. Other platforms' clocks do not move. " +
    'Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.write'],
  readOnly: false,
  request: { body: AdvanceClockRequest, bodyRequired: true },
  response: { status: 200, description: 'The clock after the move', body: ClockState },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    422: { description: 'Invalid fields, keyed like the request', body: AdvanceClockError },
  },
});

export const sandboxOperations = [getClock, advanceClock] as const;
