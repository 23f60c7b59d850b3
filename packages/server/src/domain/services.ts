import type { Store } from '../store/port.ts';
import type { Clock } from './clock.ts';
import { CredentialService } from './credentials.ts';
import { PlatformService } from './platforms.ts';
import { OAuthService } from './oauth.ts';
import { AccountService } from './accounts/service.ts';

/** Every domain service, built once per server around one store and one clock. */
export interface Services {
  store: Store;
  clock: Clock;
  platforms: PlatformService;
  credentials: CredentialService;
  oauth: OAuthService;
  accounts: AccountService;
}

export function createServices(store: Store, clock: Clock): Services {
  const credentials = new CredentialService(store, clock);
  return {
    store,
    clock,
    platforms: new PlatformService(store, clock),
    credentials,
    oauth: new OAuthService(store, clock, credentials),
    accounts: new AccountService(store, clock),
  };
}
