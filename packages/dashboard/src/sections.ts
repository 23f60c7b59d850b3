import type { FunctionComponent } from 'preact';
import type { Route } from './router.ts';
import { AccountsPage } from './pages/accounts.tsx';
import { AccountPage } from './pages/account.tsx';
import { TransfersPage } from './pages/transfers.tsx';
import { TransferPage } from './pages/transfer.tsx';
import { EventsPage } from './pages/events.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { ClockPage } from './pages/clock.tsx';
import { DisputesPage } from './pages/disputes.tsx';

/**
 * The dashboard's sections, in navigation order. A new area (refunds,
 * disputes…) is one entry here with its pages; `detail` renders `#/<id>/<x>`.
 */
export interface PageProps {
  route: Route;
  /** The resource ID of a detail page (`#/transfers/<id>`); empty on a list page. */
  id: string;
  /** The signed-in key's platform: transfers are created and listed on its account. */
  platformID: string;
}

export interface Section {
  id: string;
  label: string;
  list: FunctionComponent<PageProps>;
  detail?: FunctionComponent<PageProps>;
}

export const SECTIONS: Section[] = [
  { id: 'accounts', label: 'Accounts', list: AccountsPage, detail: AccountPage },
  { id: 'transfers', label: 'Transfers', list: TransfersPage, detail: TransferPage },
  { id: 'disputes', label: 'Disputes', list: DisputesPage },
  { id: 'events', label: 'Events', list: EventsPage },
  { id: 'webhooks', label: 'Webhooks', list: WebhooksPage },
  { id: 'clock', label: 'Clock & jobs', list: ClockPage },
];
