/**
 * How fast simulated rails move, in platform time (each platform's clock, see
 * docs/time-and-jobs.md). Only settings live here; the rails read them.
 *
 * - `fast` (the default): every step takes a few seconds, so an ACH transfer
 *   completes within seconds of real time and a demo or an integration test
 *   sees the whole lifecycle without touching the clock.
 * - `realistic`: steps follow the banking calendar Moov documents (docs/api-behaviour.md
 *   §6.2): same-day ACH windows, the standard cutoff, next-banking-day
 *   settlement, return windows. Pair it with `POST /railyard/clock/advance` to
 *   walk a transfer through those windows deterministically.
 */
export type RailPacingMode = 'fast' | 'realistic';

/** A wall-clock time of day in the rails' time zone, `HH:MM` (24 h). */
export type TimeOfDay = `${number}:${number}`;

export interface AchPacing {
  /** `fast`: seconds from creation until the ACH leg is originated. */
  originateAfterSeconds: number;
  /** `fast`: seconds from origination until a standard ACH leg completes. */
  completeAfterSeconds: number;
  /** `fast`: seconds from origination until a same-day ACH leg completes. */
  sameDayCompleteAfterSeconds: number;
  /** `fast`: seconds after origination at which a simulated return (magic amount) arrives. */
  returnAfterSeconds: number;
  /** `realistic`: same-day origination cutoffs, earliest first (10:00, 14:15, 16:15 ET). */
  sameDayCutoffs: readonly TimeOfDay[];
  /** `realistic`: the standard cutoff; legs originated by it settle the next banking day (17:30 ET). */
  standardCutoff: TimeOfDay;
  /** `realistic`: banking days debited funds are held before they are available (2). */
  debitHoldBankingDays: number;
  /** `realistic`: banking days in which an ordinary return may arrive (2). */
  returnWindowBankingDays: number;
  /** `realistic`: calendar days in which an unauthorized-debit return may arrive (60). */
  lateReturnWindowDays: number;
}

export interface CardPacing {
  /** `fast`: seconds from authorization until settlement with the issuer. */
  settleAfterSeconds: number;
  /** `fast`: seconds from settlement until the merchant wallet is credited. */
  completeAfterSeconds: number;
  /** `realistic`: the wallet is credited by this time on the banking day after the brand cutoff (13:00 ET). */
  walletCreditBy: TimeOfDay;
}

export interface RtpPacing {
  /** Seconds until the receiving bank answers; RTP is instant in both modes. */
  completeAfterSeconds: number;
}

export interface RailPacing {
  mode: RailPacingMode;
  /** IANA time zone the cutoffs are in. */
  timeZone: string;
  /** Wallet-to-wallet transfers complete this many seconds after creation (0: in the creating request). */
  walletCompleteAfterSeconds: number;
  ach: AchPacing;
  card: CardPacing;
  rtp: RtpPacing;
}

const CALENDAR = {
  sameDayCutoffs: ['10:00', '14:15', '16:15'],
  standardCutoff: '17:30',
  debitHoldBankingDays: 2,
  returnWindowBankingDays: 2,
  lateReturnWindowDays: 60,
} as const satisfies Partial<AchPacing>;

/**
 * Seconds, not banking days: an ACH credit completes 3 s after creation (same-day 2 s), a debit
 * 5 s with the default 2-day hold (docs/time-and-jobs.md has every figure).
 */
export const FAST_PACING: RailPacing = Object.freeze({
  mode: 'fast',
  timeZone: 'America/New_York',
  walletCompleteAfterSeconds: 0,
  ach: Object.freeze({
    originateAfterSeconds: 1,
    completeAfterSeconds: 2,
    sameDayCompleteAfterSeconds: 1,
    returnAfterSeconds: 1,
    ...CALENDAR,
  }),
  card: Object.freeze({ settleAfterSeconds: 1, completeAfterSeconds: 1, walletCreditBy: '13:00' }),
  rtp: Object.freeze({ completeAfterSeconds: 0 }),
});

/** The banking calendar: the `fast` durations are ignored, the windows rule. */
export const REALISTIC_PACING: RailPacing = Object.freeze({
  ...FAST_PACING,
  mode: 'realistic',
  rtp: Object.freeze({ completeAfterSeconds: 2 }),
});

export const DEFAULT_RAIL_PACING: RailPacingMode = 'fast';

/** `--rail-pacing fast|realistic` or RAILYARD_RAIL_PACING; absent means `fast`. */
export function parseRailPacing(text: string | undefined): RailPacing {
  const mode = (text ?? DEFAULT_RAIL_PACING).trim().toLowerCase();
  if (mode === 'fast') return FAST_PACING;
  if (mode === 'realistic') return REALISTIC_PACING;
  throw new Error(`--rail-pacing must be fast or realistic, not ${text}`);
}
