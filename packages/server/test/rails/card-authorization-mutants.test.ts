import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { authorize, cardFacts } from '../../src/domain/transfers/rails/card/authorization.ts';
import type { CardRow } from '../../src/store/repos/cards.ts';

/**
 * The sandbox issuer's answer (docs/sandbox.md "Card failures"), where the rails
 * mutation scope (docs/testing.md) found it unpinned: the expiry instant itself,
 * a push never declined for a CVV or postal code it does not carry, a decline
 * code the contract does not know, and the fast-funds flag that paces a push.
 */

const EXPIRES_ON = '2027-01-01T00:00:00.000Z';

function cardRow(overrides: { declines?: string | null; cvv?: string; postalCode?: string; push?: string; brand?: string } = {}): CardRow {
  const document = {
    brand: overrides.brand ?? 'Visa',
    cardType: 'debit',
    bin: '411110',
    lastFourCardNumber: '2000',
    expiration: { month: '12', year: '26' },
    billingAddress: { postalCode: '80301' },
    cardVerification: { cvv: overrides.cvv ?? 'match', addressLine1: 'notChecked', postalCode: overrides.postalCode ?? 'match' },
    cardOnFile: false,
    domesticPushToCard: overrides.push ?? 'fast-funds',
    domesticPullFromCard: 'supported',
  };
  return {
    card_id: 'card-1',
    account_id: 'account-1',
    platform_id: 'platform-1',
    fingerprint: 'f'.repeat(64),
    document: JSON.stringify(document),
    expires_on: EXPIRES_ON,
    declines: overrides.declines ?? null,
    created_on: '2026-05-01T00:00:00.000Z',
    updated_on: '2026-05-01T00:00:00.000Z',
    disabled_on: null,
  };
}

const BEFORE = new Date(Date.parse(EXPIRES_ON) - 1);

describe('card authorization (sandbox issuer)', () => {
  it('a card is expired from the first instant after its expiry month, not a millisecond later', () => {
    for (const direction of ['pull', 'push'] as const) {
      assert.deepEqual(authorize(cardRow(), { transferID: 't-1', now: new Date(EXPIRES_ON), direction }), { approved: false, failureCode: 'expired-card' });
      assert.equal(authorize(cardRow(), { transferID: 't-1', now: BEFORE, direction }).approved, true, `${direction} a millisecond before`);
    }
  });

  it('a CVV or postal code linked as noMatch declines pulls and payments, never a push', () => {
    const cvv = cardRow({ cvv: 'noMatch' });
    const postal = cardRow({ postalCode: 'noMatch' });
    assert.deepEqual(authorize(cvv, { transferID: 't-2', now: BEFORE, direction: 'pull' }), { approved: false, failureCode: 'cvv-mismatch' });
    assert.deepEqual(authorize(postal, { transferID: 't-2', now: BEFORE, direction: 'pull' }), { approved: false, failureCode: 'do-not-honor' });
    assert.equal(authorize(cvv, { transferID: 't-2', now: BEFORE, direction: 'push' }).approved, true, 'a push carries no CVV');
    assert.equal(authorize(postal, { transferID: 't-2', now: BEFORE, direction: 'push' }).approved, true, 'a push carries no address');
    // notChecked and unavailable never decline.
    for (const result of ['notChecked', 'unavailable']) {
      assert.equal(authorize(cardRow({ cvv: result, postalCode: result }), { transferID: 't-2', now: BEFORE, direction: 'pull' }).approved, true, result);
    }
  });

  it("a decline card answers its own code when the contract knows it, and do-not-honor when it does not", () => {
    assert.deepEqual(authorize(cardRow({ declines: 'insufficient-funds' }), { transferID: 't-3', now: BEFORE, direction: 'pull' }), {
      approved: false,
      failureCode: 'insufficient-funds',
    });
    assert.deepEqual(authorize(cardRow({ declines: 'not-a-network-code' }), { transferID: 't-3', now: BEFORE, direction: 'push' }), {
      approved: false,
      failureCode: 'do-not-honor',
    });
  });

  it('an approval carries a six-character code that is the same for the same transfer and differs between transfers', () => {
    const first = authorize(cardRow(), { transferID: 't-4', now: BEFORE, direction: 'pull' });
    const again = authorize(cardRow(), { transferID: 't-4', now: BEFORE, direction: 'push' });
    const other = authorize(cardRow(), { transferID: 't-5', now: BEFORE, direction: 'pull' });
    assert.ok(first.approved && again.approved && other.approved, 'all approved');
    assert.match(first.authorizationCode, /^[0-9A-F]{6}$/);
    assert.equal(again.authorizationCode, first.authorizationCode);
    assert.notEqual(other.authorizationCode, first.authorizationCode);
  });

  it('cardFacts: the brand, and fast funds only for a card whose push is fast-funds', () => {
    assert.deepEqual(cardFacts(cardRow({ brand: 'Mastercard', push: 'fast-funds' })), { brand: 'Mastercard', fastFunds: true });
    assert.deepEqual(cardFacts(cardRow({ brand: 'Visa', push: 'standard' })), { brand: 'Visa', fastFunds: false });
    assert.deepEqual(cardFacts(cardRow({ brand: 'Discover', push: 'not-supported' })), { brand: 'Discover', fastFunds: false });
  });
});
