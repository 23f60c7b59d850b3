import { z } from 'zod';
import { CapabilityID } from './accounts.ts';
import { BankAccountException, BankAccountStatus, BankAccountStatusReason } from './bank-accounts.ts';
import { CancellationStatus } from './cancellations.ts';
import { Capability } from './capabilities.ts';
import { TRANSFER_STATUSES } from './transfers.ts';
import { WalletAvailableBalance, WalletStatus, WalletTransactionStatus } from './wallets.ts';

/*
 * Event types and the `data` each carries (docs/api-behaviour.md §9.4,
 * docs/webhooks.md "Events"; Moov: https://docs.moov.io/guides/webhooks/webhook-events).
 * Shapes follow SDK 26.2.0 (`webhookeventtype.ts`, `webhookdata*.ts`): the
 * official client parses `data` flat, and its enums are closed, so only the
 * values below may be sent. One schema per type, defined here once: the server
 * records events through `recordEvent`, whose `data` is type-checked against
 * `EventData<type>`, and `GET /event-types` lists `EVENT_TYPES`.
 */

const ID = z.string();
const foreignID = z.string().optional();

/** Every status `transfer.updated` may carry: a top-level status or a leg sub-status (§6.3). `destination.canceled` is not one. */
export const TRANSFER_LEG_EVENT_STATUSES = [
  'source.completed',
  'source.corrected',
  'source.initiated',
  'source.returned',
  'source.originated',
  'source.confirmed',
  'source.settled',
  'source.failed',
  'source.canceled',
  'destination.completed',
  'destination.corrected',
  'destination.initiated',
  'destination.returned',
  'destination.originated',
  'destination.confirmed',
  'destination.failed',
  'destination.accepted-without-posting',
] as const;
export type TransferLegEventStatus = (typeof TRANSFER_LEG_EVENT_STATUSES)[number];
export const TRANSFER_EVENT_STATUSES = [...TRANSFER_STATUSES, ...TRANSFER_LEG_EVENT_STATUSES] as const;
export const TransferEventStatus = z.enum(TRANSFER_EVENT_STATUSES);

const TransferEventParty = z.object({ accountID: ID, paymentMethodID: ID });

export const CARD_UPDATE_REASONS = ['unspecified', 'account-closed', 'contact-cardholder', 'expiration-update', 'no-change', 'no-match', 'number-update'] as const;

