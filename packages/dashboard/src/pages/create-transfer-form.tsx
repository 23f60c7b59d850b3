import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, idempotencyKey } from '../api.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import { humanize, parseMoney } from '../format.ts';
import type { Account, PaymentMethod } from '../types.ts';
import { ErrorNote } from '../components/ui.tsx';
import { OtherErrors, SelectField, TextField } from '../components/fields.tsx';

interface Options {
  sourceOptions?: PaymentMethod[];
  destinationOptions?: PaymentMethod[];
}

function methodLabel(method: PaymentMethod): string {
  const detail = method.bankAccount ? ` …${method.bankAccount.lastFourAccountNumber}` : method.card ? ` …${method.card.lastFourCardNumber}` : '';
  return `${humanize(method.paymentMethodType)}${detail}`;
}

/**
 * A transfer between two accounts' payment methods. Which methods pair is the
 * API's answer (POST /transfer-options), asked again whenever the accounts or
 * the amount change, so the form only offers what the API would accept.
 */
export function CreateTransferForm({ platformID, onCreated }: { platformID: string; onCreated: (transferID: string) => void }) {
  const accounts = useApi<Account[]>('/accounts?count=200');
  const [sourceAccount, setSourceAccount] = useState('');
  const [destinationAccount, setDestinationAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [options, setOptions] = useState<Options | undefined>(undefined);
  const [optionsError, setOptionsError] = useState<string | undefined>(undefined);
  const [source, setSource] = useState('');
  const [destination, setDestination] = useState('');
  const submit = useSubmit();
  const cents = parseMoney(amount);

  useEffect(() => {
    if (!sourceAccount || !destinationAccount) return;
    let cancelled = false;
    setOptionsError(undefined);
    api<Options>('POST', `/accounts/${platformID}/transfer-options`, {
      body: { source: { accountID: sourceAccount }, destination: { accountID: destinationAccount }, amount: { currency: 'USD', value: cents && cents > 0 ? cents : 100 } },
    })
      .then((answer) => {
        if (cancelled) return;
        setOptions(answer);
        setSource(answer.sourceOptions?.[0]?.paymentMethodID ?? '');
        setDestination(answer.destinationOptions?.[0]?.paymentMethodID ?? '');
      })
      .catch((caught) => {
        if (!cancelled) setOptionsError(caught instanceof ApiError ? caught.message : String(caught));
      });
    return () => {
      cancelled = true;
    };
  }, [sourceAccount, destinationAccount, cents, platformID]);

  const accountOptions = [{ value: '', label: 'Choose an account' }, ...(accounts.data ?? []).map((a) => ({ value: a.accountID, label: a.displayName || a.accountID }))];
  const e = submit.errors;

  return (
    <form
      class="form"
      aria-label="New transfer"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        await submit.run(async () => {
          // The amount goes as typed when it is no amount, so the API's own message shows next to the field.
          const value = cents ?? (Number(amount) || 0);
          const answer = await api<{ transferID: string }>('POST', `/accounts/${platformID}/transfers`, {
            headers: { 'x-idempotency-key': idempotencyKey() },
            body: {
              source: { paymentMethodID: source },
              destination: { paymentMethodID: destination },
              amount: { currency: 'USD', value },
              ...(description ? { description } : {}),
            },
          });
          onCreated(answer.transferID);
        });
      }}
    >
      <div class="form-grid">
        <SelectField label="From account" name="sourceAccount" value={sourceAccount} onChange={setSourceAccount} options={accountOptions} />
        <SelectField label="To account" name="destinationAccount" value={destinationAccount} onChange={setDestinationAccount} options={accountOptions} />
        <TextField label="Amount (USD)" name="amount" value={amount} onInput={setAmount} errors={e} inputMode="decimal" placeholder="25.00" />
        <TextField label="Description" name="description" value={description} onInput={setDescription} errors={e} />
      </div>
      <ErrorNote message={optionsError} />
      {options ? (
        <div class="form-grid">
          <SelectField
            label="Source payment method"
            name="sourcePaymentMethodID"
            value={source}
            onChange={setSource}
            errors={e}
            hint="Transfer options: what the source account can send from"
            options={(options.sourceOptions ?? []).length ? (options.sourceOptions ?? []).map((m) => ({ value: m.paymentMethodID, label: methodLabel(m) })) : [{ value: '', label: 'No source option' }]}
          />
          <SelectField
            label="Destination payment method"
            name="destinationPaymentMethodID"
            value={destination}
            onChange={setDestination}
            errors={e}
            hint="Transfer options: what the destination can receive into"
            options={(options.destinationOptions ?? []).length ? (options.destinationOptions ?? []).map((m) => ({ value: m.paymentMethodID, label: methodLabel(m) })) : [{ value: '', label: 'No destination option' }]}
          />
        </div>
      ) : null}
      <ErrorNote message={submit.message} />
      <OtherErrors errors={e} shown={['amount', 'description', 'sourcePaymentMethodID', 'destinationPaymentMethodID']} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submit.busy || !options}>
          {submit.busy ? 'Creating…' : 'Create transfer'}
        </button>
      </div>
    </form>
  );
}
