import { TooManyRequests, Unauthorized } from '../../kernel/errors.ts';

/*
 * Limits on failed logins (API key checks: HTTP Basic and the OAuth2 client
 * credentials), per public key and per client address, in fixed one-minute
 * windows. See docs/decisions/0207-failed-login-limits.md.
 *
 * - An address with MAX_FAILURES_PER_ADDRESS failures in its window is refused
 *   (429) before its credentials are read, whatever key it sends.
 * - A key with MAX_FAILURES_PER_KEY failures in its window is refused to every
 *   address that has failed a login in its own window, without reading the
 *   secret, so a guessing address learns nothing, not even from the right
 *   secret. An address with no failure still has its credentials checked: the
 *   key's owner is not locked out by someone guessing at its key, and a fresh
 *   address gets one guess before it waits too.
 *
 * Bearer tokens are not counted: they are 256-bit random strings, nothing a
 * guess can find, and a client retrying an expired token is not an attack.
 */

/** Failed logins per public key in one window (across addresses): an API secret is never typed, so ten is generous. */
export const MAX_FAILURES_PER_KEY = 10;
/** Failed logins per client address in one window, whatever keys it tries: room for a few misconfigured clients behind one NAT. */
export const MAX_FAILURES_PER_ADDRESS = 50;
/** Length of a window, from the first failure it counts. */
export const FAILURE_WINDOW_MS = 60_000;
/** Bound on tracked keys and on tracked addresses, each: the least recently failed entries are forgotten first. */
export const MAX_TRACKED_ENTRIES = 10_000;
/** Longest public key kept (real ones are at most 128 characters); longer ones are counted by their start. */
const MAX_KEY_LENGTH = 128;

/** What is known of one failed or refused login, for the log: never the secret. */
export interface LoginAttempt {
  publicKey: string;
  address: string;
  keyFailures: number;
  addressFailures: number;
}

/** A wrong API key or secret (401), carrying the attempt so the HTTP edge can log it. */
export class FailedLogin extends Unauthorized {
  constructor(readonly attempt: LoginAttempt) {
    super();
  }
}

/**
 * A login refused by the failure limits (429 with Retry-After). `checked`: the
 * credentials were read and wrong (a counted failure, logged like one), rather
 * than refused unread.
 */
export class LimitedLogin extends TooManyRequests {
  constructor(
    readonly attempt: LoginAttempt,
    retryAfterSeconds: number,
    readonly checked: boolean,
  ) {
    super(retryAfterSeconds);
  }
}

interface Window {
  start: number;
  failures: number;
}

/** Failures per name in fixed windows; a Map in least-recently-failed order, capped. */
class FailureWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly nowMs: () => number,
    private readonly maxEntries: number,
  ) {}

  /** The live window of a name, if any (an expired one is forgotten). */
  get(name: string): Window | undefined {
    const window = this.windows.get(name);
    if (window && this.nowMs() - window.start >= FAILURE_WINDOW_MS) {
      this.windows.delete(name);
      return undefined;
    }
    return window;
  }

  failures(name: string): number {
    return this.get(name)?.failures ?? 0;
  }

  /** Counts one failure; answers the window's count. */
  add(name: string): number {
    const window = this.get(name) ?? { start: this.nowMs(), failures: 0 };
    window.failures += 1;
    this.windows.delete(name);
    this.windows.set(name, window);
    while (this.windows.size > this.maxEntries) {
      const oldest = this.windows.keys().next().value as string;
      this.windows.delete(oldest);
    }
    return window.failures;
  }

  /** Whole seconds until a name's window ends (at least 1). */
  secondsLeft(name: string): number {
    const window = this.get(name);
    const left = window ? window.start + FAILURE_WINDOW_MS - this.nowMs() : 0;
    return Math.max(1, Math.ceil(left / 1000));
  }

  get size(): number {
    return this.windows.size;
  }
}

export class LoginLimits {
  private readonly byKey: FailureWindows;
  private readonly byAddress: FailureWindows;

  constructor(nowMs: () => number = Date.now, maxEntries = MAX_TRACKED_ENTRIES) {
    this.byKey = new FailureWindows(nowMs, maxEntries);
    this.byAddress = new FailureWindows(nowMs, maxEntries);
  }

  /** Before credentials are read: the refusal to answer, or undefined to go on and check them. */
  refusal(publicKey: string, address: string): LimitedLogin | undefined {
    const key = keyName(publicKey);
    const addressFailures = this.byAddress.failures(address);
    const keyFailures = this.byKey.failures(key);
    const attempt = { publicKey: key, address, keyFailures, addressFailures };
    if (addressFailures >= MAX_FAILURES_PER_ADDRESS) return new LimitedLogin(attempt, this.byAddress.secondsLeft(address), false);
    if (keyFailures >= MAX_FAILURES_PER_KEY && addressFailures > 0) {
      return new LimitedLogin(attempt, Math.max(this.byKey.secondsLeft(key), this.byAddress.secondsLeft(address)), false);
    }
    return undefined;
  }

  /** After credentials were wrong: counts the failure and answers the error to throw (429 once a bound is passed). */
  failure(publicKey: string, address: string): FailedLogin | LimitedLogin {
    const key = keyName(publicKey);
    const attempt = { publicKey: key, address, keyFailures: this.byKey.add(key), addressFailures: this.byAddress.add(address) };
    if (attempt.keyFailures > MAX_FAILURES_PER_KEY) return new LimitedLogin(attempt, this.byKey.secondsLeft(key), true);
    if (attempt.addressFailures > MAX_FAILURES_PER_ADDRESS) return new LimitedLogin(attempt, this.byAddress.secondsLeft(address), true);
    return new FailedLogin(attempt);
  }

  /** How many keys and addresses are tracked (for tests of the memory bound). */
  tracked(): { keys: number; addresses: number } {
    return { keys: this.byKey.size, addresses: this.byAddress.size };
  }
}

function keyName(publicKey: string): string {
  return publicKey.length > MAX_KEY_LENGTH ? publicKey.slice(0, MAX_KEY_LENGTH) : publicKey;
}
