import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCardNumber, luhnValid } from '../../src/domain/sources/card-number.ts';
import {
  cvvOutcome,
  issuerProfile,
  postalCodeOutcome,
  SANDBOX_CARDS,
  sandboxCard,
  UNKNOWN_ISSUER,
} from '../../src/domain/sources/sandbox-cards.ts';
import { nameVerificationOutcome } from '../../src/domain/sources/sandbox-name-verification.ts';
import { verifyCard } from '../../src/domain/sources/verify-card.ts';

// Messages written out as a client reads them, never taken from the code under test (issue 15).

const clock = { now: () => new Date('2026-06-15T12:00:00Z') };
const link = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4111111111111111',
  cardCvv: '123',
  expiration: { month: '01', year: '28' },
  billingAddress: { postalCode: '80301' },
  ...overrides,
});

test('every sandbox card is a valid card of its brand, listed once', () => {
  const pans = new Set<string>();
  for (const card of SANDBOX_CARDS) {
    assert.deepEqual(checkCardNumber(card.pan), { ok: true, cardNumber: card.pan, brand: card.brand }, card.pan);
    assert.ok(luhnValid(card.pan));
    assert.ok(!pans.has(card.pan), `${card.pan} listed twice`);
    pans.add(card.pan);
  }
  for (const documented of ['4111111111111111', '5555555555554444', '6011111111111117', '371111111111114', '4111100010002000', '4000020000000000']) {
    assert.ok(sandboxCard(documented), documented);
  }
});

test('the documented test cards link with their brand and issuer data', () => {
  const outcome = verifyCard(link({ holderName: 'Jules Jackson', cardOnFile: true }), clock);
  assert.equal(outcome.ok, true);
  if (!outcome.ok) return;
  assert.equal(outcome.pan, '4111111111111111');
  assert.equal(outcome.declines, undefined);
  assert.deepEqual(outcome.card, {
    brand: 'Visa',
    cardType: 'credit',
    cardCategory: 'CLASSIC',
    issuer: 'Railyard Sandbox Bank',
    issuerCountry: 'US',
    issuerURL: 'https://railyard.invalid/sandbox-bank',
    issuerPhone: '+1 555 010 0000',
    commercial: false,
    regulated: false,
    domesticPushToCard: 'not-supported',
    domesticPullFromCard: 'not-supported',
    bin: '411111',
    lastFourCardNumber: '1111',
    expiration: { month: '01', year: '28' },
    holderName: 'Jules Jackson',
    billingAddress: { postalCode: '80301' },
    cardVerification: { cvv: 'match', addressLine1: 'notChecked', postalCode: 'match' },
    cardOnFile: true,
  });
  assert.ok(!JSON.stringify(outcome.card).includes('4111111111111111'), 'the stored card never holds the PAN');
  assert.ok(!JSON.stringify(outcome.card).includes('"123"'), 'nor the CVV');
});

test('push/pull cards are debit cards with fast funds; the failing ones decline', () => {
  const good = verifyCard(link({ cardNumber: '4111100010002000' }), clock);
  assert.ok(good.ok);
  if (!good.ok) return;
  assert.equal(good.card.cardType, 'debit');
  assert.equal(good.card.domesticPushToCard, 'fast-funds');
  assert.equal(good.card.domesticPullFromCard, 'supported');
  assert.equal(good.declines, undefined);
  const failing = verifyCard(link({ cardNumber: '5555000010002010' }), clock);
  assert.ok(failing.ok);
  if (!failing.ok) return;
  assert.equal(failing.card.brand, 'Mastercard');
  assert.equal(failing.declines, 'do-not-honor');
  const prepaid = verifyCard(link({ cardNumber: '4111100010003008' }), clock);
  assert.ok(prepaid.ok && prepaid.card.cardType === 'prepaid' && prepaid.card.domesticPushToCard === 'standard');
});

test('decline cards link (the $0 authorization passes) and carry their decline', () => {
  for (const cardNumber of ['4000020000000000', '5555000022220022', '6011000022220002']) {
    const outcome = verifyCard(link({ cardNumber }), clock);
    assert.ok(outcome.ok && outcome.declines === 'do-not-honor', cardNumber);
  }
  const amex = verifyCard(link({ cardNumber: '371100002222007', cardCvv: '1234' }), clock);
  assert.ok(amex.ok && amex.declines === 'do-not-honor');
});

test('any other valid card links with an unknown issuer', () => {
  const outcome = verifyCard(link({ cardNumber: '4242424242424242' }), clock);
  assert.ok(outcome.ok);
  if (!outcome.ok) return;
  assert.equal(outcome.card.cardType, 'unknown');
  assert.equal(outcome.card.domesticPushToCard, 'unknown');
  assert.equal(outcome.card.domesticPullFromCard, 'unknown');
  assert.equal(outcome.card.issuer, undefined);
  assert.deepEqual(issuerProfile('4242424242424242'), UNKNOWN_ISSUER);
  assert.equal('pan' in issuerProfile('4111111111111111'), false);
});

test('CVV magic values', () => {
  const cases: Array<[string, string]> = [
    ['111', 'match'], ['1111', 'match'], ['222', 'noMatch'], ['2222', 'noMatch'],
    ['888', 'notChecked'], ['8888', 'notChecked'], ['999', 'unavailable'], ['9999', 'unavailable'], ['123', 'match'], ['1234', 'match'],
  ];
  for (const [cvv, result] of cases) assert.equal(cvvOutcome(cvv), result, cvv);
  const amex = verifyCard(link({ cardNumber: '371111111111114', cardCvv: '2222' }), clock);
  assert.ok(amex.ok && amex.card.cardVerification.cvv === 'noMatch');
});

