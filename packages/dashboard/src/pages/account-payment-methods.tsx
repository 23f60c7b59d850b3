import { useApi } from '../use-api.ts';
import { humanize } from '../format.ts';
import type { PaymentMethod } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Empty, ErrorNote, Panel, Table } from '../components/ui.tsx';

function describe(method: PaymentMethod): string {
  if (method.wallet) return `Wallet ${method.wallet.walletID.slice(0, 8)}…`;
  if (method.bankAccount) return `${method.bankAccount.bankName} …${method.bankAccount.lastFourAccountNumber}`;
  if (method.card) return `${method.card.brand} …${method.card.lastFourCardNumber}`;
  return '—';
}

/** Payment methods are derived by the API from wallets, bank accounts and cards: read-only here. */
export function PaymentMethodsPanel({ account, version }: AccountPanelProps) {
  const methods = useApi<PaymentMethod[]>(`/accounts/${account.accountID}/payment-methods`, { refreshKey: version });
  return (
    <Panel title="Payment methods">
      <ErrorNote message={methods.error} />
      {methods.data && methods.data.length === 0 ? <Empty>No payment methods yet.</Empty> : null}
      {methods.data && methods.data.length > 0 ? (
        <Table caption="Payment methods" head={['Type', 'Source', 'Payment method ID']}>
          {methods.data.map((method) => (
            <tr key={method.paymentMethodID}>
              <td>{humanize(method.paymentMethodType)}</td>
              <td>{describe(method)}</td>
              <td>
                <code class="small">{method.paymentMethodID}</code>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}
