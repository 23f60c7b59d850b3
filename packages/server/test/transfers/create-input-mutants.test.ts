import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkCreateTransfer, checkForeignID, checkMetadata } from '../../src/domain/transfers/create-input.ts';
import { ValidationFailed } from '../../src/kernel/errors.ts';

/**
 * The create-transfer body's checks (docs/transfers.md "Create", step 1), where
 * the transfers mutation scope (docs/testing.md) found messages and bounds
 * unpinned. Every limit and message is written out here as the contract and
 * docs state them ($10,000,000,000.00 at most, descriptions of 128 characters,
 * foreign IDs of 64, metadata of 50 keys of 64 characters with values of 512),
 * and each refusal is compared whole: the exact problem map, nothing more.
 */

const SOURCE = 'ec7e1848-dc80-4ab0-8827-dd7fc0737b43';
const DESTINATION = '4b6b7f9c-7b0e-4a8f-9d54-0b8a6d1c2e3f';
const MAX_AMOUNT = 1_000_000_000_000;

function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { source: { paymentMethodID: SOURCE }, destination: { paymentMethodID: DESTINATION }, amount: { currency: 'USD', value: 100 }, ...overrides };
}

function problems(input: Record<string, unknown>): Record<string, unknown> {
  try {
    checkCreateTransfer(input);
  } catch (error) {
    assert.ok(error instanceof ValidationFailed, `a ValidationFailed, not ${String(error)}`);
    return error.fields as Record<string, unknown>;
  }
  assert.fail(`accepted: ${JSON.stringify(input)}`);
}

