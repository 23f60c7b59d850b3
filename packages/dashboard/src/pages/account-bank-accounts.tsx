import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import { humanize } from '../format.ts';
import type { BankAccount } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Badge, Button, Empty, ErrorNote, Panel, Table } from '../components/ui.tsx';
import { OtherErrors, SelectField, TextField } from '../components/fields.tsx';

/** Sandbox values (docs/sandbox.md): routing 123456780 is the sandbox bank; micro-deposits are $0.00 and $0.00. */
const SANDBOX_BANK = { routingNumber: '123456780', accountNumber: '0004321567000' };

export function BankAccountsPanel({ account, version, refresh }: AccountPanelProps) {
  const banks = useApi<BankAccount[]>(`/accounts/${account.accountID}/bank-accounts`, { refreshKey: version });
  const [adding, setAdding] = useState(false);
  const verify = useSubmit();

  async function verifyWithMicroDeposits(bank: BankAccount) {
    const base = `/accounts/${account.accountID}/bank-accounts/${bank.bankAccountID}/micro-deposits`;
    const ok = await verify.run(async () => {
      if (bank.status === 'new') await api('POST', base);
      await api('PUT', base, { body: { amounts: [0, 0] } });
    });
    if (ok) refresh();
  }

  return (
    <Panel
      title="Bank accounts"
      actions={
        <Button aria-expanded={adding ? 'true' : 'false'} onClick={() => setAdding(!adding)}>
          {adding ? 'Close' : 'Link bank account'}
        </Button>
      }
    >
      {adding ? (
        <LinkBankAccountForm
          accountID={account.accountID}
          defaultHolder={account.displayName}
          onLinked={() => {
            setAdding(false);
            refresh();
          }}
        />
      ) : null}
      <ErrorNote message={banks.error} />
      <ErrorNote message={verify.message} />
      {banks.data && banks.data.length === 0 ? <Empty>No bank accounts linked.</Empty> : null}
      {banks.data && banks.data.length > 0 ? (
        <Table caption="Bank accounts" head={['Bank', 'Account', 'Type', 'Status', '']}>
          {banks.data.map((bank) => (
            <tr key={bank.bankAccountID}>
              <td>
                {bank.bankName}
                <br />
                <span class="small muted">{bank.holderName}</span>
              </td>
              <td>
                <code>
                  {bank.routingNumber} …{bank.lastFourAccountNumber}
                </code>
              </td>
              <td>{humanize(bank.bankAccountType)}</td>
              <td>
                <Badge status={bank.status} />
              </td>
              <td>
                {bank.status === 'new' || bank.status === 'pending' ? (
                  <Button onClick={() => verifyWithMicroDeposits(bank)} busy={verify.busy}>
                    Verify (sandbox micro-deposits)
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}

function LinkBankAccountForm({ accountID, defaultHolder, onLinked }: { accountID: string; defaultHolder: string; onLinked: () => void }) {
  const [holderName, setHolderName] = useState(defaultHolder);
  const [holderType, setHolderType] = useState('individual');
  const [routingNumber, setRoutingNumber] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [bankAccountType, setBankAccountType] = useState('checking');
  const submit = useSubmit();
  const e = submit.errors;
  return (
    <form
      class="form subform-box"
      aria-label="Link bank account"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const ok = await submit.run(() =>
          api('POST', `/accounts/${accountID}/bank-accounts`, { body: { account: { holderName, holderType, routingNumber, accountNumber, bankAccountType } } }),
        );
        if (ok) onLinked();
      }}
    >
      <p class="small muted">
        <button type="button" class="link-button" onClick={() => { setRoutingNumber(SANDBOX_BANK.routingNumber); setAccountNumber(SANDBOX_BANK.accountNumber); }}>
          Fill in the sandbox bank
        </button>
      </p>
      <div class="form-grid">
        <TextField label="Holder name" name="account.holderName" value={holderName} onInput={setHolderName} errors={e} />
        <SelectField label="Holder type" name="account.holderType" value={holderType} onChange={setHolderType} errors={e} options={[{ value: 'individual', label: 'Individual' }, { value: 'business', label: 'Business' }]} />
        <TextField label="Routing number" name="account.routingNumber" value={routingNumber} onInput={setRoutingNumber} errors={e} inputMode="numeric" />
        <TextField label="Account number" name="account.accountNumber" value={accountNumber} onInput={setAccountNumber} errors={e} inputMode="numeric" />
        <SelectField label="Account type" name="account.bankAccountType" value={bankAccountType} onChange={setBankAccountType} errors={e} options={[{ value: 'checking', label: 'Checking' }, { value: 'savings', label: 'Savings' }]} />
      </div>
      <ErrorNote message={submit.message} />
      <OtherErrors errors={e} shown={['account']} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submit.busy}>
          Link bank account
        </button>
      </div>
    </form>
  );
}
