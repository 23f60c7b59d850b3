import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, SessionEnded } from '../api.ts';
import type { PageProps } from '../sections.ts';
import { href } from '../router.ts';
import type { RecordedEvent } from '../types.ts';
import { Badge, Empty, ErrorNote, Json, Loading, Table, Time } from '../components/ui.tsx';

const PAGE = 1000;
const SHOWN = 200;

/** Links to what an event names (transfer, account), when it names one. */
function subject(event: RecordedEvent) {
  const transferID = event.data['transferID'];
  const accountID = event.data['accountID'];
  if (typeof transferID === 'string') return <a href={href('transfers', transferID)}>transfer {transferID.slice(0, 8)}…</a>;
  if (typeof accountID === 'string') return <a href={href('accounts', accountID)}>account {accountID.slice(0, 8)}…</a>;
  return <span class="muted">—</span>;
}

/**
 * The platform's event feed (GET /railyard/events), newest first. The feed is
 * read from its cursor: the first visit reads it to the end, later polls read
 * only what is new.
 */
export function EventsPage(_props: PageProps) {
  const [events, setEvents] = useState<RecordedEvent[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [type, setType] = useState('');

  useEffect(() => {
    let cancelled = false;
    let cursor = '0';
    let all: RecordedEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        for (;;) {
          const page = await api<{ events: RecordedEvent[]; nextCursor: string }>('GET', `/railyard/events?after=${cursor}&count=${PAGE}`);
          cursor = page.nextCursor;
          all = all.concat(page.events).slice(-SHOWN);
          if (page.events.length < PAGE) break;
        }
        if (cancelled) return;
        setEvents([...all].reverse());
        setError(undefined);
        timer = setTimeout(read, 3_000);
      } catch (caught) {
        if (!cancelled && !(caught instanceof SessionEnded)) setError(caught instanceof ApiError ? caught.message : String(caught));
      }
    };
    void read();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, []);

  const types = [...new Set((events ?? []).map((e) => e.type))].sort();
  const shown = (events ?? []).filter((e) => !type || e.type === type);
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Events</h1>
      </div>
      <p class="muted">
        Everything the platform recorded, newest first (the last {SHOWN}). Webhooks receive these; see <a href={href('webhooks')}>Webhooks</a> for deliveries.
      </p>
      <div class="toolbar">
        <label for="event-type">Type</label>
        <select id="event-type" value={type} onChange={(event) => setType((event.target as HTMLSelectElement).value)}>
          <option value="">All types</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <ErrorNote message={error} />
      {!events && !error ? <Loading what="Loading events" /> : null}
      {events && shown.length === 0 ? <Empty>No events yet.</Empty> : null}
      {shown.length > 0 ? (
        <Table caption="Events" head={['When', 'Type', 'Status', 'About', 'Data']}>
          {shown.map((event) => (
            <tr key={event.eventID}>
              <td>
                <Time iso={event.createdOn} />
              </td>
              <td>
                <code>{event.type}</code>
              </td>
              <td>{typeof event.data['status'] === 'string' ? <Badge status={event.data['status'] as string} /> : null}</td>
              <td>{subject(event)}</td>
              <td>
                <Json value={{ eventID: event.eventID, ...event.data }} label="data" />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </div>
  );
}
