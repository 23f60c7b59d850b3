import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { formatMoney, formatTime, humanize } from '../format.ts';

/** Colours by meaning, not by status name: every area's statuses map onto these five tones. */
const TONES: Record<string, 'good' | 'warn' | 'bad' | 'info' | 'neutral'> = {
  completed: 'good', enabled: 'good', verified: 'good', active: 'good', delivered: 'good', succeeded: 'good',
  pending: 'warn', created: 'info', queued: 'info', claimed: 'info', new: 'info', 'in-review': 'warn', 'verification-pending': 'warn',
  unverified: 'warn', originated: 'info', initiated: 'info', confirmed: 'info', 'accepted-without-posting': 'info',
  'response-needed': 'warn', 'under-review': 'info', won: 'good', lost: 'bad', accepted: 'neutral', resolved: 'good', expired: 'bad',
  failed: 'bad', canceled: 'bad', reversed: 'bad', returned: 'bad', disabled: 'bad', errored: 'bad', declined: 'bad', 'given-up': 'bad', closed: 'neutral',
};

export function Badge({ status }: { status: string }) {
  return <span class={`badge badge-${TONES[status] ?? 'neutral'}`}>{humanize(status)}</span>;
}

export function Money({ value, currency = 'USD' }: { value: number; currency?: string }) {
  return <span class={`money${value < 0 ? ' money-negative' : ''}`}>{formatMoney(value, currency)}</span>;
}

export function Time({ iso }: { iso: string | null | undefined }) {
  return iso ? <time dateTime={iso} title={iso}>{formatTime(iso)}</time> : <span class="muted">—</span>;
}

/** An ID in monospace, shortened on small screens, with a copy button. */
export function Id({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span class="id">
      <code>{value}</code>
      <button
        type="button"
        class="icon-button"
        aria-label={`Copy ${value}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1200);
          });
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

export function Panel({ title, actions, children, id }: { title: string; actions?: ComponentChildren; children: ComponentChildren; id?: string }) {
  const headingID = `panel-${(id ?? title).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section class="panel" aria-labelledby={headingID}>
      <header class="panel-header">
        <h2 id={headingID}>{title}</h2>
        {actions ? <div class="panel-actions">{actions}</div> : null}
      </header>
      <div class="panel-body">{children}</div>
    </section>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p class="muted" role="status">
      {what}…
    </p>
  );
}

export function ErrorNote({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p class="error-note" role="alert">
      {message}
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

/** A key/value list for a resource's details. */
export function Details({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="details">
      {rows.map(([label, value]) => (
        <div class="details-row" key={label}>
          <dt>{label}</dt>
          <dd>{value ?? <span class="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ComponentChildren }) {
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Raw JSON, as the API answered it; text only, never HTML. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <details class="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function Button(props: JSX.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger'; busy?: boolean }) {
  const { variant = 'secondary', busy, children, ...rest } = props;
  return (
    <button type="button" {...rest} class={`button button-${variant}`} disabled={Boolean(rest.disabled) || busy} aria-busy={busy ? 'true' : undefined}>
      {children}
    </button>
  );
}
