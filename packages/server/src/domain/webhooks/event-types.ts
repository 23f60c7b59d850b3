import { createHash } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, type EventTypeView } from '@railyard/contract';

/*
 * The catalog `GET /event-types` answers (docs/webhooks.md "Event types"):
 * every v2026.01.00 event type (SDK `WebhookEventType`), what it means, and
 * whether Railyard records it yet. A type Railyard does not emit can still be
 * subscribed to (it is Moov's) and simply never arrives. When an area starts
 * recording a type, flip its `emitted` here.
 *
 * `eventTypeID` is a name-based UUID (RFC 9562 version 5: SHA-1 of a fixed
 * namespace and the type's name), so it is the same on every server and in
 * every release, and needs no table.
 */

/** The namespace of event type IDs (a random UUID chosen once; never change it). */
export const EVENT_TYPE_NAMESPACE = '5b3c0f5e-2c1d-4a8e-9f37-6d0a91c4e2b7';

type EventTypeName = (typeof WEBHOOK_EVENT_TYPES)[number];

const CATALOG: Record<EventTypeName, { description: string; emitted: boolean }> = {
  'account.created': { description: 'An account was created.', emitted: true },
  'account.updated': { description: 'One of the fields of an account changed.', emitted: true },
  'account.disconnected': { description: 'An account was disconnected from the platform.', emitted: true },
  'balance.updated': { description: "A wallet's available balance changed.", emitted: false },
  'bankAccount.created': { description: 'A bank account was linked.', emitted: true },
  'bankAccount.updated': { description: "A bank account's status changed (verification, a return, a rail failure).", emitted: true },
  'bankAccount.deleted': { description: 'A bank account was disabled.', emitted: true },
  'cancellation.created': { description: 'A cancellation of a transfer was requested.', emitted: true },
  'cancellation.updated': { description: "A cancellation's status changed.", emitted: true },
  'card.autoUpdated': { description: 'The card account updater changed a card.', emitted: false },
  'capability.requested': { description: 'A capability was requested for an account.', emitted: true },
  'capability.updated': { description: "A capability's status changed.", emitted: true },
  'dispute.created': { description: 'A dispute was received.', emitted: false },
  'dispute.updated': { description: "A dispute's status or phase changed.", emitted: false },
  'invoice.created': { description: 'An invoice was created.', emitted: false },
  'invoice.updated': { description: "An invoice's status changed.", emitted: false },
  'networkID.updated': { description: "An account's card network merchant IDs were assigned or changed.", emitted: false },
  'paymentMethod.enabled': { description: 'A payment method became available.', emitted: true },
  'paymentMethod.disabled': { description: 'A payment method was disabled.', emitted: true },
  'refund.created': { description: 'A refund of a card payment was created.', emitted: false },
  'refund.updated': { description: "A refund's status changed.", emitted: false },
  'representative.created': { description: 'A representative was added to an account.', emitted: false },
  'representative.updated': { description: 'A representative was updated.', emitted: false },
  'representative.deleted': { description: 'A representative was deleted.', emitted: false },
  'sweep.created': { description: 'A new sweep started accruing.', emitted: false },
  'sweep.updated': { description: "A sweep's status changed.", emitted: false },
  'terminalApplication.created': { description: 'A terminal application was created.', emitted: false },
  'terminalApplication.updated': { description: "A terminal application's status changed.", emitted: false },
  'ticket.created': { description: 'A support ticket was created.', emitted: false },
  'ticket.updated': { description: "A support ticket's status changed.", emitted: false },
  'ticket.messageAdded': { description: 'A message was added to a support ticket.', emitted: false },
  'transfer.created': { description: 'A transfer was created.', emitted: true },
  'transfer.updated': { description: "A transfer's status, or the status of one of its legs, changed.", emitted: true },
  'wallet.created': { description: 'A wallet was created.', emitted: true },
  'wallet.updated': { description: "A wallet's status changed.", emitted: true },
  'walletTransaction.updated': { description: "A wallet transaction's status changed.", emitted: false },
  'billingStatement.created': { description: 'A monthly billing statement is available.', emitted: false },
};

/** RFC 9562 version 5 UUID of `name` in `namespace`. */
export function nameBasedUuid(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether Railyard records events of `type` today. */
export function isEmitted(type: string): boolean {
  return (CATALOG as Record<string, { emitted: boolean } | undefined>)[type]?.emitted ?? false;
}

const EVENT_TYPES: readonly EventTypeView[] = WEBHOOK_EVENT_TYPES.map((type) => {
  const entry = CATALOG[type];
  return {
    eventTypeID: nameBasedUuid(EVENT_TYPE_NAMESPACE, type),
    type,
    description: `${entry.description} ${entry.emitted ? 'Emitted by Railyard.' : 'Not emitted by Railyard yet.'}`,
  };
});

/** Every event type, in the SDK's order. */
export function eventTypeCatalog(): EventTypeView[] {
  return EVENT_TYPES.map((entry) => ({ ...entry }));
}
