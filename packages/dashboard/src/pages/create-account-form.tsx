import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useSubmit } from '../use-submit.ts';
import type { Account } from '../types.ts';
import { CheckboxGroup, OtherErrors, SelectField, TextField } from '../components/fields.tsx';
import { ErrorNote } from '../components/ui.tsx';

const CAPABILITIES = ['transfers', 'send-funds', 'collect-funds', 'wallet'].map((value) => ({ value, label: value }));

/** Values Railyard's sandbox accepts for verification (docs/sandbox.md); a button fills them in. */
const SANDBOX_DETAILS = {
  phone: '8185551212',
  addressLine1: '123 Main Street',
  city: 'Boulder',
  state: 'CO',
  postalCode: '80301',
  birthDate: '1985-12-10',
  ssn: '123-45-6789',
};

type Details = typeof SANDBOX_DETAILS;
const EMPTY_DETAILS: Details = { phone: '', addressLine1: '', city: '', state: '', postalCode: '', birthDate: '', ssn: '' };

/** Builds the request body from what was filled in: empty fields are left out, so the API's rules decide. */
function accountBody(form: { type: string; firstName: string; lastName: string; businessName: string; email: string; capabilities: string[]; tos: string | undefined; details: Details }) {
  const d = form.details;
  const address = d.addressLine1 || d.city || d.state || d.postalCode
    ? { addressLine1: d.addressLine1, city: d.city, stateOrProvince: d.state, postalCode: d.postalCode, country: 'US' }
    : undefined;
  const phone = d.phone ? { number: d.phone.replace(/\D/g, ''), countryCode: '1' } : undefined;
  const [year, month, day] = d.birthDate.split('-').map(Number);
  const profile =
    form.type === 'business'
      ? { business: { legalBusinessName: form.businessName, ...(form.email ? { email: form.email } : {}), ...(phone ? { phone } : {}), ...(address ? { address } : {}) } }
      : {
          individual: {
            name: { firstName: form.firstName, lastName: form.lastName },
            ...(form.email ? { email: form.email } : {}),
            ...(phone ? { phone } : {}),
            ...(address ? { address } : {}),
            ...(d.birthDate && year && month && day ? { birthDate: { year, month, day } } : {}),
            ...(d.ssn ? { governmentID: { ssn: { full: d.ssn, lastFour: d.ssn.replace(/\D/g, '').slice(-4) } } } : {}),
          },
        };
  return {
    accountType: form.type,
    profile,
    ...(form.capabilities.length ? { capabilities: form.capabilities } : {}),
    ...(form.tos ? { termsOfService: { token: form.tos } } : {}),
  };
}

export function CreateAccountForm({ onCreated }: { onCreated: (account: Account) => void }) {
  const [type, setType] = useState('individual');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [businessName, setBusinessName] = useState('');
  const [email, setEmail] = useState('');
  const [capabilities, setCapabilities] = useState<string[]>(['transfers', 'send-funds', 'wallet']);
  const [acceptTerms, setAcceptTerms] = useState(true);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const submit = useSubmit();
  const p = type === 'business' ? 'profile.business' : 'profile.individual';
  const detail = (key: keyof Details) => (value: string) => setDetails({ ...details, [key]: value });

  async function onSubmit(event: Event) {
    event.preventDefault();
    await submit.run(async () => {
      // Terms of service accepted the Moov way: a token from GET /tos-token, passed with the account.
      const tos = acceptTerms ? (await api<{ token: string }>('GET', '/tos-token')).token : undefined;
      const account = await api<Account>('POST', '/accounts', {
        body: accountBody({ type, firstName, lastName, businessName, email, capabilities, tos, details }),
      });
      onCreated(account);
    });
  }

  const shown = ['accountType', `${p}.name.firstName`, `${p}.name.lastName`, `${p}.legalBusinessName`, `${p}.email`, 'capabilities', `${p}.phone`, `${p}.address`, `${p}.birthDate`, `${p}.governmentID`, 'termsOfService'];
  const errors = submit.errors;
  return (
    <form class="form" onSubmit={onSubmit} noValidate aria-label="New account">
      <div class="form-grid">
        <SelectField label="Account type" name="accountType" value={type} onChange={setType} errors={errors} options={[{ value: 'individual', label: 'Individual' }, { value: 'business', label: 'Business' }]} />
        {type === 'business' ? (
          <TextField label="Legal business name" name={`${p}.legalBusinessName`} value={businessName} onInput={setBusinessName} errors={errors} required />
        ) : (
          <>
            <TextField label="First name" name={`${p}.name.firstName`} value={firstName} onInput={setFirstName} errors={errors} required />
            <TextField label="Last name" name={`${p}.name.lastName`} value={lastName} onInput={setLastName} errors={errors} required />
          </>
        )}
        <TextField label="Email" name={`${p}.email`} type="email" value={email} onInput={setEmail} errors={errors} inputMode="email" />
      </div>
      <CheckboxGroup legend="Capabilities to request" name="capabilities" options={CAPABILITIES} values={capabilities} onChange={setCapabilities} errors={errors} />
      <label class="checkbox">
        <input type="checkbox" checked={acceptTerms} onChange={(event) => setAcceptTerms((event.target as HTMLInputElement).checked)} />
        The account holder accepts the terms of service (a token from <code>GET /tos-token</code>)
      </label>
      <details class="subform">
        <summary>Verification details (what capabilities require)</summary>
        <p class="muted small">
          Capabilities such as <code>wallet</code> and <code>send-funds</code> stay pending until these are given.{' '}
          <button type="button" class="link-button" onClick={() => setDetails(SANDBOX_DETAILS)}>
            Fill in sandbox values
          </button>
        </p>
        <div class="form-grid">
          <TextField label="Phone (US)" name={`${p}.phone.number`} value={details.phone} onInput={detail('phone')} errors={errors} inputMode="numeric" />
          <TextField label="Address line 1" name={`${p}.address.addressLine1`} value={details.addressLine1} onInput={detail('addressLine1')} errors={errors} />
          <TextField label="City" name={`${p}.address.city`} value={details.city} onInput={detail('city')} errors={errors} />
          <TextField label="State (2 letters)" name={`${p}.address.stateOrProvince`} value={details.state} onInput={detail('state')} errors={errors} />
          <TextField label="Postal code" name={`${p}.address.postalCode`} value={details.postalCode} onInput={detail('postalCode')} errors={errors} inputMode="numeric" />
          {type === 'individual' ? (
            <>
              <TextField label="Birth date" name={`${p}.birthDate`} type="date" value={details.birthDate} onInput={detail('birthDate')} errors={errors} />
              <TextField label="SSN" name={`${p}.governmentID.ssn.full`} value={details.ssn} onInput={detail('ssn')} errors={errors} hint="Sandbox: 123-45-6789" />
            </>
          ) : null}
        </div>
      </details>
      <ErrorNote message={submit.message} />
      <OtherErrors errors={errors} shown={shown} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submit.busy} aria-busy={submit.busy ? 'true' : undefined}>
          {submit.busy ? 'Creating…' : 'Create account'}
        </button>
      </div>
    </form>
  );
}