/** `data` of each event type, keyed by the type (SDK `WebhookEventType` order). */
export const EVENT_DATA = {
  'account.created': z.object({ accountID: ID, foreignID }),
  'account.updated': z.object({ accountID: ID, foreignID }),
  'account.disconnected': z.object({ accountID: ID, foreignID }),
  'balance.updated': z.object({ accountID: ID, walletID: ID }),
  // The SDK reads {bankAccountID, accountID}; Moov's Go client and §9.4 also carry `status`.
  'bankAccount.created': z.object({ bankAccountID: ID, accountID: ID, status: BankAccountStatus }),
  'bankAccount.updated': z.object({
    bankAccountID: ID,
    accountID: ID,
    status: BankAccountStatus,
    statusReason: BankAccountStatusReason,
    exceptionDetails: BankAccountException.optional(),
  }),
  'bankAccount.deleted': z.object({ bankAccountID: ID, accountID: ID }),
  'cancellation.created': z.object({ cancellationID: ID, transferID: ID, status: CancellationStatus }),
  'cancellation.updated': z.object({ cancellationID: ID, transferID: ID, status: CancellationStatus }),
  'card.autoUpdated': z.object({ cardID: ID, accountID: ID, updateType: z.enum(CARD_UPDATE_REASONS) }),
  'capability.requested': z.object({ accountID: ID, foreignID, capabilityID: CapabilityID }),
  'capability.updated': z.object({ accountID: ID, foreignID, capabilityID: CapabilityID, status: Capability.shape.status }),
  'dispute.created': z.object({
    accountID: ID,
    transferID: ID,
    transactionID: ID,
    disputeID: ID,
    status: z.enum(['response-needed', 'resolved', 'under-review', 'closed', 'accepted', 'expired', 'won', 'lost']),
    phase: z.enum(['pre-dispute', 'inquiry', 'chargeback', 'unknown']),
  }),
  'dispute.updated': z.object({
    accountID: ID,
    transferID: ID,
    transactionID: ID,
    disputeID: ID,
    status: z.enum(['response-needed', 'resolved', 'under-review', 'closed', 'accepted', 'expired', 'won', 'lost']),
    phase: z.enum(['pre-dispute', 'inquiry', 'chargeback', 'unknown']),
  }),
  'invoice.created': z.object({ accountID: ID, invoiceID: ID }),
  'invoice.updated': z.object({ accountID: ID, invoiceID: ID, status: z.enum(['draft', 'unpaid', 'payment-pending', 'paid', 'overdue', 'canceled']) }),
  'networkID.updated': z.object({
    accountID: ID,
    visaMid: z.string().optional(),
    mastercardMid: z.string().optional(),
    discoverMid: z.string().optional(),
    amexMid: z.string().optional(),
    updatedOn: z.string().optional(),
  }),
  'paymentMethod.enabled': z.object({ accountID: ID, paymentMethodID: ID, sourceID: ID }),
  'paymentMethod.disabled': z.object({ accountID: ID, paymentMethodID: ID, sourceID: ID }),
  'refund.created': z.object({ accountID: ID, transferID: ID, refundID: ID }),
  'refund.updated': z.object({ accountID: ID, transferID: ID, refundID: ID, status: z.enum(['created', 'pending', 'completed', 'failed']) }),
  'representative.created': z.object({ accountID: ID, representativeID: ID }),
  'representative.updated': z.object({ accountID: ID, representativeID: ID }),
  'representative.deleted': z.object({ accountID: ID, representativeID: ID }),
  'sweep.created': z.object({ walletID: ID, sweepID: ID }),
  'sweep.updated': z.object({
    walletID: ID,
    sweepID: ID,
    transferID: z.string().optional(),
    status: z.enum(['accruing', 'action-required', 'canceled', 'closed', 'failed', 'paid']),
  }),
  'terminalApplication.created': z.object({ terminalApplicationID: ID, status: z.enum(['undefined', 'pending', 'enabled', 'disabled']) }),
  'terminalApplication.updated': z.object({ terminalApplicationID: ID, status: z.enum(['undefined', 'pending', 'enabled', 'disabled']) }),
  'ticket.created': z.object({ accountID: ID, ticketID: ID, foreignID }),
  'ticket.updated': z.object({ accountID: ID, ticketID: ID, foreignID, status: z.enum(['new', 'in-progress', 'on-hold', 'closed']) }),
  'ticket.messageAdded': z.object({ accountID: ID, ticketID: ID, foreignID }),
  /** `accountID` is the account that facilitated the transfer: the platform. */
  'transfer.created': z.object({ accountID: ID, transferID: ID, status: TransferEventStatus, foreignID }),
  'transfer.updated': z.object({
    accountID: ID,
    transferID: ID,
    status: TransferEventStatus,
    source: TransferEventParty,
    destination: TransferEventParty,
    foreignID,
  }),
  'wallet.created': z.object({ accountID: ID, walletID: ID }),
  'wallet.updated': z.object({ accountID: ID, walletID: ID, status: WalletStatus }),
  'walletTransaction.updated': z.object({
    accountID: ID,
    walletID: ID,
    transactionID: ID,
    status: WalletTransactionStatus,
    availableBalance: WalletAvailableBalance.optional(),
  }),
  'billingStatement.created': z.object({ statementID: ID }),
} as const;

/** An event type of Moov's v2026.01.00 (never the `*` wildcard of subscriptions). */
export type MoovEventType = keyof typeof EVENT_DATA;
/** The `data` of an event of type `T`. */
export type EventData<T extends MoovEventType> = z.output<(typeof EVENT_DATA)[T]>;
/**
 * What `recordEvent` accepts as `data` for type `T`: exactly the shape above
 * for Moov's types; any object for Railyard's own (`INTERNAL_EVENT_TYPES`).
 */
export type RecordedEventData<T extends string> = T extends MoovEventType ? EventData<T> : Record<string, unknown>;

/** The types Railyard writes today (docs/webhooks.md "Events" says when). */
export const EMITTED_EVENT_TYPES = [
  'account.created',
  'account.updated',
  'account.disconnected',
  'balance.updated',
  'bankAccount.created',
  'bankAccount.updated',
  'bankAccount.deleted',
  'cancellation.created',
  'cancellation.updated',
  'capability.requested',
  'capability.updated',
  'dispute.created',
  'dispute.updated',
  'paymentMethod.enabled',
  'paymentMethod.disabled',
  'refund.created',
  'refund.updated',
  'representative.created',
  'representative.updated',
  'representative.deleted',
  'transfer.created',
  'transfer.updated',
  'wallet.created',
  'wallet.updated',
  'walletTransaction.updated',
] as const satisfies readonly MoovEventType[];
export type EmittedEventType = (typeof EMITTED_EVENT_TYPES)[number];

