/** The parts of the API's answers the dashboard reads (the newest version's shapes). */

export interface Amount {
  currency: string;
  value: number;
}

export interface Account {
  accountID: string;
  accountType: 'individual' | 'business' | string;
  displayName: string;
  foreignID?: string;
  profile: {
    individual?: { name: { firstName: string; lastName: string }; email?: string; phone?: { number: string }; address?: Record<string, string> };
    business?: { legalBusinessName: string; email?: string; businessType?: string };
  };
  verification?: { status: string };
  capabilities?: { capability: string; status: string }[];
  createdOn: string;
  termsOfService?: { acceptedDate?: string };
}

export interface Capability {
  capability: string;
  status: string;
  requirements?: { currentlyDue?: string[]; errors?: { requirement: string; errorCode?: string }[] };
  disabledReason?: string;
  createdOn: string;
}

export interface Wallet {
  walletID: string;
  name?: string;
  status: string;
  walletType?: string;
  availableBalance: Amount & { valueDecimal?: string };
  createdOn: string;
}

export interface WalletTransaction {
  transactionID: string;
  transactionType: string;
  sourceType: string;
  sourceID: string;
  status: string;
  memo?: string;
  currency: string;
  netAmount: number;
  availableBalance?: number;
  createdOn: string;
  completedOn?: string;
}

export interface BankAccount {
  bankAccountID: string;
  status: string;
  holderName: string;
  bankName: string;
  bankAccountType: string;
  routingNumber: string;
  lastFourAccountNumber: string;
  statusReason?: string;
}

export interface Card {
  cardID: string;
  brand: string;
  cardType?: string;
  lastFourCardNumber: string;
  expiration: { month: string; year: string };
  holderName?: string;
  cardVerification?: { cvv?: string; addressLine1?: string; postalCode?: string };
}

export interface PaymentMethod {
  paymentMethodID: string;
  paymentMethodType: string;
  wallet?: { walletID: string };
  bankAccount?: BankAccount;
  card?: Card;
}

export interface TransferParty {
  paymentMethodID: string;
  paymentMethodType: string;
  account: { accountID: string; displayName: string; email?: string };
  achDetails?: Record<string, unknown> & { status?: string };
  cardDetails?: Record<string, unknown> & { status?: string };
  rtpDetails?: Record<string, unknown> & { status?: string };
  instantBankDetails?: Record<string, unknown> & { status?: string };
}

export interface Transfer {
  transferID: string;
  status: string;
  failureReason?: string;
  amount: Amount;
  description?: string;
  createdOn: string;
  completedOn?: string;
  source: TransferParty;
  destination: TransferParty;
  foreignID?: string;
  /** Card payments: the disputes opened against it (Moov's `Transfer.disputes`). */
  disputes?: { disputeID: string; createdOn: string; amount: Amount }[];
  refundedAmount?: Amount;
  disputedAmount?: Amount;
}

export interface RecordedEvent {
  eventID: string;
  type: string;
  data: Record<string, unknown>;
  createdOn: string;
}

export interface Webhook {
  webhookID: string;
  url: string;
  status: string;
  eventTypes: string[];
  description: string;
  createdOn: string;
}

export interface WebhookAttempt {
  attemptID: string;
  attemptedOn: string;
  eventID: string;
  eventType: string;
  ping: boolean;
  statusCode?: number;
  latencyMs: number;
  outcome: string;
  error?: string;
  request: { url: string; headers: Record<string, string>; body: string };
}

export interface Job {
  jobID: string;
  kind: string;
  status: string;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  transferID: string | null;
  createdOn: string;
  finishedOn: string | null;
}

export interface LedgerEntry {
  entryID: string;
  entryType: string;
  description: string;
  reversesEntryID: string | null;
  createdOn: string;
  postings: {
    line: number;
    ledgerAccount: { ledgerAccountID: string; kind: string; ownerID: string; accountID: string | null };
    bucket: string;
    amount: number;
    currency: string;
    availableAfter: number;
    pendingAfter: number;
  }[];
}

export function accountEmail(account: Account): string | undefined {
  return account.profile.individual?.email ?? account.profile.business?.email;
}

export interface Representative {
  representativeID: string;
  name: { firstName: string; lastName: string };
  email?: string;
  responsibilities?: { isController?: boolean; isOwner?: boolean; ownershipPercentage?: number; jobTitle?: string };
  createdOn: string;
  disabledOn?: string;
}

export interface Dispute {
  disputeID: string;
  merchantAccountID: string;
  amount: Amount;
  networkReasonCode: string;
  networkReasonDescription?: string;
  transfer: { transferID: string };
  respondBy: string;
  status: string;
  phase: string;
  createdOn: string;
}

export interface Refund {
  refundID: string;
  status: string;
  amount: Amount;
  createdOn: string;
  updatedOn: string;
  cardDetails?: Record<string, unknown> & { status?: string };
}
