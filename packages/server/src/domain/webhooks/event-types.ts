import { createHash } from 'node:crypto';
import { EVENT_TYPES as EVENT_CATALOG, WEBHOOK_EVENT_TYPES, type EventTypeView } from '@railyard/contract';

/*
 * The catalog `GET /event-types` answers (docs/webhooks.md "Event types"):
 * every v2026.01.00 event type (SDK `WebhookEventType`), what it means, and
 * whether Railyard records it yet (the contract's `EVENT_TYPES`). A type
 * Railyard does not emit can still be subscribed to (it is Moov's) and simply
 * never arrives. When an area starts recording a type, add it to the
 * contract's `EMITTED_EVENT_TYPES`.
 *
 * `eventTypeID` is a name-based UUID (RFC 9562 version 5: SHA-1 of a fixed
 * namespace and the type's name), so it is the same on every server and in
 * every release, and needs no table.
 */

/** The namespace of event type IDs (a random UUID chosen once; never change it). */
export const EVENT_TYPE_NAMESPACE = '5b3c0f5e-2c1d-4a8e-9f37-6d0a91c4e2b7';

type EventTypeName = (typeof WEBHOOK_EVENT_TYPES)[number];

/** From the contract's `EVENT_TYPES` (schemas/events.ts), where each type's `data` is defined too. */
const CATALOG = Object.fromEntries(EVENT_CATALOG.map(({ type, description, emitted }) => [type, { description, emitted }])) as Record<
  EventTypeName,
  { description: string; emitted: boolean }
>;

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