describe('create-transfer body checks, message by message', () => {
  it('a valid body: IDs lower-cased, USD, no fee, nothing echoed that was not sent', () => {
    const checked = checkCreateTransfer(body({ source: { paymentMethodID: SOURCE.toUpperCase() } }));
    assert.deepEqual(checked, {
      sourcePaymentMethodID: SOURCE,
      destinationPaymentMethodID: DESTINATION,
      amount: 100,
      currency: 'USD',
      facilitatorFeeCents: 0,
      metadata: undefined,
      foreignID: undefined,
      echo: {},
    });
  });

  it('source and destination: blank, not objects, not UUIDs, groups and payment tokens', () => {
    assert.deepEqual(problems(body({ source: undefined, destination: null })), { sourcePaymentMethodID: 'cannot be blank', destinationPaymentMethodID: 'cannot be blank' });
    assert.deepEqual(problems(body({ source: null })), { sourcePaymentMethodID: 'cannot be blank' }, 'a null source is a blank one');
    assert.deepEqual(problems(body({ source: { paymentMethodID: null }, destination: { paymentMethodID: undefined } })), {
      sourcePaymentMethodID: 'cannot be blank',
      destinationPaymentMethodID: 'cannot be blank',
    });
    assert.deepEqual(problems(body({ source: 'x', destination: 7 })), { source: 'must be an object', destinationPaymentMethodID: 'destination must be an object' });
    assert.deepEqual(problems(body({ source: { paymentMethodID: '' }, destination: { paymentMethodID: 'not-a-uuid' } })), {
      sourcePaymentMethodID: 'cannot be blank',
      destinationPaymentMethodID: 'must be a valid UUID',
    });
    assert.deepEqual(problems(body({ source: { paymentMethodID: 12 }, destination: {} })), {
      sourcePaymentMethodID: 'must be a valid UUID',
      destinationPaymentMethodID: 'cannot be blank',
    });
    assert.deepEqual(problems(body({ source: { paymentMethodID: SOURCE, transferID: 'g' } })), { source: 'transfer groups (source.transferID) are not supported' });
    assert.deepEqual(problems(body({ source: { paymentMethodID: SOURCE, paymentToken: 't' } })), { source: 'payment tokens are not supported' });
  });

  it('rail options: kept per side when small objects, refused with the side’s key otherwise', () => {
    const achDetails = { companyEntryDescription: 'PAYROLL' };
    const cardDetails = { dynamicDescriptor: 'SHOP' };
    assert.deepEqual(checkCreateTransfer(body({ source: { paymentMethodID: SOURCE, cardDetails }, destination: { paymentMethodID: DESTINATION, achDetails } })).echo, {
      sourceOptions: { cardDetails },
      destinationOptions: { achDetails },
    });
    assert.deepEqual(checkCreateTransfer(body({ source: { paymentMethodID: SOURCE, achDetails: null } })).echo, {}, 'null options are none');
    const big = { note: 'x'.repeat(4_100) };
    // 4,096 characters of JSON at most: {"note":"…"} is 11 characters around the text.
    const justFits = { note: 'x'.repeat(4_096 - 11) };
    assert.deepEqual(checkCreateTransfer(body({ destination: { paymentMethodID: DESTINATION, achDetails: justFits } })).echo, { destinationOptions: { achDetails: justFits } });
    assert.deepEqual(problems(body({ destination: { paymentMethodID: DESTINATION, achDetails: { note: 'x'.repeat(4_096 - 10) } } })), {
      destinationPaymentMethodID: 'destination.achDetails must be a small object',
    });
    assert.deepEqual(problems(body({ source: { paymentMethodID: SOURCE, cardDetails: big } })), { source: 'source.cardDetails must be a small object' });
    assert.deepEqual(problems(body({ source: { paymentMethodID: SOURCE, achDetails: ['x'] } })), { source: 'source.achDetails must be a small object' });
  });

  it('amount: blank, shape, currency, whole cents, from 1 to $10,000,000,000.00', () => {
    const amountProblem = (amount: unknown) => problems(body({ amount }))['amount'];
    assert.equal(amountProblem(undefined), 'cannot be blank');
    assert.equal(amountProblem(null), 'cannot be blank');
    assert.equal(amountProblem(100), 'must be an object with currency and value');
    assert.equal(amountProblem({ currency: 'EUR', value: 100 }), 'currency must be USD');
    assert.equal(amountProblem({ currency: 'USD', value: 1.5 }), 'value must be a whole number of cents');
    assert.equal(amountProblem({ currency: 'USD', value: '100' }), 'value must be a whole number of cents');
    assert.equal(amountProblem({ currency: 'USD', value: 0 }), 'value must be no less than 1');
    assert.equal(amountProblem({ currency: 'USD', value: MAX_AMOUNT + 1 }), 'value must be no greater than 1000000000000');
    assert.equal(checkCreateTransfer(body({ amount: { currency: 'USD', value: 1 } })).amount, 1);
    assert.equal(checkCreateTransfer(body({ amount: { currency: 'USD', value: MAX_AMOUNT } })).amount, MAX_AMOUNT);
  });

  it('facilitator fee: total or totalDecimal, markup or markupDecimal, whole cents, at most the amount', () => {
    const fee = (facilitatorFee: unknown, amount = 1_000) => checkCreateTransfer(body({ facilitatorFee, amount: { currency: 'USD', value: amount } }));
    const feeProblems = (facilitatorFee: unknown, amount = 1_000) => problems(body({ facilitatorFee, amount: { currency: 'USD', value: amount } }));
    assert.deepEqual([fee({ total: 250 }).facilitatorFeeCents, fee({ total: 250 }).echo], [250, { facilitatorFee: { total: 250 } }]);
    assert.deepEqual([fee({ totalDecimal: '12.75' }).facilitatorFeeCents, fee({ totalDecimal: '12.75' }).echo], [12, { facilitatorFee: { totalDecimal: '12.75' } }]);
    assert.deepEqual([fee({ markup: 30 }).facilitatorFeeCents, fee({ markup: 30 }).echo], [0, { facilitatorFee: { markup: 30 } }]);
    assert.deepEqual(fee({ markupDecimal: '0.5' }).echo, { facilitatorFee: { markupDecimal: '0.5' } });
    assert.deepEqual(fee({ total: 0 }).echo, { facilitatorFee: { total: 0 } }, 'a zero total is kept');
    assert.equal(fee({ total: 1_000 }).facilitatorFeeCents, 1_000, 'a fee equal to the amount');
    assert.deepEqual(fee({}).echo, {}, 'an empty fee is none');
    assert.deepEqual(fee(null).echo, {});
    assert.deepEqual(feeProblems({ total: 1_001 }), { 'FacilitatorFee.TotalDecimal': 'must not exceed the transfer amount' });
    assert.deepEqual(feeProblems('5'), { 'FacilitatorFee.TotalDecimal': 'facilitatorFee must be an object' });
    assert.deepEqual(feeProblems({ total: 1, totalDecimal: '1.0', markup: 1, markupDecimal: '1.0' }), {
      'FacilitatorFee.TotalDecimal': 'set either total or totalDecimal, not both',
      'FacilitatorFee.MarkupDecimal': 'set either markup or markupDecimal, not both',
    });
    for (const total of [-1, 1.5, '3', MAX_AMOUNT + 1]) {
      assert.deepEqual(feeProblems({ total }), { 'FacilitatorFee.TotalDecimal': 'must be a whole number of cents from 0' }, `total ${total}`);
    }
    assert.deepEqual(fee({ total: MAX_AMOUNT }, MAX_AMOUNT).facilitatorFeeCents, MAX_AMOUNT);
    for (const markupDecimal of ['12', '1.1234567890', 'x.5', 5]) {
      assert.deepEqual(feeProblems({ markupDecimal }), { 'FacilitatorFee.MarkupDecimal': 'must be a decimal string with 1 to 9 decimals, such as 12.5' }, `markupDecimal ${markupDecimal}`);
    }
    assert.deepEqual(fee({ totalDecimal: '1.123456789' }).facilitatorFeeCents, 1, 'nine decimals');
    assert.deepEqual(feeProblems({ totalDecimal: '1000000000001.0' }), { 'FacilitatorFee.TotalDecimal': 'is too large' });
    assert.deepEqual(feeProblems({ totalDecimal: '99999999999999999999.0' }), { 'FacilitatorFee.TotalDecimal': 'is too large' });
    assert.equal(fee({ totalDecimal: '1000000000000.0' }, MAX_AMOUNT).facilitatorFeeCents, MAX_AMOUNT);
  });

  it('description: a string of at most 128 characters (counted as characters, not UTF-16 units); empty is not echoed', () => {
    assert.deepEqual(checkCreateTransfer(body({ description: 'd'.repeat(128) })).echo, { description: 'd'.repeat(128) });
    assert.deepEqual(checkCreateTransfer(body({ description: '😀'.repeat(128) })).echo, { description: '😀'.repeat(128) });
    assert.deepEqual(checkCreateTransfer(body({ description: '' })).echo, {});
    assert.deepEqual(checkCreateTransfer(body({ description: null })).echo, {});
    assert.deepEqual(problems(body({ description: 'd'.repeat(129) })), { description: 'the length must be no more than 128' });
    assert.deepEqual(problems(body({ description: 5 })), { description: 'must be a string' });
  });

  it('sales tax: money from 0, at most the amount', () => {
    assert.deepEqual(checkCreateTransfer(body({ salesTaxAmount: { currency: 'USD', value: 0 } })).echo, { salesTaxAmount: { currency: 'USD', value: 0 } });
    assert.deepEqual(checkCreateTransfer(body({ salesTaxAmount: { currency: 'USD', value: 100 } })).echo, { salesTaxAmount: { currency: 'USD', value: 100 } });
    assert.deepEqual(problems(body({ salesTaxAmount: { currency: 'USD', value: 101 } })), { salesTaxAmount: 'must not exceed the transfer amount' });
    assert.deepEqual(problems(body({ salesTaxAmount: { currency: 'USD', value: -1 } })), { salesTaxAmount: 'value must be no less than 0' });
    assert.deepEqual(problems(body({ salesTaxAmount: 'x' })), { salesTaxAmount: 'must be an object with currency and value' });
    assert.deepEqual(checkCreateTransfer(body({ salesTaxAmount: null })).echo, {});
  });

  it('metadata: at most 50 keys of 1 to 64 characters, string values of at most 512; an empty object is none', () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    assert.deepEqual(checkMetadata(keys(50)), keys(50));
    assert.equal(checkMetadata(keys(51)), 'must have at most 50 keys');
    assert.deepEqual(checkMetadata({ ['k'.repeat(64)]: 'v' }), { ['k'.repeat(64)]: 'v' });
    assert.equal(checkMetadata({ ['k'.repeat(65)]: 'v' }), 'keys must be 1 to 64 characters');
    assert.equal(checkMetadata({ '': 'v' }), 'keys must be 1 to 64 characters');
    assert.equal(checkMetadata({ size: 3 }), 'size must be a string');
    assert.deepEqual(checkMetadata({ note: 'n'.repeat(512) }), { note: 'n'.repeat(512) });
    assert.equal(checkMetadata({ note: 'n'.repeat(513) }), 'note must be at most 512 characters');
    assert.equal(checkMetadata(['a']), 'must be an object of strings');
    assert.equal(checkMetadata({}), undefined);
    assert.equal(checkMetadata(null), undefined);
    assert.deepEqual(problems(body({ metadata: 'x' })), { metadata: 'must be an object of strings' });
    assert.deepEqual(checkCreateTransfer(body({ metadata: { a: 'b' } })).metadata, { a: 'b' });
  });

  it('foreignID: a string of at most 64 characters; empty is none', () => {
    assert.deepEqual(checkForeignID('f'.repeat(64)), { value: 'f'.repeat(64) });
    assert.deepEqual(checkForeignID('f'.repeat(65)), { problem: 'the length must be no more than 64' });
    assert.deepEqual(checkForeignID(''), {});
    assert.deepEqual(checkForeignID(null), {});
    assert.deepEqual(checkForeignID(3), { problem: 'must be a string' });
    assert.deepEqual(problems(body({ foreignID: 3 })), { foreignID: 'must be a string' });
    assert.equal(checkCreateTransfer(body({ foreignID: 'order-1' })).foreignID, 'order-1');
  });

  it('line items: their problems nest under lineItems; valid ones are echoed; null is none', () => {
    assert.deepEqual(problems(body({ lineItems: { items: [] } })), { lineItems: { items: { '0': { name: 'lineItems.items must hold 1 to 100 items' } } } });
    const items = [{ name: 'Tea', basePrice: { currency: 'USD', valueDecimal: '1.00' }, quantity: 1 }];
    assert.deepEqual(checkCreateTransfer(body({ lineItems: { items } })).echo, { lineItems: { items } });
    assert.deepEqual(checkCreateTransfer(body({ lineItems: null })).echo, {});
  });

  it('every problem at once, one string per key', () => {
    assert.deepEqual(problems({ amount: { currency: 'USD', value: 0 }, description: 9, metadata: [], foreignID: 'f'.repeat(65) }), {
      sourcePaymentMethodID: 'cannot be blank',
      destinationPaymentMethodID: 'cannot be blank',
      amount: 'value must be no less than 1',
      description: 'must be a string',
      metadata: 'must be an object of strings',
      foreignID: 'the length must be no more than 64',
    });
  });
});
