import { useApi } from '../use-api.ts';
import type { Representative } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Empty, ErrorNote, Panel, Table, Time } from '../components/ui.tsx';

function role(r: Representative): string {
  const parts = [
    r.responsibilities?.jobTitle,
    r.responsibilities?.isController ? 'controller' : undefined,
    r.responsibilities?.isOwner ? `owner${r.responsibilities.ownershipPercentage !== undefined ? ` (${r.responsibilities.ownershipPercentage}%)` : ''}` : undefined,
  ];
  return parts.filter(Boolean).join(', ') || '—';
}

/** A business account's representatives (owners and controllers), as `GET /accounts/{id}/representatives` lists them. */
export function RepresentativesPanel({ account, version }: AccountPanelProps) {
  const representatives = useApi<Representative[]>(`/accounts/${account.accountID}/representatives`, { refreshKey: version });
  return (
    <Panel title="Representatives">
      <ErrorNote message={representatives.error} />
      {representatives.data && representatives.data.length === 0 ? <Empty>No representatives. Business capabilities ask for the owners and a controller.</Empty> : null}
      {representatives.data && representatives.data.length > 0 ? (
        <Table caption="Representatives" head={['Name', 'Role', 'Email', 'Added']}>
          {representatives.data.map((r) => (
            <tr key={r.representativeID}>
              <td>
                {r.name.firstName} {r.name.lastName}
              </td>
              <td>{role(r)}</td>
              <td>{r.email ?? '—'}</td>
              <td>
                <Time iso={r.createdOn} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}