/**
 * Types Railyard records in its event log that are not Moov's: never delivered
 * to webhooks (a Moov client could not parse them) and never listed by
 * `GET /event-types`. `receipt.sent`: decision 1301.
 */
export const INTERNAL_EVENT_TYPES = ['receipt.sent'] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];

export interface EventTypeInfo {
  type: MoovEventType;
  description: string;
  /** Whether Railyard writes events of this type today. */
  emitted: boolean;
  /** For a type Railyard never writes: what it lacks. */
  notEmittedBecause?: string;
}

const NO_FEATURE = (what: string) => `Railyard has no ${what} yet`;

/** Every type of Moov's v2026.01.00, what it announces, and whether Railyard emits it. */
export const EVENT_TYPES: readonly EventTypeInfo[] = (
  [
    ['account.created', 'An account was created.'],
    ['account.updated', 'One of the fields of an account changed.'],
    ['account.disconnected', 'An account was disconnected from the platform.'],
    ['balance.updated', "A wallet's available balance changed."],
    ['bankAccount.created', 'A bank account was linked.'],
    ['bankAccount.updated', "A bank account's status changed (verification, a return, a rail failure)."],
    ['bankAccount.deleted', 'A bank account was disabled.'],
    ['cancellation.created', 'A cancellation of a transfer was requested.'],
    ['cancellation.updated', "A cancellation's status changed."],
    ['card.autoUpdated', 'The card account updater changed a card.', NO_FEATURE('card account updater')],
    ['capability.requested', 'A capability was requested for an account.'],
    ['capability.updated', "A capability's status changed."],
    ['dispute.created', 'A dispute was received.'],
    ['dispute.updated', "A dispute's status or phase changed."],
    ['invoice.created', 'An invoice was created.', NO_FEATURE('invoices')],
    ['invoice.updated', "An invoice's status changed.", NO_FEATURE('invoices')],
    ['networkID.updated', "An account's card network merchant IDs were assigned or changed.", NO_FEATURE('card network merchant IDs')],
    ['paymentMethod.enabled', 'A payment method became available.'],
    ['paymentMethod.disabled', 'A payment method was disabled.'],
    ['refund.created', 'A refund of a card payment was created.'],
    ['refund.updated', "A refund's status changed."],
    ['representative.created', 'A representative was added to an account.'],
    ['representative.updated', 'A representative was updated.'],
    ['representative.deleted', 'A representative was deleted.'],
    ['sweep.created', 'A new sweep started accruing.', NO_FEATURE('sweeps')],
    ['sweep.updated', "A sweep's status changed.", NO_FEATURE('sweeps')],
    ['terminalApplication.created', 'A terminal application was created.', NO_FEATURE('terminal applications')],
    ['terminalApplication.updated', "A terminal application's status changed.", NO_FEATURE('terminal applications')],
    ['ticket.created', 'A support ticket was created.', NO_FEATURE('support tickets')],
    ['ticket.updated', "A support ticket's status changed.", NO_FEATURE('support tickets')],
    ['ticket.messageAdded', 'A message was added to a support ticket.', NO_FEATURE('support tickets')],
    ['transfer.created', 'A transfer was created.'],
    ['transfer.updated', "A transfer's status, or the status of one of its legs, changed."],
    ['wallet.created', 'A wallet was created.'],
    ['wallet.updated', 'A wallet was changed or closed.'],
    ['walletTransaction.updated', 'A wallet transaction appeared or its status changed.'],
    ['billingStatement.created', 'A monthly billing statement is available.', NO_FEATURE('billing statements')],
  ] as const satisfies ReadonlyArray<readonly [MoovEventType, string, string?]>
).map(([type, description, missing]: readonly [MoovEventType, string, string?]) => {
  const emitted = (EMITTED_EVENT_TYPES as readonly string[]).includes(type);
  if (emitted === (missing !== undefined)) throw new Error(`event type ${type}: emitted and notEmittedBecause disagree`);
  return { type, description, emitted, ...(missing !== undefined ? { notEmittedBecause: missing } : {}) };
});

const DELIVERABLE: ReadonlySet<string> = new Set(Object.keys(EVENT_DATA));

/** Whether events of this type go to webhooks: Moov's types only, never Railyard's internal ones. */
export function isDeliverableEventType(type: string): type is MoovEventType {
  return DELIVERABLE.has(type);
}
