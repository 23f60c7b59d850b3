import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import { href } from '../router.ts';
import { humanize } from '../format.ts';
import type { Dispute } from '../types.ts';
import { Badge, Button, Empty, ErrorNote, Loading, Money, Table, Time } from '../components/ui.tsx';
import { SelectField } from '../components/fields.tsx';

const STATUSES = ['', 'response-needed', 'under-review', 'accepted', 'won', 'lost', 'resolved', 'closed', 'expired'];

/** The platform's card disputes (`GET /accounts/{platform}/disputes`); one that needs a response can be accepted here. */
export function DisputesPage({ platformID }: PageProps) {
  const [status, setStatus] = useState('');
  const disputes = useApi<Dispute[]>(`/accounts/${platformID}/disputes?count=100${status ? `&status=${status}` : ''}`);
  const accept = useSubmit();
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Disputes</h1>
      </div>
      <p class="muted">
        Chargebacks on card payments. The sandbox opens one for a card payment made with a dispute test card (docs/sandbox.md); evidence is uploaded through the API.
      </p>
      <div class="filters">
        <SelectField label="Status" name="dispute-status" value={status} onChange={setStatus} options={STATUSES.map((s) => ({ value: s, label: s ? humanize(s) : 'Any status' }))} />
      </div>
      <ErrorNote message={disputes.error ?? accept.message} />
      {disputes.loading && !disputes.data ? <Loading what="Loading disputes" /> : null}
      {disputes.data && disputes.data.length === 0 ? <Empty>No disputes.</Empty> : null}
      {disputes.data && disputes.data.length > 0 ? (
        <Table caption="Disputes" head={['Opened', 'Amount', 'Status', 'Phase', 'Reason', 'Respond by', 'Transfer', '']}>
          {disputes.data.map((d) => (
            <tr key={d.disputeID}>
              <td>
                <Time iso={d.createdOn} />
              </td>
              <td class="num">
                <Money value={d.amount.value} currency={d.amount.currency} />
              </td>
              <td>
                <Badge status={d.status} />
              </td>
              <td>{humanize(d.phase)}</td>
              <td>
                <code>{d.networkReasonCode}</code> {d.networkReasonDescription ?? ''}
              </td>
              <td>
                <Time iso={d.respondBy} />
              </td>
              <td>
                <a href={href('transfers', d.transfer.transferID)}>{d.transfer.transferID.slice(0, 8)}…</a>
              </td>
              <td>
                {d.status === 'response-needed' ? (
                  <Button
                    busy={accept.busy}
                    aria-label={`Accept dispute ${d.disputeID}`}
                    onClick={async () => {
                      if (await accept.run(() => api('POST', `/accounts/${platformID}/disputes/${d.disputeID}/accept`))) disputes.reload();
                    }}
                  >
                    Accept
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </div>
  );
}
