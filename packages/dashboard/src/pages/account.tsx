import type { ComponentChildren, FunctionComponent } from 'preact';
import { useState } from 'preact/hooks';
import type { PageProps } from '../sections.ts';
import { useApi } from '../use-api.ts';
import { href } from '../router.ts';
import { accountEmail, type Account } from '../types.ts';
import { Badge, Details, ErrorNote, Id, Json, Loading, Time } from '../components/ui.tsx';
import { CapabilitiesPanel } from './account-capabilities.tsx';
import { WalletsPanel } from './account-wallets.tsx';
import { BankAccountsPanel } from './account-bank-accounts.tsx';
import { CardsPanel } from './account-cards.tsx';
import { PaymentMethodsPanel } from './account-payment-methods.tsx';
import { RepresentativesPanel } from './account-representatives.tsx';

export interface AccountPanelProps {
  account: Account;
  platformID: string;
  /** Makes every panel read again (a panel changed something others show). */
  refresh: () => void;
  /** Bumped by refresh; panels pass it to useApi as their refreshKey. */
  version: number;
}

/**
 * The panels of an account's page, in order (`shownFor` limits one to some
 * accounts). A later area (underwriting, files…) adds its panel here.
 */
export const ACCOUNT_PANELS: { id: string; panel: FunctionComponent<AccountPanelProps>; shownFor?: (account: Account) => boolean }[] = [
  { id: 'capabilities', panel: CapabilitiesPanel },
  { id: 'representatives', panel: RepresentativesPanel, shownFor: (account) => account.accountType === 'business' },
  { id: 'wallets', panel: WalletsPanel },
  { id: 'bank-accounts', panel: BankAccountsPanel },
  { id: 'cards', panel: CardsPanel },
  { id: 'payment-methods', panel: PaymentMethodsPanel },
];

function profileRows(account: Account): [string, ComponentChildren][] {
  const individual = account.profile.individual;
  const business = account.profile.business;
  const address = individual?.address;
  return [
    ['Account ID', <Id value={account.accountID} />],
    ['Type', account.accountType],
    ['Name', individual ? `${individual.name.firstName} ${individual.name.lastName}` : business?.legalBusinessName],
    ['Email', accountEmail(account)],
    ['Phone', individual?.phone?.number],
    ['Address', address ? [address['addressLine1'], address['city'], address['stateOrProvince'], address['postalCode']].filter(Boolean).join(', ') : undefined],
    ['Verification', account.verification ? <Badge status={account.verification.status} /> : undefined],
    ['Terms of service', account.termsOfService?.acceptedDate ? <>accepted <Time iso={account.termsOfService.acceptedDate} /></> : 'not accepted'],
    ['Created', <Time iso={account.createdOn} />],
  ];
}

export function AccountPage({ id, platformID }: PageProps) {
  const [version, setVersion] = useState(0);
  const account = useApi<Account>(`/accounts/${encodeURIComponent(id)}`, { refreshKey: version });
  if (account.error) {
    return (
      <div class="page">
        <h1 tabIndex={-1}>Account</h1>
        <ErrorNote message={account.error} />
        <a href={href('accounts')}>Back to accounts</a>
      </div>
    );
  }
  if (!account.data) return <Loading what="Loading the account" />;
  const data = account.data;
  return (
    <div class="page">
      <nav class="breadcrumbs" aria-label="Breadcrumb">
        <a href={href('accounts')}>Accounts</a> <span aria-hidden="true">/</span> <span aria-current="page">{data.displayName || data.accountID}</span>
      </nav>
      <div class="page-header">
        <h1 tabIndex={-1}>{data.displayName || '(no name)'}</h1>
        <a class="button button-secondary" href={`${href('transfers')}?account=${encodeURIComponent(data.accountID)}`}>
          Transfers of this account
        </a>
      </div>
      <div class="grid-2">
        <section class="panel" aria-labelledby="panel-profile">
          <header class="panel-header">
            <h2 id="panel-profile">Profile</h2>
          </header>
          <div class="panel-body">
            <Details rows={profileRows(data)} />
            <Json value={data} label="The account as the API answers it" />
          </div>
        </section>
        {ACCOUNT_PANELS.filter(({ shownFor }) => !shownFor || shownFor(data)).map(({ id: panelID, panel: Panel }) => (
          <Panel key={panelID} account={data} platformID={platformID} refresh={() => setVersion((n) => n + 1)} version={version} />
        ))}
      </div>
    </div>
  );
}
