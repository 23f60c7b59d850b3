import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useApi } from '../use-api.ts';
import { useSubmit } from '../use-submit.ts';
import type { Capability } from '../types.ts';
import type { AccountPanelProps } from './account.tsx';
import { Badge, Empty, ErrorNote, Panel } from '../components/ui.tsx';
import { SelectField } from '../components/fields.tsx';

const REQUESTABLE = ['transfers', 'send-funds', 'collect-funds', 'wallet', 'card-issuing'];

export function CapabilitiesPanel({ account, version }: AccountPanelProps) {
  const capabilities = useApi<Capability[]>(`/accounts/${account.accountID}/capabilities`, { refreshKey: version });
  const [choice, setChoice] = useState('collect-funds');
  const submit = useSubmit();
  const have = new Set((capabilities.data ?? []).map((c) => c.capability));
  const missing = REQUESTABLE.filter((c) => !have.has(c));

  return (
    <Panel title="Capabilities">
      <ErrorNote message={capabilities.error} />
      {capabilities.data && capabilities.data.length === 0 ? <Empty>No capabilities requested.</Empty> : null}
      <ul class="capability-list">
        {(capabilities.data ?? []).map((capability) => (
          <li key={capability.capability} class="capability">
            <div class="capability-head">
              <code>{capability.capability}</code> <Badge status={capability.status} />
            </div>
            {capability.requirements?.currentlyDue?.length ? (
              <div class="requirements">
                <span class="muted small">Currently due:</span>
                <ul>
                  {capability.requirements.currentlyDue.map((requirement) => (
                    <li key={requirement}>
                      <code>{requirement}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {capability.requirements?.errors?.length ? (
              <ul class="requirements requirement-errors">
                {capability.requirements.errors.map((error) => (
                  <li key={error.requirement}>
                    <code>{error.requirement}</code>: {error.errorCode}
                  </li>
                ))}
              </ul>
            ) : null}
            {capability.disabledReason ? <p class="small muted">{capability.disabledReason}</p> : null}
          </li>
        ))}
      </ul>
      {missing.length ? (
        <form
          class="inline-form"
          onSubmit={async (event) => {
            event.preventDefault();
            const target = missing.includes(choice) ? choice : missing[0]!;
            if (await submit.run(() => api('POST', `/accounts/${account.accountID}/capabilities`, { body: { capabilities: [target] } }))) capabilities.reload();
          }}
        >
          <SelectField label="Request a capability" name="capability" value={missing.includes(choice) ? choice : missing[0]!} onChange={setChoice} options={missing.map((value) => ({ value, label: value }))} errors={submit.errors} />
          <button type="submit" class="button button-secondary" disabled={submit.busy}>
            Request
          </button>
        </form>
      ) : null}
      <ErrorNote message={submit.message} />
    </Panel>
  );
}
