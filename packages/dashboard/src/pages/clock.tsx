import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import { href } from '../router.ts';
import type { Job } from '../types.ts';
import { CLOCK_CHANGED, formatOffset, type ClockState } from '../components/clock-badge.tsx';
import { Badge, Details, Empty, ErrorNote, Panel, Table, Time } from '../components/ui.tsx';
import { TextField } from '../components/fields.tsx';

const PRESETS: [string, number][] = [
  ['1 minute', 60],
  ['1 hour', 3_600],
  ['1 day', 86_400],
  ['3 days', 3 * 86_400],
];

interface JobList {
  jobs: Job[];
  counts: Record<string, number>;
}

interface Advance {
  from: string;
  to: string;
}

/** The platform clock: see it, move it forward, and see the jobs that became due and ran. */
export function ClockPage(_props: PageProps) {
  const clock = useApi<ClockState>('/railyard/clock', { pollMs: 2_000 });
  const [lastAdvance, setLastAdvance] = useState<Advance | undefined>(undefined);
  const jobs = useApi<JobList>('/railyard/jobs?count=100', { pollMs: 3_000, refreshKey: lastAdvance?.to });
  const [seconds, setSeconds] = useState('');
  const submit = useSubmit();

  async function advance(by: number) {
    const before = clock.data?.now;
    await submit.run(async () => {
      const after = await api<ClockState>('POST', '/railyard/clock/advance', { body: { seconds: by } });
      setLastAdvance({ from: before ?? after.now, to: after.now });
      clock.reload();
      dispatchEvent(new Event(CLOCK_CHANGED));
    });
  }

  const becameDue = lastAdvance
    ? (jobs.data?.jobs ?? []).filter((job) => job.finishedOn && Date.parse(job.runAt) > Date.parse(lastAdvance.from) && Date.parse(job.runAt) <= Date.parse(lastAdvance.to))
    : [];
  const waiting = (jobs.data?.jobs ?? []).filter((job) => job.status === 'pending' || job.status === 'claimed');
  const finished = (jobs.data?.jobs ?? []).filter((job) => job.status === 'completed' || job.status === 'failed');

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Clock &amp; jobs</h1>
      </div>
      <div class="grid-2">
        <Panel title="Platform clock">
          <ErrorNote message={clock.error} />
          {clock.data ? (
            <Details
              rows={[
                ['Platform time', <strong data-testid="platform-time"><Time iso={clock.data.now} /></strong>],
                ['Ahead of real time', clock.data.offsetSeconds > 0 ? formatOffset(clock.data.offsetSeconds) : 'not ahead'],
              ]}
            />
          ) : null}
          <p class="small muted">Simulated rails run on this clock. Moving it runs whatever became due; it never goes back, and other platforms' clocks do not move.</p>
          <div class="button-row" role="group" aria-label="Advance the clock by">
            {PRESETS.map(([label, by]) => (
              <button type="button" class="button button-secondary" key={label} disabled={submit.busy} onClick={() => advance(by)}>
                +{label}
              </button>
            ))}
          </div>
          <form
            class="inline-form"
            aria-label="Advance the clock by seconds"
            onSubmit={(event) => {
              event.preventDefault();
              void advance(Number(seconds));
            }}
          >
            <TextField label="Seconds" name="seconds" value={seconds} onInput={setSeconds} errors={submit.errors} inputMode="numeric" />
            <button type="submit" class="button button-primary" disabled={submit.busy}>
              Advance
            </button>
          </form>
          <ErrorNote message={submit.message} />
        </Panel>
        <Panel title="Became due in the last advance">
          {lastAdvance ? (
            <>
              <p class="small muted">
                From <Time iso={lastAdvance.from} /> to <Time iso={lastAdvance.to} />
              </p>
              {becameDue.length === 0 ? <Empty>Nothing was due in that window.</Empty> : <JobTable caption="Jobs that became due" jobs={becameDue} />}
            </>
          ) : (
            <Empty>Advance the clock to see what became due.</Empty>
          )}
        </Panel>
      </div>
      <Panel title="Job queue">
        {jobs.data ? (
          <p class="small">
            {Object.entries(jobs.data.counts).map(([status, count]) => (
              <span class="count" key={status}>
                <Badge status={status} /> {count}
              </span>
            ))}
          </p>
        ) : null}
        <ErrorNote message={jobs.error} />
        <h3>Waiting</h3>
        {waiting.length === 0 ? <Empty>No job is waiting.</Empty> : <JobTable caption="Waiting jobs" jobs={waiting} />}
        <h3>Finished (latest first)</h3>
        {finished.length === 0 ? <Empty>No job has run yet.</Empty> : <JobTable caption="Finished jobs" jobs={finished} />}
      </Panel>
    </div>
  );
}

function JobTable({ caption, jobs }: { caption: string; jobs: Job[] }) {
  return (
    <Table caption={caption} head={['Due (platform time)', 'Job', 'Status', 'Transfer', 'Attempts', 'Ran at (real time)']}>
      {jobs.map((job) => (
        <tr key={job.jobID}>
          <td>
            <Time iso={job.runAt} />
          </td>
          <td>
            <code>{job.kind}</code>
            {job.lastError ? <div class="small muted">{job.lastError}</div> : null}
          </td>
          <td>
            <Badge status={job.status} />
          </td>
          <td>{job.transferID ? <a href={href('transfers', job.transferID)}>{job.transferID.slice(0, 8)}…</a> : '—'}</td>
          <td class="num">
            {job.attempts}/{job.maxAttempts}
          </td>
          <td>
            <Time iso={job.finishedOn} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
