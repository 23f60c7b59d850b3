import type { Store } from '../store/port.ts';
import type { Clock } from './clock.ts';
import { CredentialService } from './credentials.ts';
import { PlatformService } from './platforms.ts';

/** Every domain service, built once per server around one store and one clock. */
export interface Services {
  store: Store;
  clock: Clock;
  platforms: PlatformService;
  credentials: CredentialService;
}

export function createServices(store: Store, clock: Clock): Services {
  return {
    store,
    clock,
    platforms: new PlatformService(store, clock),
    credentials: new CredentialService(store, clock),
  };
}
