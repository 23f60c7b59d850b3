import { useState } from 'preact/hooks';
import { api, idempotencyKey } from '../api.ts';
import { useSubmit } from '../use-submit.ts';
import { parseMoney } from '../format.ts';
import type { Transfer } from '../types.ts';
import { Button, ErrorNote, Panel } from '../components/ui.tsx';
import { TextField } from '../components/fields.tsx';

const CANCELABLE = new Set(['created', 'pending', 'queued']);
const CARD_SOURCES = new Set(['card-payment', 'pull-from-card', 'apple-pay', 'google-pay']);

/**
 * What can still be done to a transfer: cancel one still moving (the rail
 * decides whether it is too late, decision 1300) or refund a completed card
 * payment, in full or in part. The API's answer is shown as it is.
 */
export function TransferActions({ transfer, platformID, onChanged }: { transfer: Transfer; platformID: string; onChanged: () => void }) {
  const cancel = useSubmit();
  const refund = useSubmit();
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const base = `/accounts/${platformID}/transfers/${transfer.transferID}`;
  const cancelable = CANCELABLE.has(transfer.status);
  const refundable = transfer.status === 'completed' && CARD_SOURCES.has(transfer.source.paymentMethodType);
  if (!cancelable && !refundable) return null;

  return (
    <Panel title="Actions">
      {cancelable ? (
        <div class="inline-form">
          <Button
            variant="danger"
            busy={cancel.busy}
            onClick={async () => {
              setNotice(undefined);
              await cancel.run(async () => {
                const answer = await api<{ status: string }>('POST', `${base}/cancellations`);
                setNotice(`Cancellation ${answer.status}.`);
                onChanged();
              });
            }}
          >
            Cancel transfer
          </Button>
          <ErrorNote message={cancel.message} />
        </div>
      ) : null}
      {refundable ? (
        <form
          class="inline-form"
          aria-label="Refund"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            setNotice(undefined);
            const cents = amount.trim() ? parseMoney(amount) : undefined;
            if (amount.trim() && cents === undefined) {
              refund.setErrors({ amount: 'Enter an amount such as 10 or 2.50, or leave it empty to refund everything' });
              return;
            }
            await refund.run(async () => {
              await api('POST', `${base}/refunds`, { headers: { 'x-idempotency-key': idempotencyKey() }, body: cents === undefined ? {} : { amount: cents } });
              setNotice('Refund created: it moves through the card network on the platform clock.');
              setAmount('');
              onChanged();
            });
          }}
        >
          <TextField label="Refund amount (USD)" name="amount" value={amount} onInput={setAmount} errors={refund.errors} inputMode="decimal" hint="Empty: everything not refunded yet" />
          <button type="submit" class="button button-secondary" disabled={refund.busy}>
            Refund
          </button>
          <ErrorNote message={refund.message} />
        </form>
      ) : null}
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
    </Panel>
  );
}
