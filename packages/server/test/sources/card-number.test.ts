import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCardAddress } from '../../src/domain/sources/card-address.ts';
import { checkExpiration, expiresAt, fullYear, isExpired } from '../../src/domain/sources/card-expiration.ts';
import {
  binOf,
  brandOf,
  CARD_BRANDS,
  CARD_TYPES,
  checkCardNumber,
  lastFourCardNumber,
  luhnValid,
} from '../../src/domain/sources/card-number.ts';
import { checkCvv } from '../../src/domain/sources/card-security-code.ts';

// Messages written out as a client reads them, never taken from the code under test (issue 15).

const clockAt = (iso: string) => ({ now: () => new Date(iso) });

test('brands and card types are the SDK strings', () => {
  assert.deepEqual([...CARD_BRANDS], ['American Express', 'Discover', 'Mastercard', 'Visa', 'Unknown']);
  assert.deepEqual([...CARD_TYPES], ['debit', 'credit', 'prepaid', 'unknown']);
});

test('brand from the leading digits, at the edges of each range', () => {
  const cases: Array<[string, string]> = [
    ['4111111111111111', 'Visa'],
    ['5100000000000000', 'Mastercard'], ['5599999999999999', 'Mastercard'],
    ['2221000000000000', 'Mastercard'], ['2720999999999999', 'Mastercard'],
    ['2220999999999999', 'Unknown'], ['2721000000000000', 'Unknown'], ['5000000000000000', 'Unknown'], ['5600000000000000', 'Unknown'],
    ['340000000000000', 'American Express'], ['370000000000000', 'American Express'], ['350000000000000', 'Unknown'],
    ['6011000000000000', 'Discover'], ['6440000000000000', 'Discover'], ['6499999999999999', 'Discover'],
    ['6500000000000000', 'Discover'], ['6221260000000000', 'Discover'], ['6229250000000000', 'Discover'],
    ['6221250000000000', 'Unknown'], ['6229260000000000', 'Unknown'], ['6430000000000000', 'Unknown'], ['6012000000000000', 'Unknown'],
    ['3530111333300000', 'Unknown'], ['12345', 'Unknown'], ['abcdefgh', 'Unknown'],
  ];
  for (const [pan, brand] of cases) assert.equal(brandOf(pan), brand, pan);
});

test('Luhn', () => {
  for (const pan of ['4111111111111111', '5555555555554444', '6011111111111117', '371111111111114', '79927398713']) {
    assert.equal(luhnValid(pan), true, pan);
  }
  for (const pan of ['4111111111111112', '79927398710', '12a4', '']) assert.equal(luhnValid(pan), false, pan);
});

test('card numbers: refusals', () => {
  const refusals: Array<[string, string]> = [
    ['', 'cannot be blank'],
    ['4111 1111 1111 1111', 'must contain digits only'],
    ['4111-1111-1111-1111', 'must contain digits only'],
    ['41111111111', 'the length must be between 12 and 19'],
    ['41111111111111111111', 'the length must be between 12 and 19'],
    ['3530111333300000', 'card brand is not supported (Visa, Mastercard, American Express and Discover are)'],
    ['411111111111111', 'must be 13, 16, 19 digits long for Visa'],
    ['37111111111111', 'must be 15 digits long for American Express'],
    ['3711111111111111', 'must be 15 digits long for American Express'],
    ['55555555555544', 'must be 16 digits long for Mastercard'],
    ['4111111111111112', 'must be a valid card number (check digit does not match)'],
  ];
  for (const [pan, reason] of refusals) assert.deepEqual(checkCardNumber(pan), { ok: false, reason }, pan);
  assert.deepEqual(checkCardNumber('371111111111114'), { ok: true, cardNumber: '371111111111114', brand: 'American Express' });
  assert.deepEqual(checkCardNumber('4222222222222'), { ok: true, cardNumber: '4222222222222', brand: 'Visa' });
});

test('bin and last four', () => {
  assert.equal(binOf('4111111111111111'), '411111');
  assert.equal(lastFourCardNumber('371111111111114'), '1114');
  assert.throws(() => binOf('4111'), RangeError);
  assert.throws(() => lastFourCardNumber('x111111111111111'), RangeError);
});

test('expiration: good through the last moment of its month', () => {
  const expiration = { month: '03', year: '26' };
  assert.equal(isExpired(expiration, new Date('2026-03-31T23:59:59.999Z')), false);
  assert.equal(isExpired(expiration, new Date('2026-04-01T00:00:00.000Z')), true);
  assert.equal(expiresAt({ month: '12', year: '26' }, new Date('2026-01-01T00:00:00Z')).toISOString(), '2027-01-01T00:00:00.000Z');
  assert.deepEqual(checkExpiration(expiration, clockAt('2026-03-15T00:00:00Z')), { ok: true, expiration });
  assert.deepEqual(checkExpiration(expiration, clockAt('2026-04-01T00:00:00Z')), { ok: false, reason: 'card is expired' });
});

