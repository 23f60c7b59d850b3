import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAchOptions } from '../../src/domain/transfers/rails/ach/options.ts';
import { checkCardOptions } from '../../src/domain/transfers/rails/card/options.ts';
import { ValidationFailed } from '../../src/kernel/errors.ts';

// The ACH and card options of a create request (docs/rails.md "ACH" Options and
// "Cards"; docs/api-behaviour.md §5.2): what each rail keeps, and the exact 422
// fields and messages of what it refuses, at each bound and one past it. The
// bounds are written out as the docs state them (companyEntryDescription 4–10,
// originatingCompanyName 4–16, addenda ≤ 1 record of 1–80 NACHA characters,
// dynamicDescriptor 4–22 printable ASCII). Pure: no store. Added for the rails
// mutation scope (issue 15, item 6).

type Options = Record<string, unknown> | undefined;

const ach = (source: Options, destination: Options = undefined) => checkAchOptions({ sourceOptions: source, destinationOptions: destination } as never);
const card = (source: Options, destination: Options = undefined) => checkCardOptions({ sourceOptions: source, destinationOptions: destination } as never);

function refusal(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ValidationFailed, `a ValidationFailed, not ${String(error)}`);
    assert.equal(error.status, 422);
    return error.fields as Record<string, string>;
  }
  assert.fail('the options were accepted');
}

const SEC_CODES = 'WEB, PPD, CCD, TEL';
const HOLDS = 'no-hold, 1-day, 2-days';

describe('ACH options (source.achDetails, destination.achDetails)', () => {
  it('keeps every documented option at its bounds', () => {
    assert.deepEqual(
      ach(
        { achDetails: { companyEntryDescription: 'abcd', originatingCompanyName: 'o'.repeat(16), secCode: 'CCD', debitHoldPeriod: 'no-hold', addenda: [{ record: 'r'.repeat(80) }] } },
        { achDetails: { companyEntryDescription: 'c'.repeat(10), originatingCompanyName: 'oooo', addenda: [{ record: 'x' }] } },
      ),
      {
        source: { companyEntryDescription: 'abcd', originatingCompanyName: 'o'.repeat(16), secCode: 'CCD', debitHoldPeriod: 'no-hold', addenda: [{ record: 'r'.repeat(80) }] },
        destination: { companyEntryDescription: 'c'.repeat(10), originatingCompanyName: 'oooo', addenda: [{ record: 'x' }] },
      },
    );
    for (const secCode of ['WEB', 'PPD', 'CCD', 'TEL']) assert.deepEqual(ach({ achDetails: { secCode } }).source, { secCode });
    for (const debitHoldPeriod of ['no-hold', '1-day', '2-days']) assert.deepEqual(ach({ achDetails: { debitHoldPeriod } }).source, { debitHoldPeriod });
  });

  it('reads absent, null and empty options as none', () => {
    assert.deepEqual(ach(undefined, undefined), { source: {}, destination: {} });
    assert.deepEqual(ach({ achDetails: null }, {}), { source: {}, destination: {} });
    assert.deepEqual(
      ach({ achDetails: { companyEntryDescription: null, originatingCompanyName: null, secCode: null, debitHoldPeriod: null, addenda: null } }),
      { source: {}, destination: {} },
    );
    assert.deepEqual(ach({ achDetails: { addenda: [] } }).source, {}, 'no addenda record: none kept');
  });

  it('refuses each text option outside its length, a non-string and non-NACHA characters, with its message', () => {
    const cases: Array<[Options, string]> = [
      [{ achDetails: { companyEntryDescription: 'abc' } }, 'achDetails.companyEntryDescription: the length must be between 4 and 10'],
      [{ achDetails: { companyEntryDescription: 'c'.repeat(11) } }, 'achDetails.companyEntryDescription: the length must be between 4 and 10'],
      [{ achDetails: { originatingCompanyName: 'abc' } }, 'achDetails.originatingCompanyName: the length must be between 4 and 16'],
      [{ achDetails: { originatingCompanyName: 'o'.repeat(17) } }, 'achDetails.originatingCompanyName: the length must be between 4 and 16'],
      [{ achDetails: { originatingCompanyName: 1234 } }, 'achDetails.originatingCompanyName must be a string'],
      [{ achDetails: { companyEntryDescription: 'Café' } }, 'achDetails.companyEntryDescription must only contain valid NACHA characters'],
    ];
    for (const [source, message] of cases) {
      assert.deepEqual(refusal(() => ach(source)), { source: message }, JSON.stringify(source));
      assert.deepEqual(refusal(() => ach(undefined, source)), { destinationPaymentMethodID: message }, `destination ${JSON.stringify(source)}`);
    }
  });

  it('refuses an unknown SEC code or hold period with the allowed values', () => {
    assert.deepEqual(refusal(() => ach({ achDetails: { secCode: 'XYZ' } })), { source: `achDetails.secCode must be one of ${SEC_CODES}` });
    assert.deepEqual(refusal(() => ach({ achDetails: { secCode: 7 } })), { source: `achDetails.secCode must be one of ${SEC_CODES}` });
    assert.deepEqual(refusal(() => ach({ achDetails: { debitHoldPeriod: '3-days' } })), { source: `achDetails.debitHoldPeriod must be one of ${HOLDS}` });
  });

  it('takes secCode and debitHoldPeriod on the source only: on the destination they are unknown fields', () => {
    assert.deepEqual(refusal(() => ach(undefined, { achDetails: { secCode: 'PPD', debitHoldPeriod: '1-day' } })), {
      destinationPaymentMethodID: 'achDetails.secCode is not a known field; achDetails.debitHoldPeriod is not a known field',
    });
    assert.deepEqual(refusal(() => ach({ achDetails: { surprise: true } })), { source: 'achDetails.surprise is not a known field' });
  });

  it('refuses addenda that are not a list, more than one record, or a record outside 1–80 NACHA characters', () => {
    const record = 'achDetails.addenda.record must be 1 to 80 valid NACHA characters';
    const cases: Array<[unknown, string]> = [
      [{ record: 'a' }, 'achDetails.addenda must be an array'],
      [[{ record: 'a' }, { record: 'b' }], 'achDetails.addenda must have at most 1 record'],
      [[{ record: '' }], record],
      [[{ record: 'r'.repeat(81) }], record],
      [[{ record: 5 }], record],
      [[null], record],
      [[{ record: 'caf\u00e9' }], record],
    ];
    for (const [addenda, message] of cases) {
      assert.deepEqual(refusal(() => ach({ achDetails: { addenda } })), { source: message }, JSON.stringify(addenda));
    }
  });

  it('names every problem of both sides at once, joined with "; "', () => {
    assert.deepEqual(
      refusal(() =>
        ach(
          { achDetails: { companyEntryDescription: 'abc', secCode: 'XYZ', addenda: 'no' } },
          { achDetails: { originatingCompanyName: 'o'.repeat(17) } },
        ),
      ),
      {
        source: `achDetails.companyEntryDescription: the length must be between 4 and 10; achDetails.secCode must be one of ${SEC_CODES}; achDetails.addenda must be an array`,
        destinationPaymentMethodID: 'achDetails.originatingCompanyName: the length must be between 4 and 16',
      },
    );
  });
});

