import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { parseApiKey, saveSession, type Session } from '../session.ts';
import { TextField } from '../components/fields.tsx';

const REASONS = {
  expired: 'Your session expired. Sign in again to continue.',
  rejected: 'Your session ended: the API key was not accepted any more. Sign in again.',
  'signed-out': 'You are signed out.',
} as const;

/** Asks for an API key (`PUBLIC_KEY:SECRET`), checks it against the API, and keeps it for this tab only. */
export function SignInPage({ reason, onSignedIn }: { reason: keyof typeof REASONS | undefined; onSignedIn: (session: Session) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setError(undefined);
    const credentials = parseApiKey(key);
    if (!credentials) {
      setError('Enter the whole key as PUBLIC_KEY:SECRET (the public key, a colon, then the secret).');
      return;
    }
    setBusy(true);
    try {
      // The clock answers with the key's platform: one read proves the key and names the platform.
      const clock = await api<{ platformID: string }>('GET', '/railyard/clock', { credentials });
      setKey('');
      onSignedIn(saveSession({ ...credentials, platformID: clock.platformID }));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setError('That API key was not accepted. Check both parts of PUBLIC_KEY:SECRET.');
      else if (caught instanceof ApiError && caught.status === 429) setError('Too many failed sign-ins from here; wait a minute and try again.');
      else if (caught instanceof ApiError && caught.status === 403) setError('This key may not read the platform clock; use the platform API key printed at first start.');
      else setError(`Railyard could not be reached (${caught instanceof Error ? caught.message : String(caught)}).`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="sign-in" id="main">
      <form class="sign-in-card" onSubmit={submit} method="post" action="#" autoComplete="off" noValidate>
        <p class="brand brand-large">
          <span class="brand-mark" aria-hidden="true">◆</span> Railyard
        </p>
        <h1>Sign in to the dashboard</h1>
        {reason && reason !== 'signed-out' ? (
          <p class="notice" role="status">
            {REASONS[reason]}
          </p>
        ) : null}
        <TextField
          label="API key"
          name="apiKey"
          type="password"
          value={key}
          onInput={setKey}
          required
          hint="PUBLIC_KEY:SECRET, as printed when Railyard first started (or RAILYARD_BOOTSTRAP_KEY). It stays in this browser tab only."
          errors={error ? { apiKey: error } : {}}
        />
        <button type="submit" class="button button-primary button-wide" disabled={busy} aria-busy={busy ? 'true' : undefined}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="muted small">
          New here? The <a href="/docs">API reference</a> lists every operation.
        </p>
      </form>
    </main>
  );
}