test('AVS magic postal codes drive both address results', () => {
  const cases: Array<[string, string, string]> = [
    ['11111', 'Visa', 'match'], ['22222', 'Visa', 'noMatch'], ['99999', 'Mastercard', 'unavailable'],
    ['88888', 'Visa', 'notChecked'], ['88888', 'Discover', 'notChecked'], ['88888', 'Mastercard', 'unavailable'],
    ['88888', 'American Express', 'unavailable'], ['22222-1234', 'Visa', 'noMatch'], ['80301', 'Visa', 'match'],
  ];
  for (const [zip, brand, result] of cases) assert.equal(postalCodeOutcome(zip, brand as 'Visa'), result, `${zip} ${brand}`);
  const outcome = verifyCard(link({ billingAddress: { postalCode: '22222', addressLine1: '1 Main St' } }), clock);
  assert.ok(outcome.ok);
  if (!outcome.ok) return;
  assert.equal(outcome.card.cardVerification.postalCode, 'noMatch');
  assert.equal(outcome.card.cardVerification.addressLine1, 'noMatch');
});

test('name verification follows the documented table; other names are unavailable', () => {
  const table: Array<[string, [string, string, string, string]]> = [
    ['Alex Nora Irwin', ['match', 'match', 'match', 'match']],
    ['Alex Noraa Irwin', ['match', 'partialMatch', 'match', 'match']],
    ['Alx Nora Irwin', ['partialMatch', 'match', 'match', 'match']],
    ['Alex Irwin', ['match', 'notChecked', 'match', 'match']],
    ['Irwin', ['notChecked', 'notChecked', 'match', 'match']],
    ['Alex Nor Irwin', ['match', 'noMatch', 'match', 'partialMatch']],
    ['Axely Nora Irwin', ['noMatch', 'match', 'match', 'partialMatch']],
    ['A N Irwi', ['noMatch', 'noMatch', 'partialMatch', 'noMatch']],
    ['Alex Notwin', ['match', 'notChecked', 'noMatch', 'noMatch']],
    ['Jules Jackson', ['unavailable', 'unavailable', 'unavailable', 'unavailable']],
  ];
  for (const [name, [firstName, middleName, lastName, fullName]] of table) {
    assert.deepEqual(nameVerificationOutcome(name), { firstName, middleName, lastName, fullName }, name);
  }
  assert.deepEqual(nameVerificationOutcome('  ALEX   nora IRWIN '), nameVerificationOutcome('Alex Nora Irwin'));
  const outcome = verifyCard(link({ holderName: 'Alex Nor Irwin', verifyName: true, cardNumber: '5555555555554444' }), clock);
  assert.ok(outcome.ok && outcome.card.cardVerification.accountName?.middleName === 'noMatch');
  const unasked = verifyCard(link({ holderName: 'Alex Nora Irwin' }), clock);
  assert.ok(unasked.ok && unasked.card.cardVerification.accountName === undefined);
});

test('bad link bodies are refused field by field, as LinkCardError', () => {
  const outcome = verifyCard(
    {
      cardNumber: '4111111111111112',
      cardCvv: 123,
      expiration: { month: '13', year: '28' },
      holderName: 'Jules\nJackson',
      billingAddress: { postalCode: '123' },
      cardOnFile: 'yes',
      verifyName: 1,
    },
    clock,
  );
  assert.deepEqual(outcome, {
    ok: false,
    errors: {
      cardNumber: 'must be a valid card number (check digit does not match)',
      cardCvv: 'must be a string',
      expiration: 'month must be two digits from 01 to 12',
      holderName: 'must not contain control characters',
      billingAddress: 'postalCode: must be a 5-digit ZIP code or ZIP+4.',
      cardOnFile: 'must be a boolean',
      verifyName: 'must be a boolean',
    },
  });
  assert.deepEqual(verifyCard({}, clock), {
    ok: false,
    errors: {
      cardNumber: 'cannot be blank',
      cardCvv: 'cannot be blank',
      expiration: 'cannot be blank',
      billingAddress: 'postalCode: cannot be blank.',
    },
  });
});

test('an expired card, a short Amex CVV, name verification on Amex or without a name are refused', () => {
  assert.deepEqual(verifyCard(link({ expiration: { month: '05', year: '26' } }), clock), {
    ok: false,
    errors: { expiration: 'card is expired' },
  });
  assert.deepEqual(verifyCard(link({ cardNumber: '371111111111114', cardCvv: '123' }), clock), {
    ok: false,
    errors: { cardCvv: 'the length must be exactly 4' },
  });
  assert.deepEqual(verifyCard(link({ cardNumber: '6011111111111117', verifyName: true, holderName: 'Alex Nora Irwin' }), clock), {
    ok: false,
    errors: { verifyName: 'name verification is only supported for Visa and Mastercard' },
  });
  assert.deepEqual(verifyCard(link({ verifyName: true, holderName: '  ' }), clock), {
    ok: false,
    errors: { holderName: 'is required when verifyName is true' },
  });
});

test('the same input and clock always give the same answer', () => {
  const input = link({ cardNumber: '5555555555554444', cardCvv: '999', billingAddress: { postalCode: '99999', addressLine1: 'x' } });
  assert.deepEqual(verifyCard(input, clock), verifyCard(structuredClone(input), clock));
});
