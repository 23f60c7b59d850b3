import { useApi } from '../use-api.ts';
import type { Refund } from '../types.ts';
import { Badge, Empty, ErrorNote, Money, Panel, Table, Time } from '../components/ui.tsx';

/** A card payment's refunds (`GET /accounts/{platform}/transfers/{id}/refunds`), read again whenever the transfer changes. */
export function RefundsPanel({ platformID, transferID, stamp }: { platformID: string; transferID: string; stamp: string }) {
  // Polled while a refund is still on its way through the card network.
  const refunds = useApi<Refund[]>(`/accounts/${platformID}/transfers/${encodeURIComponent(transferID)}/refunds`, {
    refreshKey: stamp,
    pollMs: 2_000,
    keepPolling: (list) => list.some((refund) => refund.status !== 'completed' && refund.status !== 'failed'),
  });
  return (
    <Panel title="Refunds">
      <ErrorNote message={refunds.error} />
      {refunds.data && refunds.data.length === 0 ? <Empty>No refunds.</Empty> : null}
      {refunds.data && refunds.data.length > 0 ? (
        <Table caption="Refunds" head={['Created', 'Amount', 'Status', 'Card status', 'Updated']}>
          {refunds.data.map((refund) => (
            <tr key={refund.refundID}>
              <td>
                <Time iso={refund.createdOn} />
              </td>
              <td class="num">
                <Money value={refund.amount.value} currency={refund.amount.currency} />
              </td>
              <td>
                <Badge status={refund.status} />
              </td>
              <td>{refund.cardDetails?.status ? <Badge status={String(refund.cardDetails.status)} /> : '—'}</td>
              <td>
                <Time iso={refund.updatedOn} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}
