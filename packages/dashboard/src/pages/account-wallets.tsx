import { useState } from 'preact/hooks';
import { api, idempotencyKey } from '../api.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import { href } from '../router.ts';
import { humanize, parseMoney } from '../format.ts';
import type { PaymentMethod, Wallet, WalletTransaction } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Badge, Empty, ErrorNote, Money, Panel, Table, Time } from '../components/ui.tsx';
import { SelectField, TextField } from '../components/fields.tsx';

export function WalletsPanel({ account, platformID, version, refresh }: AccountPanelProps) {
  // Polled: a funding transfer lands a few seconds after it is created.
  const wallets = useApi<Wallet[]>(`/accounts/${account.accountID}/wallets`, { refreshKey: version, pollMs: 3_000 });
  return (
    <Panel title="Wallets">
      <ErrorNote message={wallets.error} />
      {wallets.data && wallets.data.length === 0 ? <Empty>No wallet. The wallet capability creates the default one.</Empty> : null}
      {(wallets.data ?? []).map((wallet) => (
        <div class="wallet" key={wallet.walletID}>
          <div class="wallet-head">
            <div>
              <p class="wallet-name">{wallet.name || humanize(wallet.walletType ?? 'wallet')}</p>
              <p class="small muted">
                <code>{wallet.walletID}</code>
              </p>
            </div>
            <div class="wallet-balance">
              <span class="small muted">Available</span>
              <strong data-testid="wallet-balance">
                <Money value={wallet.availableBalance.value} currency={wallet.availableBalance.currency} />
              </strong>
              <Badge status={wallet.status} />
            </div>
          </div>
          <FundWalletForm accountID={account.accountID} platformID={platformID} walletID={wallet.walletID} version={version} onFunded={refresh} />
          <WalletTransactions accountID={account.accountID} walletID={wallet.walletID} version={version} />
        </div>
      ))}
    </Panel>
  );
}

function WalletTransactions({ accountID, walletID, version }: { accountID: string; walletID: string; version: number }) {
  const transactions = useApi<WalletTransaction[]>(`/accounts/${accountID}/wallets/${walletID}/transactions?count=20`, { refreshKey: version, pollMs: 3_000 });
  if (transactions.error) return <ErrorNote message={transactions.error} />;
  if (!transactions.data) return null;
  if (transactions.data.length === 0) return <Empty>No transactions yet.</Empty>;
  return (
    <Table caption="Wallet transactions" head={['When', 'Type', 'Status', 'Amount', 'Balance after', 'Source']}>
      {transactions.data.map((t) => (
        <tr key={t.transactionID}>
          <td>
            <Time iso={t.createdOn} />
          </td>
          <td>{humanize(t.transactionType)}</td>
          <td>
            <Badge status={t.status} />
          </td>
          <td class="num">
            <Money value={t.netAmount} currency={t.currency} />
          </td>
          <td class="num">{t.availableBalance !== undefined ? <Money value={t.availableBalance} currency={t.currency} /> : '—'}</td>
          <td>{t.sourceType === 'transfer' ? <a href={href('transfers', t.sourceID)}>transfer</a> : humanize(t.sourceType)}</td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * Money enters a wallet by a transfer from one of the account's own funding
 * payment methods (an ACH debit of a verified bank account, a card payment…)
 * to the wallet: the same POST /transfers an integration makes.
 */
function FundWalletForm({ accountID, platformID, walletID, version, onFunded }: { accountID: string; platformID: string; walletID: string; version: number; onFunded: () => void }) {
  const methods = useApi<PaymentMethod[]>(`/accounts/${accountID}/payment-methods`, { refreshKey: version });
  const [source, setSource] = useState('');
  const [amount, setAmount] = useState('');
  const [created, setCreated] = useState<string | undefined>(undefined);
  const submit = useSubmit();
  const wallet = (methods.data ?? []).find((m) => m.paymentMethodType === 'moov-wallet' && m.wallet?.walletID === walletID);
  const sources = (methods.data ?? []).filter((m) => ['ach-debit-fund', 'card-payment', 'pull-from-card'].includes(m.paymentMethodType));
  if (!wallet) return null;
  if (sources.length === 0) {
    return <p class="small muted">To fund this wallet, link and verify a bank account (or link a card) below.</p>;
  }
  const chosen = sources.some((m) => m.paymentMethodID === source) ? source : sources[0]!.paymentMethodID;
  return (
    <form
      class="inline-form"
      aria-label="Fund wallet"
      onSubmit={async (event) => {
        event.preventDefault();
        const cents = parseMoney(amount);
        if (cents === undefined || cents <= 0) {
          submit.setErrors({ amount: 'Enter an amount such as 100 or 25.50' });
          return;
        }
        await submit.run(async () => {
          const answer = await api<{ transferID: string }>('POST', `/accounts/${platformID}/transfers`, {
            headers: { 'x-idempotency-key': idempotencyKey() },
            body: { source: { paymentMethodID: chosen }, destination: { paymentMethodID: wallet.paymentMethodID }, amount: { currency: 'USD', value: cents }, description: 'Wallet top-up from the dashboard' },
          });
          setCreated(answer.transferID);
          setAmount('');
          onFunded();
        });
      }}
    >
      <SelectField
        label="Fund from"
        name="fund-source"
        value={chosen}
        onChange={setSource}
        options={sources.map((m) => ({ value: m.paymentMethodID, label: `${humanize(m.paymentMethodType)} ${m.bankAccount ? `…${m.bankAccount.lastFourAccountNumber}` : m.card ? `…${m.card.lastFourCardNumber}` : ''}` }))}
      />
      <TextField label="Amount (USD)" name="amount" value={amount} onInput={setAmount} errors={submit.errors} inputMode="decimal" placeholder="100.00" />
      <button type="submit" class="button button-primary" disabled={submit.busy}>
        {submit.busy ? 'Funding…' : 'Fund wallet'}
      </button>
      <ErrorNote message={submit.message} />
      {created ? (
        <p class="notice" role="status">
          Funding transfer created: <a href={href('transfers', created)}>follow it</a>.
        </p>
      ) : null}
    </form>
  );
}
