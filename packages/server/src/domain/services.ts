import type { Store } from '../store/port.ts';
import type { Clock } from './clock.ts';
import { CredentialService } from './credentials.ts';
import { PlatformService } from './platforms.ts';
import { OAuthService } from './oauth.ts';
import { AccountService } from './accounts/service.ts';
import { CapabilityService } from './capabilities/service.ts';
import { WalletService } from './wallets/service.ts';
import { WalletTransactionService } from './wallets/transactions.ts';
import { PaymentMethodService } from './payment-methods/service.ts';
import { CardService } from './cards/service.ts';
import { BankAccountService } from './bank-accounts/service.ts';
import { ephemeralSourceSecrets, type SourceSecrets } from './sources/source-secrets.ts';
import { PlatformClock } from './time/platform-clock.ts';
import { JobRunner, type JobRunnerOptions } from '../jobs/runner.ts';
import { FAST_PACING, type RailPacing } from '../rails/pacing.ts';
import { registerRailJobs } from '../rails/registry.ts';
import { TransferService } from './transfers/service.ts';
import { TransferOptionsService } from './transfer-options/service.ts';
import { CancellationService } from './cancellations/service.ts';
import { ReceiptService } from './receipts/service.ts';

/** Every domain service, built once per server around one store and one clock. */
export interface Services {
  store: Store;
  clock: Clock;
  platforms: PlatformService;
  credentials: CredentialService;
  oauth: OAuthService;
  accounts: AccountService;
  capabilities: CapabilityService;
  wallets: WalletService;
  walletTransactions: WalletTransactionService;
  paymentMethods: PaymentMethodService;
  cards: CardService;
  bankAccounts: BankAccountService;
  transfers: TransferService;
  transferOptions: TransferOptionsService;
  cancellations: CancellationService;
  receipts: ReceiptService;
  /** Each platform's clock (real time plus an offset moved by `POST /railyard/clock/advance`). */
  platformClock: PlatformClock;
  /** Background jobs claimed from the database; `serve` starts its loop, tests call `runDueJobs()`. */
  jobs: JobRunner;
  railPacing: RailPacing;
}

/** Settings of the background machinery; every field has a default. */
export interface ServiceOptions {
  jobs?: Omit<JobRunnerOptions, 'store' | 'clock'>;
  railPacing?: RailPacing;
  /** How long `X-Wait-For: rail-response` waits for a rail (default 15 s). */
  railWaitMs?: number;
  /**
   * Key material for sealed account numbers and fingerprints (0500, 0501), loaded
   * once at start-up with `loadSourceSecrets`. `serve` always passes it; the
   * default, a key that dies with the process, suits only in-memory databases,
   * tests and commands that never read sealed values.
   */
  sourceSecrets?: SourceSecrets;
}

export function createServices(store: Store, clock: Clock, options: ServiceOptions = {}): Services {
  const credentials = new CredentialService(store, clock);
  const sourceSecrets = options.sourceSecrets ?? ephemeralSourceSecrets();
  const platformClock = new PlatformClock(store, clock);
  const railPacing = options.railPacing ?? FAST_PACING;
  const jobs = new JobRunner({ ...options.jobs, store, clock });
  registerRailJobs(jobs);
  return {
    store,
    clock,
    platforms: new PlatformService(store, clock),
    credentials,
    oauth: new OAuthService(store, clock, credentials),
    accounts: new AccountService(store, clock),
    capabilities: new CapabilityService(store, clock),
    wallets: new WalletService(store, clock),
    walletTransactions: new WalletTransactionService(store),
    paymentMethods: new PaymentMethodService(store),
    cards: new CardService(store, clock, sourceSecrets.fingerprintKey),
    bankAccounts: new BankAccountService(store, clock, sourceSecrets),
    platformClock,
    jobs,
    railPacing,
    transferOptions: new TransferOptionsService(store),
    cancellations: new CancellationService(store, { platformClock, pacing: railPacing }),
    receipts: new ReceiptService(store, platformClock),
    transfers: new TransferService(store, { platformClock, pacing: railPacing, ...(options.railWaitMs !== undefined ? { railWaitMs: options.railWaitMs } : {}) }),
  };
}
