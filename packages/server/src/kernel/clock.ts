/** Time comes from here, never from `new Date()` in domain code, so tests and sandboxes can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** RFC 3339 with milliseconds: fixed width, so stored timestamps sort as text. */
export function timestamp(clock: Clock): string {
  return clock.now().toISOString();
}
