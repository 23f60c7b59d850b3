import { useState } from 'preact/hooks';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { href } from '../router.ts';
import { humanize } from '../format.ts';
import type { Transfer } from '../types.ts';
import { Badge, Empty, ErrorNote, Loading, Money, Panel, Table, Time } from '../components/ui.tsx';
import { SelectField, TextField } from '../components/fields.tsx';
import { CreateTransferForm } from './create-transfer-form.tsx';

const STATUSES = ['', 'created', 'pending', 'completed', 'failed', 'reversed', 'queued', 'canceled'];
const ACTIVE = new Set(['created', 'pending', 'queued']);

interface Filters {
  status: string;
  account: string;
  from: string;
  to: string;
}

function listPath(platformID: string, filters: Filters): string {
  const query = new URLSearchParams({ count: '100' });
  if (filters.status) query.set('status', filters.status);
  if (filters.account.trim()) query.set('accountIDs', filters.account.trim());
  if (filters.from) query.set('startDateTime', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) query.set('endDateTime', new Date(`${filters.to}T23:59:59.999`).toISOString());
  return `/accounts/${platformID}/transfers?${query}`;
}

export function TransfersPage({ platformID, route }: PageProps) {
  const initial: Filters = { status: route.query.get('status') ?? '', account: route.query.get('account') ?? '', from: '', to: '' };
  const [draft, setDraft] = useState<Filters>(initial);
  const [filters, setFilters] = useState<Filters>(initial);
  const [creating, setCreating] = useState(false);
  // Polled while any listed transfer is still moving, so statuses change on screen.
  const transfers = useApi<Transfer[]>(listPath(platformID, filters), { pollMs: 2_000, keepPolling: (list) => list.some((t) => ACTIVE.has(t.status)) });
  const set = (key: keyof Filters) => (value: string) => setDraft({ ...draft, [key]: value });

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Transfers</h1>
        <button type="button" class="button button-primary" aria-expanded={creating ? 'true' : 'false'} onClick={() => setCreating(!creating)}>
          {creating ? 'Close form' : 'New transfer'}
        </button>
      </div>
      {creating ? (
        <Panel title="New transfer">
          <CreateTransferForm platformID={platformID} onCreated={(transferID) => (location.hash = href('transfers', transferID))} />
        </Panel>
      ) : null}
      <form
        class="filters"
        aria-label="Filter transfers"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <SelectField label="Status" name="filter-status" value={draft.status} onChange={set('status')} options={STATUSES.map((s) => ({ value: s, label: s ? humanize(s) : 'Any status' }))} />
        <TextField label="Account ID" name="filter-account" value={draft.account} onInput={set('account')} placeholder="source or destination" />
        <TextField label="Created from" name="filter-from" type="date" value={draft.from} onInput={set('from')} />
        <TextField label="Created to" name="filter-to" type="date" value={draft.to} onInput={set('to')} />
        <div class="filters-actions">
          <button type="submit" class="button button-secondary">
            Apply filters
          </button>
        </div>
      </form>
      <ErrorNote message={transfers.error} />
      {transfers.loading && !transfers.data ? <Loading what="Loading transfers" /> : null}
      {transfers.data && transfers.data.length === 0 ? <Empty>No transfers match. Create one with “New transfer”.</Empty> : null}
      {transfers.data && transfers.data.length > 0 ? (
        <Table caption="Transfers" head={['Created', 'Amount', 'Status', 'From', 'To', 'Description']}>
          {transfers.data.map((t) => (
            <tr key={t.transferID}>
              <td>
                <a href={href('transfers', t.transferID)}>
                  <Time iso={t.createdOn} />
                </a>
              </td>
              <td class="num">
                <Money value={t.amount.value} currency={t.amount.currency} />
              </td>
              <td>
                <Badge status={t.status} />
              </td>
              <td>
                {t.source.account.displayName}
                <br />
                <span class="small muted">{humanize(t.source.paymentMethodType)}</span>
              </td>
              <td>
                {t.destination.account.displayName}
                <br />
                <span class="small muted">{humanize(t.destination.paymentMethodType)}</span>
              </td>
              <td>{t.description ?? ''}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </div>
  );
}
