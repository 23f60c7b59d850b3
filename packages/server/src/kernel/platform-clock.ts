import type { Sql, Store } from '../store/port.ts';
import { addToClockOffset, ensureClockRow, raiseClockOffset, readClockOffset } from '../store/repos/platform-clocks.ts';
import type { Clock } from './clock.ts';
import { ValidationFailed } from './errors.ts';

const MS_PER_SECOND = 1000;
const SECONDS_PER_DAY = 86_400;

/** One advance moves a clock at most this far: a test walks a year of settlement in a call or two, no further. */
export const MAX_ADVANCE_SECONDS = 400 * SECONDS_PER_DAY;
/** A clock never runs more than a century ahead, so its timestamps keep four-digit years and sort as text. */
export const MAX_CLOCK_OFFSET_MS = 100 * 366 * SECONDS_PER_DAY * MS_PER_SECOND;

/** Exactly one of the two: a relative jump, or a jump to an instant (RFC 3339). */
export interface AdvanceRequest {
  seconds?: number | undefined;
  until?: string | undefined;
}

export interface ClockReading {
  platformID: string;
  /** The platform's current time. */
  now: Date;
  /** How far the platform's clock runs ahead of real time; never negative. */
  offsetMs: number;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** A `Clock` that runs `offsetMs` ahead of `base`. */
export function offsetClock(base: Clock, offsetMs: number): Clock {
  return { now: () => new Date(base.now().getTime() + offsetMs) };
}

/**
 * Each platform's clock: real time (the injected base clock) plus a stored
 * offset that only grows, so a platform's time never goes backwards and one
 * platform's advance never moves another's clock.
 *
 * Nothing is cached: the offset is one primary-key read, and reading it where
 * it is used (in the caller's unit of work, or in the job claim query) means a
 * server process sees another process's advance on its very next read.
 */
export class PlatformClock {
  constructor(
    private readonly store: Store,
    private readonly base: Clock,
  ) {}

  /** The platform's current time. */
  async now(platformID: string): Promise<Date> {
    return (await this.read(platformID)).now;
  }

  async read(platformID: string): Promise<ClockReading> {
    const offsetMs = await this.store.read((sql) => readClockOffset(sql, platformID));
    return { platformID, now: new Date(this.base.now().getTime() + offsetMs), offsetMs };
  }

  /**
   * A `Clock` for one platform, its offset read inside the caller's unit of
   * work: domain code that takes a `Clock` runs on platform time unchanged.
   */
  async view(sql: Sql, platformID: string): Promise<Clock> {
    return offsetClock(this.base, await readClockOffset(sql, platformID));
  }

  /** The same view from an offset the caller read with something else in one statement (transfer creation, decision 2001). */
  viewAtOffset(offsetMs: number): Clock {
    return offsetClock(this.base, offsetMs);
  }

  /**
   * Moves the platform's clock forward by `seconds`, or to `until`. Refuses
   * (422) a jump of nothing, backwards, or beyond the bounds.
   */
  async advance(platformID: string, request: AdvanceRequest): Promise<ClockReading> {
    const target = parseAdvance(request);
    const { realNow, offsetMs } = await this.store.write(async (sql) => {
      const realNow = this.base.now().getTime();
      await ensureClockRow(sql, platformID, new Date(realNow).toISOString());
      const current = await readClockOffset(sql, platformID);
      const updatedOn = new Date(realNow + current).toISOString();
      if (target.kind === 'seconds') {
        const deltaMs = target.seconds * MS_PER_SECOND;
        const moved = await addToClockOffset(sql, { platformID, deltaMs, maxOffsetMs: MAX_CLOCK_OFFSET_MS, updatedOn });
        if (!moved) throw new ValidationFailed({ seconds: tooFarMessage() });
      } else {
        const platformNow = realNow + current;
        if (target.untilMs <= platformNow) {
          throw new ValidationFailed({ until: `must be later than the platform's current time ${new Date(platformNow).toISOString()}` });
        }
        if (target.untilMs - platformNow > MAX_ADVANCE_SECONDS * MS_PER_SECOND) {
          throw new ValidationFailed({ until: `must be at most ${MAX_ADVANCE_SECONDS} seconds after the platform's current time` });
        }
        const offsetMs = target.untilMs - realNow;
        if (offsetMs > MAX_CLOCK_OFFSET_MS) throw new ValidationFailed({ until: tooFarMessage() });
        // A concurrent advance may have passed `until` since the read: the offset still only grows.
        const moved = await raiseClockOffset(sql, { platformID, offsetMs, updatedOn });
        if (!moved) throw new ValidationFailed({ until: "must be later than the platform's current time" });
      }
      return { realNow, offsetMs: await readClockOffset(sql, platformID) };
    });
    // The time at the moment of the move: `until` exactly, unless a concurrent advance went further.
    return { platformID, now: new Date(realNow + offsetMs), offsetMs };
  }
}

function tooFarMessage(): string {
  return `would put the clock more than ${MAX_CLOCK_OFFSET_MS / MS_PER_SECOND / SECONDS_PER_DAY} days ahead of real time`;
}

type AdvanceTarget = { kind: 'seconds'; seconds: number } | { kind: 'until'; untilMs: number };

/** The HTTP schema checks these too; the domain checks again so no other caller can bend them. */
function parseAdvance(request: AdvanceRequest): AdvanceTarget {
  const hasSeconds = request.seconds !== undefined;
  const hasUntil = request.until !== undefined;
  if (hasSeconds === hasUntil) {
    const message = hasSeconds ? 'send either seconds or until, not both' : 'send seconds or until';
    throw new ValidationFailed({ seconds: message, until: message });
  }
  if (hasSeconds) {
    const seconds = request.seconds!;
    if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_ADVANCE_SECONDS) {
      throw new ValidationFailed({ seconds: `must be a whole number from 1 to ${MAX_ADVANCE_SECONDS}` });
    }
    return { kind: 'seconds', seconds };
  }
  const until = request.until!;
  const untilMs = RFC3339.test(until) ? Date.parse(until) : NaN;
  if (!Number.isFinite(untilMs)) throw new ValidationFailed({ until: 'must be an RFC 3339 timestamp' });
  return { kind: 'until', untilMs };
}

/**
 * The platform's clock read in the caller's unit of work, for services built on
 * the plain clock: what they record (events and their webhook deliveries,
 * decision 1500) is stamped with platform time, so it follows
 * `POST /railyard/clock/advance` like transfers do.
 */
export async function platformClockIn(sql: Sql, base: Clock, platformID: string): Promise<Clock> {
  return offsetClock(base, await readClockOffset(sql, platformID));
}
