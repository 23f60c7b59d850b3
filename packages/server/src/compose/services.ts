import type { Store } from '../store/port.ts';
import type { Clock } from '../kernel/clock.ts';
import { CredentialService } from '../domain/auth/credentials.ts';
import { PlatformService } from '../domain/platforms/service.ts';
import { OAuthService } from '../domain/auth/oauth.ts';
import { AccountService } from '../domain/accounts/service.ts';
import { CapabilityService } from '../domain/capabilities/service.ts';
import { recomputeCapabilities } from '../domain/capabilities/recompute.ts';
import { recordCapabilities } from '../domain/capabilities/record.ts';
import { WalletService } from '../domain/wallets/service.ts';
import { WalletTransactionService } from '../domain/wallets/transactions.ts';
import { PaymentMethodService } from '../domain/payment-methods/service.ts';
import { CardService } from '../domain/cards/service.ts';
import { BankAccountService } from '../domain/bank-accounts/service.ts';
import { ephemeralSourceSecrets, type SourceSecrets } from '../domain/sources/source-secrets.ts';
import { createSecretHasher } from '../domain/auth/secrets.ts';
import { PlatformClock } from '../kernel/platform-clock.ts';
import { JobRunner, type JobRunnerOptions } from '../jobs/runner.ts';
import { FAST_PACING, type RailPacing } from '../domain/transfers/pacing.ts';
import type { RailRegistry } from '../domain/transfers/rail.ts';
import { walletRail } from '../domain/transfers/rails/wallet.ts';
import { achRail } from '../domain/transfers/rails/ach/rail.ts';
import { cardRail } from '../domain/transfers/rails/card/index.ts';
import { rtpRail } from '../domain/transfers/rails/rtp/index.ts';
import { TransferService } from '../domain/transfers/service.ts';
import { TransferOptionsService } from '../domain/transfer-options/service.ts';
import { CancellationService } from '../domain/transfers/cancellation-service.ts';
import { RefundService } from '../domain/refunds/service.ts';
import { ReversalService } from '../domain/refunds/reversal-service.ts';
import { refundJobs } from '../domain/refunds/lifecycle.ts';
import { AdjustmentService } from '../domain/adjustments/service.ts';
import { ReceiptService } from '../domain/receipts/service.ts';
import { WebhookDeliveryWorker, type DeliveryWorkerOptions } from '../domain/webhooks/delivery/worker.ts';
import { WebhookService } from '../domain/webhooks/service.ts';
import { RepresentativeService } from '../domain/representatives/service.ts';
import { representativesShownOn } from '../domain/representatives/shown.ts';
import { UnderwritingService } from '../domain/underwriting/service.ts';
import { FileService } from '../domain/files/service.ts';
import { OnboardingInviteService } from '../domain/onboarding-invites/service.ts';
import { CountryService } from '../domain/countries/service.ts';
import { AgreementService } from '../domain/agreements/service.ts';
import { EnrichmentService } from '../domain/enrichment/service.ts';
import { InstitutionService } from '../domain/institutions/service.ts';
import { DisputeService } from '../domain/disputes/service.ts';
import { disputeJobs } from '../domain/disputes/jobs.ts';
import { RailyardInsightService } from '../domain/railyard-insight/service.ts';

/**
 * The start-up wiring: the one place that builds every service and hands each
 * the collaborators it needs (docs/architecture.md). Domain modules never build
 * another module's service or reach for a module-level registry.
 */

/**
 * The rails Railyard simulates, by name. A new rail is added here: its job
 * handlers are registered with the others and the services that pick a rail
 * see it.
 */
export const DEFAULT_RAILS: RailRegistry = {
  wallet: walletRail,
  ach: achRail,
  card: cardRail,
  rtp: rtpRail,
};

/** Registers every rail's job handlers on a runner (once per runner, at start-up). */
function registerRailJobs(runner: JobRunner, rails: RailRegistry): void {
  for (const rail of Object.values(rails)) {
    for (const [kind, handler] of Object.entries(rail.jobs)) runner.registerJobHandler(kind, handler);
  }
}

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
  /** Refunds of card payments and reversals (docs/refunds.md). */
  refunds: RefundService;
  reversals: ReversalService;
  /** Wallet adjustments, with a Railyard-only create (docs/refunds.md "Adjustments"). */
  adjustments: AdjustmentService;
  receipts: ReceiptService;
  /** Webhooks, their secrets and pings, the delivery log and redelivery (decision 1500). */
  webhooks: WebhookService;
  /** Business onboarding, read by the capability requirements (docs/onboarding.md). */
  representatives: RepresentativeService;
  underwriting: UnderwritingService;
  files: FileService;
  /** Onboarding invites and the invite page's redemption (decision 1750). */
  onboardingInvites: OnboardingInviteService;
  /** Countries of operation of an account (decision 1752). */
  countries: CountryService;
  /** Merchant processing agreements, generated as PDF (decision 1756). */
  agreements: AgreementService;
  /** Industries, address and profile suggestions, avatars (decisions 1753, 1755, 1757). */
  enrichment: EnrichmentService;
  /** The sandbox institution directory (decision 1754). */
  institutions: InstitutionService;
  /** Disputes of card payments and their evidence (docs/disputes.md). */
  disputes: DisputeService;
  /** Each platform's clock (real time plus an offset moved by `POST /railyard/clock/advance`). */
  platformClock: PlatformClock;
  /** Background jobs claimed from the database; `serve` starts its loop, tests call `runDueJobs()`. */
  jobs: JobRunner;
  /** Webhook deliveries from the outbox (decision 1500); `serve` starts its loop, tests call `runDue()`. */
  webhookDelivery: WebhookDeliveryWorker;
  railPacing: RailPacing;
  /** The rails the services pick from (DEFAULT_RAILS unless a test hands in its own). */
  rails: RailRegistry;
  /** Railyard-only reads for the dashboard: a transfer's ledger entries and events, the job queue. */
  railyardInsight: RailyardInsightService;
}

