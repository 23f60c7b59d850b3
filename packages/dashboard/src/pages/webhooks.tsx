import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import type { Webhook, WebhookAttempt } from '../types.ts';
import { Badge, Button, Empty, ErrorNote, Loading, Panel, Table, Time } from '../components/ui.tsx';
import { OtherErrors, TextField } from '../components/fields.tsx';

export function WebhooksPage(_props: PageProps) {
  const webhooks = useApi<Webhook[]>('/webhooks');
  const [creating, setCreating] = useState(false);
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Webhooks</h1>
        <button type="button" class="button button-primary" aria-expanded={creating ? 'true' : 'false'} onClick={() => setCreating(!creating)}>
          {creating ? 'Close form' : 'New webhook'}
        </button>
      </div>
      {creating ? (
        <Panel title="New webhook">
          <CreateWebhookForm
            onCreated={() => {
              setCreating(false);
              webhooks.reload();
            }}
          />
        </Panel>
      ) : null}
      <ErrorNote message={webhooks.error} />
      {webhooks.loading && !webhooks.data ? <Loading what="Loading webhooks" /> : null}
      {webhooks.data && webhooks.data.length === 0 ? <Empty>No webhooks. Add one to receive the platform's events at a URL.</Empty> : null}
      {(webhooks.data ?? []).map((hook) => (
        <WebhookPanel key={hook.webhookID} hook={hook} />
      ))}
    </div>
  );
}

function WebhookPanel({ hook }: { hook: Webhook }) {
  const deliveries = useApi<WebhookAttempt[]>(`/railyard/webhooks/${hook.webhookID}/deliveries?count=50`, { pollMs: 3_000 });
  const action = useSubmit();
  const [notice, setNotice] = useState<string | undefined>(undefined);

  async function redeliver(eventID: string) {
    setNotice(undefined);
    if (await action.run(() => api('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID } }))) {
      setNotice('Queued for redelivery: it shows below once sent.');
      deliveries.reload();
    }
  }

  return (
    <Panel
      id={`webhook-${hook.webhookID}`}
      title={hook.url}
      actions={
        <Button
          busy={action.busy}
          disabled={hook.status !== 'enabled'}
          onClick={async () => {
            setNotice(undefined);
            if (await action.run(() => api('POST', `/webhooks/${hook.webhookID}/ping`))) deliveries.reload();
          }}
        >
          Send ping
        </Button>
      }
    >
      <p class="small">
        <Badge status={hook.status} /> {hook.description ? <span>{hook.description} · </span> : null}
        <span class="muted">Events: {hook.eventTypes.join(', ')}</span>
      </p>
      <ErrorNote message={action.message ?? deliveries.error} />
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      {deliveries.data && deliveries.data.length === 0 ? <Empty>No deliveries yet.</Empty> : null}
      {deliveries.data && deliveries.data.length > 0 ? (
        <Table caption={`Deliveries to ${hook.url}`} head={['When', 'Event', 'Outcome', 'HTTP status', 'Latency', '']}>
          {deliveries.data.map((attempt) => (
            <tr key={attempt.attemptID}>
              <td>
                <Time iso={attempt.attemptedOn} />
              </td>
              <td>
                <code>{attempt.eventType}</code>
                {attempt.ping ? <span class="small muted"> (ping)</span> : null}
              </td>
              <td>
                <Badge status={attempt.outcome} />
                {attempt.error ? <div class="small muted">{attempt.error}</div> : null}
              </td>
              <td>{attempt.statusCode ?? '—'}</td>
              <td class="num">{attempt.latencyMs} ms</td>
              <td>
                {attempt.ping ? null : (
                  <Button onClick={() => redeliver(attempt.eventID)} busy={action.busy} aria-label={`Redeliver ${attempt.eventType} event ${attempt.eventID}`}>
                    Redeliver
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Panel>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState('*');
  const [description, setDescription] = useState('');
  const submit = useSubmit();
  return (
    <form
      class="form"
      aria-label="New webhook"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const types = eventTypes.split(/[\s,]+/).filter(Boolean);
        if (await submit.run(() => api('POST', '/webhooks', { body: { url, status: 'enabled', eventTypes: types, description } }))) onCreated();
      }}
    >
      <div class="form-grid">
        <TextField label="URL" name="url" type="url" value={url} onInput={setUrl} errors={submit.errors} placeholder="http://127.0.0.1:4000/hooks" />
        <TextField label="Event types" name="eventTypes" value={eventTypes} onInput={setEventTypes} errors={submit.errors} hint="* for every type, or a comma-separated list such as transfer.created, transfer.updated" />
        <TextField label="Description" name="description" value={description} onInput={setDescription} errors={submit.errors} />
      </div>
      <ErrorNote message={submit.message} />
      <OtherErrors errors={submit.errors} shown={['url', 'eventTypes', 'description']} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submit.busy}>
          Create webhook
        </button>
      </div>
    </form>
  );
}
