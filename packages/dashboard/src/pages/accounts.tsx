import { useState } from 'preact/hooks';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { href } from '../router.ts';
import { accountEmail, type Account } from '../types.ts';
import { Badge, Empty, ErrorNote, Loading, Panel, Table, Time } from '../components/ui.tsx';
import { CreateAccountForm } from './create-account-form.tsx';

/** Accounts: search by name or email, open one, or create one. */
export function AccountsPage({ route }: PageProps) {
  const [search, setSearch] = useState(route.query.get('q') ?? '');
  const [applied, setApplied] = useState(search);
  const [creating, setCreating] = useState(false);
  const query = new URLSearchParams({ count: '100' });
  if (applied.includes('@')) query.set('email', applied.trim());
  else if (applied.trim()) query.set('name', applied.trim());
  const accounts = useApi<Account[]>(`/accounts?${query}`);

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Accounts</h1>
        <button type="button" class="button button-primary" aria-expanded={creating ? 'true' : 'false'} onClick={() => setCreating(!creating)}>
          {creating ? 'Close form' : 'New account'}
        </button>
      </div>
      {creating ? (
        <Panel title="New account">
          <CreateAccountForm
            onCreated={(account) => {
              setCreating(false);
              accounts.reload();
              location.hash = href('accounts', account.accountID);
            }}
          />
        </Panel>
      ) : null}
      <form
        class="toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(search);
        }}
      >
        <label for="account-search" class="visually-hidden">
          Search accounts by name or email
        </label>
        <input id="account-search" type="search" placeholder="Search by name or email" value={search} onInput={(event) => setSearch((event.target as HTMLInputElement).value)} />
        <button type="submit" class="button button-secondary">
          Search
        </button>
      </form>
      <ErrorNote message={accounts.error} />
      {accounts.loading && !accounts.data ? <Loading what="Loading accounts" /> : null}
      {accounts.data && accounts.data.length === 0 ? <Empty>{applied ? `No account matches “${applied}”.` : 'No accounts yet. Create one with “New account”.'}</Empty> : null}
      {accounts.data && accounts.data.length > 0 ? (
        <Table caption="Accounts" head={['Name', 'Type', 'Email', 'Capabilities', 'Verification', 'Created']}>
          {accounts.data.map((account) => (
            <tr key={account.accountID}>
              <td>
                <a href={href('accounts', account.accountID)}>{account.displayName || '(no name)'}</a>
              </td>
              <td>{account.accountType}</td>
              <td>{accountEmail(account) ?? <span class="muted">—</span>}</td>
              <td>
                <span class="badge-list">
                  {(account.capabilities ?? []).map((capability) => (
                    <span key={capability.capability} class="chip" title={`${capability.capability}: ${capability.status}`}>
                      {capability.capability}
                      <span class={`dot dot-${capability.status}`} aria-label={capability.status} />
                    </span>
                  ))}
                </span>
              </td>
              <td>{account.verification ? <Badge status={account.verification.status} /> : null}</td>
              <td>
                <Time iso={account.createdOn} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </div>
  );
}
