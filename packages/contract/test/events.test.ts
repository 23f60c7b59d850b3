import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as sdk from '@moovio/sdk/models/components/index.js';
import { z } from 'zod';
import {
  EMITTED_EVENT_TYPES,
  EVENT_DATA,
  EVENT_TYPES,
  INTERNAL_EVENT_TYPES,
  isDeliverableEventType,
  TRANSFER_EVENT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type MoovEventType,
} from '../src/index.ts';

// The event catalog (schemas/events.ts) against the official SDK 26.2.0: the
// same types in the same order, and for each type the same `data` fields and
// the same values of every enum field, so what Railyard emits is what the SDK
// parses (its enums are closed).

/** The SDK's schema of a type's data: `WebhookData<Type>$inboundSchema` (two are named otherwise). */
function sdkSchemaOf(type: MoovEventType): any {
  const name =
    type === 'representative.deleted'
      ? 'WebhookDataRepresentativeDisabled'
      : type === 'billingStatement.created'
        ? 'WebhookBillingStatementCreated'
        : `WebhookData${type
            .split('.')
            .map((part) => part[0]!.toUpperCase() + part.slice(1))
            .join('')}`;
  const schema = (sdk as Record<string, unknown>)[`${name}$inboundSchema`];
  assert.ok(schema, `no SDK schema ${name} for ${type}`);
  return schema;
}

/** The values of an SDK (zod v3) enum field, optional or not; undefined for any other field. */
function sdkEnumValues(field: any): string[] | undefined {
  const inner = field._def.typeName === 'ZodOptional' ? field._def.innerType : field;
  return inner._def.typeName === 'ZodNativeEnum' ? (Object.values(inner._def.values) as string[]) : undefined;
}

/** The values of one of our (zod v4) enum fields, optional or not; undefined for any other field. */
function ourEnumValues(field: z.ZodType): string[] | undefined {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : undefined;
}

describe('event types and their data', () => {
  it('lists the SDK’s WebhookEventType values (without *) in its order, everywhere', () => {
    const sdkTypes = Object.values(sdk.WebhookEventType).filter((type) => type !== '*');
    assert.deepEqual(Object.keys(EVENT_DATA), sdkTypes);
    assert.deepEqual(EVENT_TYPES.map((entry) => entry.type), sdkTypes);
    assert.deepEqual([...WEBHOOK_EVENT_TYPES], sdkTypes);
  });

  it('flags exactly the emitted types; the others say what Railyard lacks', () => {
    for (const entry of EVENT_TYPES) {
      assert.equal(entry.emitted, (EMITTED_EVENT_TYPES as readonly string[]).includes(entry.type), entry.type);
      assert.equal(entry.notEmittedBecause === undefined, entry.emitted, entry.type);
      assert.ok(entry.description.endsWith('.'), entry.type);
    }
  });

  it('delivers Moov’s types only: not Railyard’s internal ones, the wildcard or the ping’s type', () => {
    for (const type of Object.keys(EVENT_DATA)) assert.ok(isDeliverableEventType(type), type);
    for (const type of [...INTERNAL_EVENT_TYPES, '*', 'event.test', 'transfer.exploded']) assert.ok(!isDeliverableEventType(type), type);
  });

  it('has the SDK’s transfer.updated statuses, without destination.canceled', () => {
    assert.deepEqual([...TRANSFER_EVENT_STATUSES].sort(), Object.values(sdk.WebhookDataTransferStatus).sort());
    assert.ok(!(TRANSFER_EVENT_STATUSES as readonly string[]).includes('destination.canceled'));
  });

  for (const type of Object.keys(EVENT_DATA) as MoovEventType[]) {
    it(`${type}: the SDK's fields and enum values`, () => {
      const ours = EVENT_DATA[type].shape as Record<string, z.ZodType>;
      const theirs = sdkSchemaOf(type).shape as Record<string, unknown>;
      // bankAccount.created also carries `status`, as Moov's Go client reads it (docs/api-behaviour.md §9.4).
      const extra = type === 'bankAccount.created' ? ['status'] : [];
      assert.deepEqual(Object.keys(ours).filter((key) => !extra.includes(key)).sort(), Object.keys(theirs).sort());
      for (const [key, field] of Object.entries(theirs)) {
        const values = sdkEnumValues(field);
        if (values === undefined) continue;
        assert.deepEqual(ourEnumValues(ours[key]!)?.slice().sort(), values.slice().sort(), `${type}.${key}`);
      }
    });
  }
});