describe('card options (source.cardDetails, destination.cardDetails)', () => {
  it('keeps a descriptor of 4 and of 22 characters and each transaction source', () => {
    assert.deepEqual(card({ cardDetails: { dynamicDescriptor: 'abcd', transactionSource: 'recurring' } }, { cardDetails: { dynamicDescriptor: 'd'.repeat(22) } }), {
      source: { dynamicDescriptor: 'abcd', transactionSource: 'recurring' },
      destination: { dynamicDescriptor: 'd'.repeat(22) },
    });
    for (const transactionSource of ['first-recurring', 'recurring', 'unscheduled']) {
      assert.deepEqual(card({ cardDetails: { transactionSource } }).source, { transactionSource });
    }
  });

  it('reads absent and null options as none', () => {
    assert.deepEqual(card(undefined), { source: {}, destination: {} });
    assert.deepEqual(card({ cardDetails: { dynamicDescriptor: null, transactionSource: null } }, { cardDetails: {} }), { source: {}, destination: {} });
  });

  it('refuses a descriptor outside 4–22, not a string, or not printable ASCII, with its message', () => {
    const length = (side: string) => `${side}.cardDetails.dynamicDescriptor: the length must be between 4 and 22`;
    for (const descriptor of ['abc', 'x'.repeat(23), 42]) {
      assert.deepEqual(refusal(() => card({ cardDetails: { dynamicDescriptor: descriptor } })), { source: length('source') }, String(descriptor));
      assert.deepEqual(refusal(() => card(undefined, { cardDetails: { dynamicDescriptor: descriptor } })), { destinationPaymentMethodID: length('destination') });
    }
    assert.deepEqual(refusal(() => card({ cardDetails: { dynamicDescriptor: 'bad\u0007desc' } })), {
      source: 'source.cardDetails.dynamicDescriptor: must be printable ASCII',
    });
  });

  it('refuses an unknown transaction source, and a transaction source or any unknown key on the destination', () => {
    const sources = 'source.cardDetails.transactionSource: must be one of first-recurring, recurring, unscheduled';
    assert.deepEqual(refusal(() => card({ cardDetails: { transactionSource: 'sometimes' } })), { source: sources });
    assert.deepEqual(refusal(() => card({ cardDetails: { transactionSource: 3 } })), { source: sources });
    assert.deepEqual(refusal(() => card(undefined, { cardDetails: { transactionSource: 'recurring', extra: 1 } })), {
      destinationPaymentMethodID: 'destination.cardDetails does not take transactionSource, extra',
    });
    assert.deepEqual(refusal(() => card({ cardDetails: { surprise: true } }, { cardDetails: { dynamicDescriptor: 'abc' } })), {
      source: 'source.cardDetails does not take surprise',
      destinationPaymentMethodID: 'destination.cardDetails.dynamicDescriptor: the length must be between 4 and 22',
    });
  });
});
