import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { href } from '../router.ts';
import { humanize } from '../format.ts';
import type { LedgerEntry, RecordedEvent, Transfer, TransferParty } from '../types.ts';
import { Badge, Details, Empty, ErrorNote, Id, Json, Loading, Money, Panel, Table, Time } from '../components/ui.tsx';
import { RefundsPanel } from './transfer-refunds.tsx';
import { TransferActions } from './transfer-actions.tsx';
import { RAIL_DETAILS, timeline } from '../timeline.ts';

/** Card payments can be refunded (and disputed): their page lists the refunds. */
const REFUNDABLE = new Set(['card-payment', 'apple-pay', 'google-pay']);

const ACTIVE = new Set(['created', 'pending', 'queued']);

function party(p: TransferParty) {
  const rail = RAIL_DETAILS.map((key) => p[key]).find(Boolean);
  return (
    <Details
      rows={[
        ['Account', <a href={href('accounts', p.account.accountID)}>{p.account.displayName}</a>],
        ['Payment method', humanize(p.paymentMethodType)],
        ['Rail status', rail?.status ? <Badge status={String(rail.status)} /> : undefined],
      ]}
    />
  );
}

export function TransferPage({ id, platformID }: PageProps) {
  const isActive = (t: Transfer) => ACTIVE.has(t.status);
  const transfer = useApi<Transfer>(`/accounts/${platformID}/transfers/${encodeURIComponent(id)}`, { pollMs: 1_000, keepPolling: isActive });
  // The ledger, events and refunds follow the transfer: read again whenever any of it changes.
  const stamp = transfer.data ? JSON.stringify(transfer.data) : '';
  const ledger = useApi<{ entries: LedgerEntry[] }>(transfer.data ? `/railyard/transfers/${encodeURIComponent(id)}/ledger-entries` : null, { refreshKey: stamp });
  const events = useApi<{ events: RecordedEvent[] }>(transfer.data ? `/railyard/transfers/${encodeURIComponent(id)}/events` : null, { refreshKey: stamp });

  if (transfer.error) {
    return (
      <div class="page">
        <h1 tabIndex={-1}>Transfer</h1>
        <ErrorNote message={transfer.error} />
      </div>
    );
  }
  if (!transfer.data) return <Loading what="Loading the transfer" />;
  const t = transfer.data;
  const steps = timeline(t, events.data?.events ?? []);
  return (
    <div class="page">
      <nav class="breadcrumbs" aria-label="Breadcrumb">
        <a href={href('transfers')}>Transfers</a> <span aria-hidden="true">/</span> <span aria-current="page">{t.transferID.slice(0, 8)}…</span>
      </nav>
      <div class="page-header">
        <h1 tabIndex={-1}>
          <Money value={t.amount.value} currency={t.amount.currency} /> <span class="muted">transfer</span>
        </h1>
        <span data-testid="transfer-status" aria-live="polite">
          <Badge status={t.status} />
        </span>
      </div>
      {t.failureReason ? <p class="error-note">Failure reason: {humanize(t.failureReason)}</p> : null}
      <TransferActions transfer={t} platformID={platformID} onChanged={transfer.reload} />
      <div class="grid-2">
        <Panel title="Summary">
          <Details
            rows={[
              ['Transfer ID', <Id value={t.transferID} />],
              ['Description', t.description],
              ['Created', <Time iso={t.createdOn} />],
              ['Completed', t.completedOn ? <Time iso={t.completedOn} /> : undefined],
              ['Foreign ID', t.foreignID],
              ['Refunded', t.refundedAmount && t.refundedAmount.value > 0 ? <Money value={t.refundedAmount.value} currency={t.refundedAmount.currency} /> : undefined],
              [
                'Disputes',
                t.disputes?.length ? (
                  <a href={href('disputes')}>
                    {t.disputes.length} dispute{t.disputes.length > 1 ? 's' : ''}, <Money value={t.disputedAmount?.value ?? 0} currency={t.disputedAmount?.currency ?? 'USD'} /> disputed
                  </a>
                ) : undefined,
              ],
            ]}
          />
          <Json value={t} label="The transfer as the API answers it" />
        </Panel>
        <Panel title="Source">{party(t.source)}</Panel>
        <Panel title="Destination">{party(t.destination)}</Panel>
        <Panel title="Timeline">
          <ol class="timeline" aria-label="Statuses and sub-statuses in time order">
            {steps.map((step, index) => (
              <li key={`${step.origin}-${step.status}-${index}`} class="timeline-step">
                <span class={`timeline-dot dot-${step.status}`} aria-hidden="true" />
                <div>
                  <strong>{step.label}</strong>
                  <div class="small muted">
                    <Time iso={step.at} /> · {step.origin}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
      <Panel title="Ledger postings">
        <p class="small muted">The double-entry ledger under this transfer: every entry balances to zero.</p>
        <ErrorNote message={ledger.error} />
        {ledger.data && ledger.data.entries.length === 0 ? <Empty>No ledger entries yet.</Empty> : null}
        {ledger.data && ledger.data.entries.length > 0 ? (
          <Table caption="Ledger postings" head={['Entry', 'When', 'Ledger account', 'Bucket', 'Amount', 'Available after', 'Pending after']}>
            {ledger.data.entries.flatMap((entry) =>
              entry.postings.map((posting, index) => (
                <tr key={`${entry.entryID}-${posting.line}`} class={index === 0 ? 'entry-first' : ''}>
                  <td>{index === 0 ? <strong>{humanize(entry.entryType)}</strong> : null}</td>
                  <td>{index === 0 ? <Time iso={entry.createdOn} /> : null}</td>
                  <td>
                    {humanize(posting.ledgerAccount.kind)}
                    {posting.ledgerAccount.accountID ? (
                      <>
                        {' '}
                        <a class="small" href={href('accounts', posting.ledgerAccount.accountID)}>
                          account
                        </a>
                      </>
                    ) : null}
                  </td>
                  <td>{posting.bucket}</td>
                  <td class="num">
                    <Money value={posting.amount} currency={posting.currency} />
                  </td>
                  <td class="num">
                    <Money value={posting.availableAfter} currency={posting.currency} />
                  </td>
                  <td class="num">
                    <Money value={posting.pendingAfter} currency={posting.currency} />
                  </td>
                </tr>
              )),
            )}
          </Table>
        ) : null}
      </Panel>
      {REFUNDABLE.has(t.source.paymentMethodType) ? <RefundsPanel platformID={platformID} transferID={t.transferID} stamp={stamp} /> : null}
      <Panel title="Events">
        <ErrorNote message={events.error} />
        {events.data && events.data.events.length === 0 ? <Empty>No events.</Empty> : null}
        <ul class="event-list">
          {(events.data?.events ?? []).map((event) => (
            <li key={event.eventID}>
              <code>{event.type}</code> {typeof event.data['status'] === 'string' ? <Badge status={event.data['status'] as string} /> : null} <Time iso={event.createdOn} />
              <Json value={event.data} label="data" />
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
