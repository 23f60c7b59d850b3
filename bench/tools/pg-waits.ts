// What PostgreSQL's backends were waiting for while a run went on: every 10 ms, the wait event of
// each active backend of the bench's database (pg_stat_activity), so that the half-rate run's
// slowest windows can say what held their requests (bench/README.md, "The tail at half rate: the
// WAL's flush"). One backend in `IO:WALSync` with the others queued on `LWLock:WALWrite` is a
// COMMIT waiting for the disk's flush; `Lock:transactionid` or `Lock:tuple` is a row lock (the hot
// account); `running` is an active backend with no wait event (on a core, or waiting for one).
//
// It reads on a connection of its own from the bench's thread: a query every 10 ms is small
// beside the run's own (hundreds of creates per second, two messages each). It costs no setting
// and no extension: pg_stat_activity shows a role its own sessions (the bench's role runs them).
import pg from 'pg';

export interface WaitSample {
  /** When the sample was taken (epoch ms). */
  at: number;
  /** One entry per active backend: `type:event`, or `running`. */
  waits: string[];
}

export interface WaitSampler {
  /** Stops sampling and answers the samples, with the error that ended sampling early if one did. */
  stop(): Promise<{ samples: WaitSample[]; error?: string }>;
}

/** A run is at most 60 s (bench/run.ts): 6,000 samples at 10 ms. Bounded anyway. */
const MAX_SAMPLES = 20_000;

const QUERY = `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS wait
                 FROM pg_stat_activity
                WHERE datname = current_database() AND backend_type = 'client backend'
                  AND state = 'active' AND pid <> pg_backend_pid()`;

export function startWaitSampler(databaseUrl: string, intervalMs = 10): WaitSampler {
  if (!Number.isInteger(intervalMs) || intervalMs < 1 || intervalMs > 1000) throw new Error(`wait sampler: the interval must be 1–1000 ms, not ${intervalMs}`);
  const samples: WaitSample[] = [];
  let stopping = false;
  let error: string | undefined;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'railyard-bench-waits' });
  // A connection that fails later (the server restarted) ends sampling; it never ends the bench.
  client.on('error', (e: Error) => {
    error ??= e.message;
  });
  const done = (async () => {
    try {
      await client.connect();
      while (!stopping && samples.length < MAX_SAMPLES) {
        const at = Date.now();
        const { rows } = await client.query<{ wait: string }>(QUERY);
        samples.push({ at, waits: rows.map((row) => row.wait) });
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    } catch (e) {
      error ??= e instanceof Error ? e.message : String(e);
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopping = true;
      await done;
      return error === undefined ? { samples } : { samples, error };
    },
  };
}

/** What the samples taken from `fromMs` to `toMs` (epoch ms) saw. */
export interface WindowWaits {
  /** How many samples fell in the window. */
  samples: number;
  /**
   * The longest time without a sample in the window, its edges included: far over the interval,
   * the sampler's own thread did not run (the bench process, which is also the load generator,
   * was held up), and the waits say nothing of that time.
   */
  longestGapMs: number;
  /** How many times each wait was seen, most seen first. */
  counts: Array<[string, number]>;
}

export function waitsDuring(samples: readonly WaitSample[], fromMs: number, toMs: number): WindowWaits {
  const counts = new Map<string, number>();
  let n = 0;
  let last = fromMs;
  let longestGapMs = 0;
  for (const sample of samples) {
    if (sample.at < fromMs || sample.at > toMs) continue;
    n++;
    longestGapMs = Math.max(longestGapMs, sample.at - last);
    last = sample.at;
    for (const wait of sample.waits) counts.set(wait, (counts.get(wait) ?? 0) + 1);
  }
  longestGapMs = Math.max(longestGapMs, toMs - last);
  return { samples: n, longestGapMs: Math.round(longestGapMs), counts: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) };
}

/** As the bench prints it after a window: `[14 samples, gap 21 ms: LWLock:WALWrite 36, IO:WALSync 9]`. */
export function describeWaits(waits: WindowWaits): string {
  const seen = waits.counts.length === 0 ? 'no active backend seen' : waits.counts.map(([wait, n]) => `${wait} ${n}`).join(', ');
  return `[${waits.samples} sample${waits.samples === 1 ? '' : 's'}, gap ${waits.longestGapMs} ms: ${seen}]`;
}