test('expiration: shape and far-future refusals', () => {
  const clock = clockAt('2026-06-15T00:00:00Z');
  const refusals: Array<[unknown, string]> = [
    [undefined, 'cannot be blank'],
    [null, 'cannot be blank'],
    ['01/27', 'month must be two digits from 01 to 12'],
    [[], 'month must be two digits from 01 to 12'],
    [{ month: '1', year: '27' }, 'month must be two digits from 01 to 12'],
    [{ month: '00', year: '27' }, 'month must be two digits from 01 to 12'],
    [{ month: '13', year: '27' }, 'month must be two digits from 01 to 12'],
    [{ month: 1, year: '27' }, 'month must be two digits from 01 to 12'],
    [{ month: '01', year: '2027' }, 'year must be two digits'],
    [{ month: '01', year: 27 }, 'year must be two digits'],
    [{ month: '01' }, 'year must be two digits'],
    [{ month: '05', year: '26' }, 'card is expired'],
    [{ month: '12', year: '21' }, 'card is expired'],
    [{ month: '01', year: '47' }, 'expiration must be within 20 years'],
  ];
  for (const [input, reason] of refusals) assert.deepEqual(checkExpiration(input, clock), { ok: false, reason }, JSON.stringify(input));
  assert.equal(checkExpiration({ month: '12', year: '46' }, clock).ok, true);
  assert.equal(checkExpiration({ month: '06', year: '26' }, clock).ok, true);
});

test('two-digit years are read in the nearest century', () => {
  assert.equal(fullYear('30', new Date('2026-01-01T00:00:00Z')), 2030);
  assert.equal(fullYear('99', new Date('2026-01-01T00:00:00Z')), 1999);
  assert.equal(fullYear('05', new Date('2098-01-01T00:00:00Z')), 2105);
  assert.equal(fullYear('95', new Date('2098-01-01T00:00:00Z')), 2095);
});

test('CVV: four digits for American Express, three otherwise', () => {
  assert.deepEqual(checkCvv('123', 'Visa'), { ok: true, cvv: '123' });
  assert.deepEqual(checkCvv('1234', 'American Express'), { ok: true, cvv: '1234' });
  assert.deepEqual(checkCvv('1234', 'Visa'), { ok: false, reason: 'the length must be exactly 3' });
  assert.deepEqual(checkCvv('123', 'American Express'), { ok: false, reason: 'the length must be exactly 4' });
  assert.deepEqual(checkCvv('12a', 'Mastercard'), { ok: false, reason: 'must contain digits only' });
  assert.deepEqual(checkCvv('', 'Discover'), { ok: false, reason: 'cannot be blank' });
});

test('billing address: postal code required, US ZIP rules, the OpenAPI length limits', () => {
  assert.deepEqual(checkCardAddress({ postalCode: '80301' }), { ok: true, value: { postalCode: '80301' } });
  assert.deepEqual(checkCardAddress({ postalCode: '80301-1234', country: 'us', stateOrProvince: 'co', addressLine1: ' 123 Main ' }), {
    ok: true,
    value: { postalCode: '80301-1234', country: 'US', stateOrProvince: 'CO', addressLine1: '123 Main' },
  });
  assert.deepEqual(checkCardAddress({ postalCode: 'SW1A 1AA', country: 'GB' }), { ok: true, value: { postalCode: 'SW1A 1AA', country: 'GB' } });
  const refusals: Array<[unknown, Record<string, string>]> = [
    [undefined, { postalCode: 'cannot be blank' }],
    ['80301', { postalCode: 'cannot be blank' }],
    [{}, { postalCode: 'cannot be blank' }],
    [{ postalCode: '  ' }, { postalCode: 'cannot be blank' }],
    [{ postalCode: 80301 }, { postalCode: 'must be a string' }],
    [{ postalCode: '8030' }, { postalCode: 'must be a 5-digit ZIP code or ZIP+4' }],
    [{ postalCode: 'ABCDE' }, { postalCode: 'must be a 5-digit ZIP code or ZIP+4' }],
    [{ postalCode: '12345678901' }, { postalCode: 'the length must be no more than 10' }],
    [{ postalCode: '$$', country: 'GB' }, { postalCode: 'must be letters, digits, spaces or dashes' }],
    [{ postalCode: '80301', addressLine1: 'x'.repeat(61), city: 'y'.repeat(33), country: 'USA', stateOrProvince: '1A' }, {
      addressLine1: 'the length must be no more than 60',
      city: 'the length must be no more than 32',
      country: 'the length must be no more than 2',
      stateOrProvince: 'must be two letters',
    }],
  ];
  for (const [input, errors] of refusals) assert.deepEqual(checkCardAddress(input), { ok: false, errors }, JSON.stringify(input));
});
