import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import type { Card } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Button, Empty, ErrorNote, Panel, Table } from '../components/ui.tsx';
import { OtherErrors, TextField } from '../components/fields.tsx';

/** A sandbox Visa that authorizes (docs/sandbox.md lists the decline numbers). */
const SANDBOX_CARD = { number: '4111111111111111', cvv: '123', month: '12', year: '30', postalCode: '80301' };

export function CardsPanel({ account, version, refresh }: AccountPanelProps) {
  const cards = useApi<Card[]>(`/accounts/${account.accountID}/cards`, { refreshKey: version });
  const [adding, setAdding] = useState(false);
  return (
    <Panel
      title="Cards"
      actions={
        <Button aria-expanded={adding ? 'true' : 'false'} onClick={() => setAdding(!adding)}>
          {adding ? 'Close' : 'Link card'}
        </Button>
      }
    >
      {adding ? (
        <LinkCardForm
          accountID={account.accountID}
          defaultHolder={account.displayName}
          onLinked={() => {
            setAdding(false);
            refresh();
          }}
        />
      ) : null}
      <ErrorNote message={cards.error} />
      {cards.data && cards.data.length === 0 ? <Empty>No cards linked.</Empty> : null}
      {cards.data && cards.data.length > 0 ? (
        <Table caption="Cards" head={['Card', 'Expires', 'Holder', 'CVV check']}>
          {cards.data.map((card) => (
            <tr key={card.cardID}>
              <td>
                {card.brand} {card.cardType ?? ''} <code>…{card.lastFourCardNumber}</code>
              </td>
              <td>
                {card.expiration.month}/{card.expiration.year}
              </td>
              <td>{card.holderName ?? '—'}</td>
              <td>{card.cardVerification?.cvv ?? '—'}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}

function LinkCardForm({ accountID, defaultHolder, onLinked }: { accountID: string; defaultHolder: string; onLinked: () => void }) {
  const [card, setCard] = useState({ number: '', cvv: '', month: '', year: '', postalCode: '', holderName: defaultHolder });
  const submit = useSubmit();
  const e = submit.errors;
  const set = (key: keyof typeof card) => (value: string) => setCard({ ...card, [key]: value });
  return (
    <form
      class="form subform-box"
      aria-label="Link card"
      noValidate
      autoComplete="off"
      onSubmit={async (event) => {
        event.preventDefault();
        const ok = await submit.run(() =>
          api('POST', `/accounts/${accountID}/cards`, {
            body: {
              cardNumber: card.number.replace(/\s/g, ''),
              cardCvv: card.cvv,
              expiration: { month: card.month, year: card.year },
              holderName: card.holderName,
              billingAddress: { postalCode: card.postalCode },
            },
          }),
        );
        if (ok) onLinked();
      }}
    >
      <p class="small muted">
        Sandbox numbers only; the full number is never stored.{' '}
        <button type="button" class="link-button" onClick={() => setCard({ ...card, ...SANDBOX_CARD })}>
          Fill in a sandbox Visa
        </button>
      </p>
      <div class="form-grid">
        <TextField label="Card number" name="cardNumber" value={card.number} onInput={set('number')} errors={e} inputMode="numeric" />
        <TextField label="CVV" name="cardCvv" value={card.cvv} onInput={set('cvv')} errors={e} inputMode="numeric" />
        <TextField label="Expiry month (MM)" name="expiration.month" value={card.month} onInput={set('month')} errors={e} inputMode="numeric" />
        <TextField label="Expiry year (YY)" name="expiration.year" value={card.year} onInput={set('year')} errors={e} inputMode="numeric" />
        <TextField label="Holder name" name="holderName" value={card.holderName} onInput={set('holderName')} errors={e} />
        <TextField label="Billing postal code" name="billingAddress.postalCode" value={card.postalCode} onInput={set('postalCode')} errors={e} inputMode="numeric" />
      </div>
      <ErrorNote message={submit.message} />
      <OtherErrors errors={e} shown={['cardNumber', 'cardCvv', 'expiration', 'holderName', 'billingAddress']} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submit.busy}>
          Link card
        </button>
      </div>
    </form>
  );
}
