import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillScope, isKnownScope, operations, type OperationDef } from '../src/index.ts';

const registry = operations as readonly OperationDef[];

/**
 * The operations that deliberately need no scope, by name (decisions/0205).
 * Both are the OAuth2 endpoints themselves: they authenticate with the client
 * credentials (the API key), never with a Bearer token, so there is no token
 * whose scopes could be checked. Every other operation accepts a Bearer token
 * and must name the scope that token needs; an empty list would let a token
 * minted for `/ping.read` call it.
 */
const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'authentication.createAccessToken',
  'authentication.revokeAccessToken',
]);

const SAMPLE_ID = '3f0c1e2a-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('operation scopes', () => {
  it('every operation that is not deliberately public names at least one scope', () => {
    const unscoped = registry.filter((op) => op.scopes.length === 0 && !PUBLIC_OPERATIONS.has(op.id)).map((op) => op.id);
    assert.deepEqual(unscoped, [], `operations with scopes: [] that are not in PUBLIC_OPERATIONS: ${unscoped.join(', ')}`);
  });

  it('the public list names existing operations that take no Bearer token and have no scope', () => {
    for (const id of PUBLIC_OPERATIONS) {
      const op = registry.find((candidate) => candidate.id === id);
      assert.ok(op, `${id} is in the registry`);
      assert.deepEqual(op.scopes, [], `${id} has no scope`);
      // `client` operations authenticate with the API key itself; an `api` operation accepts Bearer tokens.
      assert.equal(op.auth, 'client', `${id} is authenticated by client credentials, not by a token`);
    }
  });

  it('every scope an operation needs is one a token can be minted with', () => {
    for (const op of registry) {
      for (const template of op.scopes) {
        const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
        const filled = fillScope(template, Object.fromEntries(names.map((name) => [name, SAMPLE_ID])));
        assert.ok(isKnownScope(filled), `${op.id}: ${template} is a known scope`);
      }
    }
  });

  it('accounts.connect and accounts.getTermsOfServiceToken need a scope (issue 12)', () => {
    const byId = new Map(registry.map((op) => [op.id, op]));
    assert.deepEqual(byId.get('accounts.connect')?.scopes, ['/accounts/{accountID}/profile.write']);
    assert.deepEqual(byId.get('accounts.getTermsOfServiceToken')?.scopes, ['/accounts.write']);
  });
});

describe('webhook operation scopes (decision 1500)', () => {
  it('reads need /webhooks.read and writes /webhooks.write, and tokens can be minted with both', () => {
    const byId = new Map<string, OperationDef>(registry.map((op) => [op.id, op]));
    const expected: Record<string, string> = {
      'webhooks.create': '/webhooks.write',
      'webhooks.list': '/webhooks.read',
      'webhooks.get': '/webhooks.read',
      'webhooks.update': '/webhooks.write',
      'webhooks.disable': '/webhooks.write',
      'webhooks.getSecret': '/webhooks.read',
      'webhooks.ping': '/webhooks.write',
      'webhooks.listEventTypes': '/webhooks.read',
      'sandbox.listWebhookDeliveries': '/webhooks.read',
      'sandbox.redeliverWebhookEvent': '/webhooks.write',
      'sandbox.listEvents': '/webhooks.read',
    };
    for (const [id, scope] of Object.entries(expected)) {
      const op = byId.get(id);
      assert.ok(op, id);
      assert.deepEqual(op.scopes, [scope], id);
      assert.equal(op.readOnly, scope === '/webhooks.read', `${id} readOnly`);
    }
    assert.ok(isKnownScope('/webhooks.read') && isKnownScope('/webhooks.write'));
  });
});
