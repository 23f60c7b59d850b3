import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkRoutingNumber,
  federalReserveDistrict,
  ROUTING_MESSAGES,
  routingChecksumValid,
  routingSymbolKind,
} from '../../src/domain/sources/routing-number.ts';

test('real routing numbers pass', () => {
  // JPMorgan Chase NY, Bank of America CA, Wells Fargo MN, the OpenAPI example, a thrift and an electronic one.
  for (const routing of ['021000021', '121000358', '091000019', '123456780', '211274450', '322271627', '011000015']) {
    assert.deepEqual(checkRoutingNumber(routing), { ok: true, routingNumber: routing }, routing);
  }
});

test('refusals say why, in the order a person would fix them', () => {
  const cases: Array<[string, string]> = [
    ['', 'cannot be blank'],
    ['02100002a', 'must contain digits only'],
    [' 021000021', 'must contain digits only'],
    ['021-000-021', 'must contain digits only'],
    ['-21000021', 'must contain digits only'],
    ['02100002', 'the length must be exactly 9'],
    ['0210000210', 'the length must be exactly 9'],
    ['000000000', ROUTING_MESSAGES.allZeros],
    ['130000005', ROUTING_MESSAGES.prefix],
    ['200000006', ROUTING_MESSAGES.prefix],
    ['330000003', ROUTING_MESSAGES.prefix],
    ['600000000', ROUTING_MESSAGES.prefix],
    ['730000001', ROUTING_MESSAGES.prefix],
    ['810000008', ROUTING_MESSAGES.prefix],
    ['990000008', ROUTING_MESSAGES.prefix],
    ['021000022', ROUTING_MESSAGES.checksum],
    ['123456789', ROUTING_MESSAGES.checksum],
  ];
  for (const [routing, reason] of cases) {
    assert.deepEqual(checkRoutingNumber(routing), { ok: false, reason }, JSON.stringify(routing));
  }
});

test('the checksum catches every single-digit change of a valid number', () => {
  const valid = '021000021';
  for (let position = 0; position < 9; position++) {
    for (let digit = 0; digit <= 9; digit++) {
      const changed = valid.slice(0, position) + digit + valid.slice(position + 1);
      if (changed === valid) continue;
      assert.equal(routingChecksumValid(changed), false, changed);
    }
  }
  assert.equal(routingChecksumValid('12345678'), false);
  assert.equal(routingChecksumValid('12345678x'), false);
});

test('every Federal Reserve symbol range is accepted at both ends, and its neighbours are not', () => {
  const kinds: Array<[string, ReturnType<typeof routingSymbolKind>]> = [
    ['00', 'government'], ['01', 'primary'], ['12', 'primary'], ['13', undefined], ['20', undefined],
    ['21', 'thrift'], ['32', 'thrift'], ['33', undefined], ['60', undefined], ['61', 'electronic'],
    ['72', 'electronic'], ['73', undefined], ['79', undefined], ['80', 'travelers-cheque'], ['81', undefined],
  ];
  for (const [prefix, kind] of kinds) assert.equal(routingSymbolKind(`${prefix}0000000`), kind, prefix);
});

test('the district follows the routing symbol', () => {
  assert.equal(federalReserveDistrict('011000015'), 'Boston');
  assert.equal(federalReserveDistrict('211274450'), 'Boston');
  assert.equal(federalReserveDistrict('021000021'), 'New York');
  assert.equal(federalReserveDistrict('121000358'), 'San Francisco');
  assert.equal(federalReserveDistrict('322271627'), 'San Francisco');
  assert.equal(federalReserveDistrict('721000000'), 'San Francisco');
  assert.equal(federalReserveDistrict('000000000'), undefined);
  assert.equal(federalReserveDistrict('800000000'), undefined);
  assert.equal(federalReserveDistrict('990000000'), undefined);
});
