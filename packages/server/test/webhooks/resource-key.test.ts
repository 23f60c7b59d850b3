import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_DATA } from '@railyard/contract';
import { EVENT_RESOURCE_KEYS, eventResourceKey } from '../../src/kernel/event-resource.ts';

/**
 * The delivery order key of each event type (decision 1500, "Order per
 * resource"; the table in docs/webhooks.md "Order"): which events of a webhook
 * go out one after the other.
 */

describe('event resource keys', () => {
  it('every v2026.01.00 event type has a key, and no other type is in the table', () => {
    assert.deepEqual(Object.keys(EVENT_RESOURCE_KEYS).sort(), Object.keys(EVENT_DATA).sort());
  });

  it("keys an account's onboarding by the account, a transfer's story by the transfer, a wallet transaction by itself", () => {
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      ['account.created', { accountID: 'a1' }, 'account:a1'],
      ['capability.updated', { accountID: 'a1', capabilityID: 'transfers', status: 'enabled' }, 'account:a1'],
      ['representative.updated', { accountID: 'a1', representativeID: 'r1' }, 'account:a1'],
      ['bankAccount.updated', { accountID: 'a1', bankAccountID: 'b1', status: 'verified', statusReason: 'verification-successful' }, 'account:a1'],
      ['paymentMethod.enabled', { accountID: 'a1', paymentMethodID: 'p1', sourceID: 'w1' }, 'account:a1'],
      ['wallet.created', { accountID: 'a1', walletID: 'w1' }, 'account:a1'],
      ['transfer.created', { accountID: 'platform', transferID: 't1', status: 'created' }, 'transfer:t1'],
      ['transfer.updated', { accountID: 'platform', transferID: 't1', status: 'completed' }, 'transfer:t1'],
      ['cancellation.updated', { cancellationID: 'c1', transferID: 't1', status: 'completed' }, 'transfer:t1'],
      ['refund.updated', { accountID: 'a1', transferID: 't1', refundID: 'r1', status: 'completed' }, 'transfer:t1'],
      ['dispute.created', { accountID: 'a1', transferID: 't1', transactionID: 'x', disputeID: 'd1', status: 'response-needed', phase: 'chargeback' }, 'transfer:t1'],
      ['walletTransaction.updated', { accountID: 'a1', walletID: 'w1', transactionID: 'x1', status: 'completed' }, 'walletTransaction:x1'],
      ['balance.updated', { accountID: 'a1', walletID: 'w1' }, null],
      ['sweep.updated', { walletID: 'w1', sweepID: 's1', status: 'paid' }, 'sweep:s1'],
    ];
    for (const [type, data, key] of cases) assert.equal(eventResourceKey(type, data), key, type);
  });

  it('falls back to one line per webhook (the strictest order) when the key cannot be told', () => {
    assert.equal(eventResourceKey('account.created', {}), '');
    assert.equal(eventResourceKey('transfer.updated', { transferID: '' }), '');
    assert.equal(eventResourceKey('no.such.type', { accountID: 'a1' }), '');
    assert.equal(eventResourceKey('account.created', null), '');
  });
});