/** Settings of the background machinery; every field has a default. */
export interface ServiceOptions {
  jobs?: Omit<JobRunnerOptions, 'store' | 'clock'>;
  webhookDelivery?: Omit<DeliveryWorkerOptions, 'store' | 'clock' | 'sealer'>;
  railPacing?: RailPacing;
  /** The rails to run (default DEFAULT_RAILS); tests pass their own registry. */
  rails?: RailRegistry;
  /** How long `X-Wait-For: rail-response` waits for a rail (default 15 s). */
  railWaitMs?: number;
  /**
   * Key material for sealed account numbers and sensitive account values,
   * fingerprints and API secret hashes (0500, 0501, 0504, 0206), loaded once at
   * start-up with `loadSourceSecrets`. `serve` and `admin create-platform` always
   * pass it; the default, a key that dies with the process, suits only in-memory
   * databases, tests and commands that neither read sealed values nor store secrets.
   */
  sourceSecrets?: SourceSecrets;
}

export function createServices(store: Store, clock: Clock, options: ServiceOptions = {}): Services {
  const sourceSecrets = options.sourceSecrets ?? ephemeralSourceSecrets();
  // API secrets are stored and checked with one keyed hash (0206), from the same key material.
  const secretHasher = createSecretHasher(sourceSecrets.apiSecretKeys);
  const credentials = new CredentialService(store, clock, secretHasher);
  const platformClock = new PlatformClock(store, clock);
  const railPacing = options.railPacing ?? FAST_PACING;
  const jobs = new JobRunner({ ...options.jobs, store, clock });
  const rails = options.rails ?? DEFAULT_RAILS;
  registerRailJobs(jobs, rails);
  // The card network's chargeback notices and the dispute deadlines and decisions (docs/disputes.md).
  for (const [kind, handler] of Object.entries(disputeJobs)) jobs.registerJobHandler(kind, handler);
  const accounts = new AccountService(
    store,
    clock,
    { record: recordCapabilities, recompute: recomputeCapabilities },
    sourceSecrets.sealer,
    representativesShownOn,
  );
  // Refunds move through the card network on the platform clock (docs/refunds.md "Lifecycle").
  for (const [kind, handler] of Object.entries(refundJobs(railPacing))) jobs.registerJobHandler(kind, handler);
  const cancellations = new CancellationService(store, { platformClock, pacing: railPacing, rails });
  const refunds = new RefundService(store, { platformClock, pacing: railPacing });
  return {
    store,
    clock,
    platforms: new PlatformService(store, clock, secretHasher),
    credentials,
    oauth: new OAuthService(store, clock, credentials),
    accounts,
    onboardingInvites: new OnboardingInviteService(store, clock, accounts),
    countries: new CountryService(store, clock),
    agreements: new AgreementService(store),
    enrichment: new EnrichmentService(),
    institutions: new InstitutionService(),
    capabilities: new CapabilityService(store, clock),
    wallets: new WalletService(store, clock),
    walletTransactions: new WalletTransactionService(store),
    paymentMethods: new PaymentMethodService(store),
    cards: new CardService(store, clock, sourceSecrets.fingerprintKey),
    bankAccounts: new BankAccountService(store, clock, sourceSecrets),
    platformClock,
    jobs,
    webhookDelivery: new WebhookDeliveryWorker({ ...options.webhookDelivery, store, clock, sealer: sourceSecrets.sealer }),
    railPacing,
    rails,
    transferOptions: new TransferOptionsService(store, rails),
    cancellations,
    refunds,
    reversals: new ReversalService(store, { platformClock, cancellations, refunds }),
    adjustments: new AdjustmentService(store, { platformClock }),
    receipts: new ReceiptService(store, platformClock),
    webhooks: new WebhookService(store, { sealer: sourceSecrets.sealer, platformClock }),
    representatives: new RepresentativeService(store, clock, sourceSecrets.sealer, recomputeCapabilities),
    underwriting: new UnderwritingService(store, clock, recomputeCapabilities),
    files: new FileService(store, clock, recomputeCapabilities),
    disputes: new DisputeService(store, { platformClock, pacing: railPacing }),
    railyardInsight: new RailyardInsightService(store),
    transfers: new TransferService(store, { platformClock, pacing: railPacing, rails, ...(options.railWaitMs !== undefined ? { railWaitMs: options.railWaitMs } : {}) }),
  };
}
