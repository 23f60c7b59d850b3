import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/*
 * Whether the API is saturated right now, for background work that should give
 * way to it (the webhook delivery worker, decision 1500 "API first"). Saturated
 * means both: requests are waiting on this process (at least `minInFlight`
 * received and not yet answered) AND its event loop was busy for most of the
 * last sample (utilization at least `minUtilization`). Requests in flight alone
 * can be slow I/O; a busy event loop alone can be the background work itself.
 */

export interface ApiPressureOptions {
  minInFlight?: number;
  minUtilization?: number;
  /** How often the event loop's utilization is sampled. */
  sampleMs?: number;
}

export const API_PRESSURE_MIN_IN_FLIGHT = 4;
export const API_PRESSURE_MIN_UTILIZATION = 0.8;
const SAMPLE_MS = 100;

export interface ApiPressure {
  /** True while the API is saturated. */
  saturated(): boolean;
  /** Requests received and not yet answered. */
  inFlight(): number;
  stop(): void;
}

/**
 * `inFlight` counts the requests received and not yet answered: the app's
 * `requestsInProgress` (the same count that bounds them, edge-limits.ts).
 */
export function watchApiPressure(inFlight: () => number, options: ApiPressureOptions = {}): ApiPressure {
  const minInFlight = options.minInFlight ?? API_PRESSURE_MIN_IN_FLIGHT;
  const minUtilization = options.minUtilization ?? API_PRESSURE_MIN_UTILIZATION;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let utilization = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, options.sampleMs ?? SAMPLE_MS);
  timer.unref();
  return {
    saturated: () => inFlight() >= minInFlight && utilization >= minUtilization,
    inFlight,
    stop: () => clearInterval(timer),
  };
}
