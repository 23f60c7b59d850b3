import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  buildOpenApiDocument,
  CreateTransferShape,
  inputJsonSchemaOf,
  MAX_LINE_ITEM_OPTIONS,
  MAX_LINE_ITEMS,
  MAX_METADATA_KEYS,
  MAX_TRANSFER_AMOUNT,
  operations,
  type OperationDef,
} from '@railyard/contract';
import { ValidationFailed } from '../../src/kernel/errors.ts';
import type { Sql, Store } from '../../src/store/port.ts';
import { checkCreateTransfer } from '../../src/domain/transfers/create-input.ts';
import type { Rail } from '../../src/domain/transfers/rail.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { DEFAULT_RAILS } from '../../src/compose/services.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { notingSql } from '../support/noting-sql.ts';
import { transferBody, walletParty } from './helpers.ts';

/*
 * One source for the create body's rules (decision 1003): the body the OpenAPI
 * document shows for `POST /accounts/{accountID}/transfers` (the contract's
 * `CreateTransferShape`) and the checks Railyard runs (create-input.ts, then
 * the rail's `checkOptions`) accept exactly the same bodies, bar the
 * differences listed here with their reasons.
 */

const doc = buildOpenApiDocument(operations as readonly OperationDef[]) as {
  paths: Record<string, Record<string, { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } }>>;
  components: { schemas: Record<string, unknown> };
};
const bodyRef = doc.paths['/accounts/{accountID}/transfers']!['post']!.requestBody.content['application/json'].schema.$ref;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ components: doc.components }, 'openapi');
const documentedSchema = ajv.compile(doc.components.schemas[bodyRef.slice('#/components/schemas/'.length)] as object);

type RailKind = 'wallet' | 'ach' | 'card';
const RAILS: Record<RailKind, Rail> = { wallet: DEFAULT_RAILS.wallet!, ach: DEFAULT_RAILS.ach!, card: DEFAULT_RAILS.card! };

const documented = (body: unknown): boolean => documentedSchema(body) === true;
function checked(body: Record<string, unknown>, rail: RailKind): boolean {
  try {
    RAILS[rail].checkOptions(checkCreateTransfer(body).echo);
    return true;
  } catch (error) {
    if (error instanceof ValidationFailed) return false;
    throw error;
  }
}

const A = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const base = { source: { paymentMethodID: A }, destination: { paymentMethodID: B }, amount: { currency: 'USD', value: 10_000 } };
const withBody = (extra: Record<string, unknown>) => ({ ...base, ...extra });
const withSource = (extra: Record<string, unknown>) => ({ ...base, source: { paymentMethodID: A, ...extra } });
const withDestination = (extra: Record<string, unknown>) => ({ ...base, destination: { paymentMethodID: B, ...extra } });
const item = (extra: Record<string, unknown> = {}) => ({ name: 'Coffee', basePrice: { currency: 'USD', valueDecimal: '4.50' }, quantity: 2, ...extra });
const lineItems = (...items: unknown[]) => withBody({ lineItems: { items } });
const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const keys = (n: number) => Object.fromEntries(many(n, (i) => [`k${i}`, 'v']));

interface Row {
  name: string;
  body: Record<string, unknown>;
  /** The rail the payment-method pair picks; its `checkOptions` runs. */
  rail?: RailKind;
}

const ACCEPTED: Row[] = [
  { name: 'the smallest body', body: base },
  { name: 'upper-case UUIDs', body: { ...base, source: { paymentMethodID: A.toUpperCase() } } },
  {
    name: 'every optional field',
    body: withBody({
      description: 'lunch',
      metadata: { order: '42' },
      facilitatorFee: { total: 100, markup: 5 },
      salesTaxAmount: { currency: 'USD', value: 0 },
      foreignID: 'order-42',
      lineItems: { items: [item({ productID: B, imageIDs: [], options: [{ name: 'Oat milk', quantity: 1, priceModifier: { currency: 'USD', valueDecimal: '0.50' }, group: 'milk', imageIDs: [] }] })] },
    }),
  },
  { name: 'fees as decimals', body: withBody({ facilitatorFee: { totalDecimal: '12.5', markupDecimal: '0.000000001' } }) },
  { name: 'an empty facilitatorFee', body: withBody({ facilitatorFee: {} }) },
  { name: 'the largest amount', body: withBody({ amount: { currency: 'USD', value: MAX_TRANSFER_AMOUNT } }) },
  { name: 'a description of 128 characters', body: withBody({ description: 'd'.repeat(128) }) },
  { name: 'a description of 128 characters outside the BMP (counted as characters)', body: withBody({ description: '😀'.repeat(128) }) },
  { name: 'an empty foreignID (absent)', body: withBody({ foreignID: '' }) },
  { name: 'a foreignID of 64 characters', body: withBody({ foreignID: 'f'.repeat(64) }) },
  { name: `metadata of ${MAX_METADATA_KEYS} keys`, body: withBody({ metadata: keys(MAX_METADATA_KEYS) }) },
  { name: `${MAX_LINE_ITEMS} line items of ${MAX_LINE_ITEM_OPTIONS} options`, body: lineItems(...many(MAX_LINE_ITEMS, () => item({ options: many(MAX_LINE_ITEM_OPTIONS, () => ({ name: 'x', quantity: 1 })) }))) },
  { name: 'fields nobody asked for', body: { ...withBody({ surprise: 1 }), source: { paymentMethodID: A, surprise: 1 } } },
  {
    name: 'every ACH option',
    rail: 'ach',
    body: {
      ...base,
      source: { paymentMethodID: A, achDetails: { companyEntryDescription: 'PAYROLL', originatingCompanyName: 'ACME CORP', secCode: 'PPD', debitHoldPeriod: 'no-hold', addenda: [{ record: 'invoice 42' }] } },
      destination: { paymentMethodID: B, achDetails: { companyEntryDescription: 'REFUND', originatingCompanyName: 'ACME', addenda: [] } },
    },
  },
  { name: 'empty ACH options', rail: 'ach', body: withSource({ achDetails: {} }) },
  {
    name: 'every card option',
    rail: 'card',
    body: { ...base, source: { paymentMethodID: A, cardDetails: { dynamicDescriptor: 'RAILYARD*COFFEE', transactionSource: 'recurring' } }, destination: { paymentMethodID: B, cardDetails: { dynamicDescriptor: 'PAYOUT' } } },
  },
];

const REFUSED: Row[] = [
  { name: 'no source', body: { destination: base.destination, amount: base.amount } },
  { name: 'no destination', body: { source: base.source, amount: base.amount } },
  { name: 'no amount', body: { source: base.source, destination: base.destination } },
  { name: 'a source that is not an object', body: withBody({ source: 'x' }) },
  { name: 'a destination that is not an object', body: withBody({ destination: [B] }) },
  { name: 'a source without paymentMethodID', body: withBody({ source: {} }) },
  { name: 'an empty paymentMethodID', body: withBody({ destination: { paymentMethodID: '' } }) },
  { name: 'a paymentMethodID that is not a UUID', body: withBody({ source: { paymentMethodID: 'not-a-uuid' } }) },
  { name: 'a numeric paymentMethodID', body: withBody({ destination: { paymentMethodID: 42 } }) },
  { name: 'a transfer group (source.transferID)', body: withSource({ transferID: B }) },
  { name: 'a payment token', body: withSource({ paymentToken: 'tok' }) },
  { name: 'an amount that is not an object', body: withBody({ amount: 100 }) },
  { name: 'an amount in EUR', body: withBody({ amount: { currency: 'EUR', value: 100 } }) },
  { name: 'an amount of 0', body: withBody({ amount: { currency: 'USD', value: 0 } }) },
  { name: 'a fractional amount', body: withBody({ amount: { currency: 'USD', value: 1.5 } }) },
  { name: 'an amount as a string', body: withBody({ amount: { currency: 'USD', value: '100' } }) },
  { name: 'an amount above the largest', body: withBody({ amount: { currency: 'USD', value: MAX_TRANSFER_AMOUNT + 1 } }) },
  { name: 'a negative fee', body: withBody({ facilitatorFee: { total: -1 } }) },
  { name: 'a fractional fee', body: withBody({ facilitatorFee: { markup: 1.5 } }) },
  { name: 'a fee decimal without decimals', body: withBody({ facilitatorFee: { totalDecimal: '12' } }) },
  { name: 'a fee decimal with 10 decimals', body: withBody({ facilitatorFee: { markupDecimal: '1.1234567890' } }) },
  { name: 'total and totalDecimal', body: withBody({ facilitatorFee: { total: 1, totalDecimal: '1.0' } }) },
  { name: 'markup and markupDecimal', body: withBody({ facilitatorFee: { markup: 1, markupDecimal: '1.0' } }) },
  { name: 'a facilitatorFee that is not an object', body: withBody({ facilitatorFee: 'x' }) },
  { name: 'a null fee total', body: withBody({ facilitatorFee: { total: null } }) },
  { name: 'a description of 129 characters', body: withBody({ description: 'd'.repeat(129) }) },
  { name: 'a numeric description', body: withBody({ description: 42 }) },
  { name: `metadata of ${MAX_METADATA_KEYS + 1} keys`, body: withBody({ metadata: keys(MAX_METADATA_KEYS + 1) }) },
  { name: 'an empty metadata key', body: withBody({ metadata: { '': 'v' } }) },
  { name: 'a metadata key of 65 characters', body: withBody({ metadata: { ['k'.repeat(65)]: 'v' } }) },
  { name: 'a metadata value of 513 characters', body: withBody({ metadata: { k: 'v'.repeat(513) } }) },
  { name: 'a numeric metadata value', body: withBody({ metadata: { k: 42 } }) },
  { name: 'metadata that is not an object', body: withBody({ metadata: 'k=v' }) },
  { name: 'a negative sales tax', body: withBody({ salesTaxAmount: { currency: 'USD', value: -1 } }) },
  { name: 'a sales tax in EUR', body: withBody({ salesTaxAmount: { currency: 'EUR', value: 1 } }) },
  { name: 'a foreignID of 65 characters', body: withBody({ foreignID: 'f'.repeat(65) }) },
  { name: 'a numeric foreignID', body: withBody({ foreignID: 42 }) },
  { name: 'lineItems that are not an object', body: withBody({ lineItems: [] }) },
  { name: 'lineItems without a list', body: withBody({ lineItems: { items: 'x' } }) },
  { name: 'no line items', body: lineItems() },
  { name: `${MAX_LINE_ITEMS + 1} line items`, body: lineItems(...many(MAX_LINE_ITEMS + 1, () => item())) },
  { name: 'a blank item name', body: lineItems(item({ name: '   ' })) },
  { name: 'an item name of 151 characters', body: lineItems(item({ name: 'n'.repeat(151) })) },
  { name: 'a quantity of 0', body: lineItems(item({ quantity: 0 })) },
  { name: 'a quantity above a million', body: lineItems(item({ quantity: 1_000_001 })) },
  { name: 'a base price in EUR', body: lineItems(item({ basePrice: { currency: 'EUR', valueDecimal: '1.00' } })) },
  { name: 'a base price that is not a decimal', body: lineItems(item({ basePrice: { currency: 'USD', valueDecimal: 'abc' } })) },
  { name: 'a productID that is not a UUID', body: lineItems(item({ productID: 'nope' })) },
  { name: 'image IDs', body: lineItems(item({ imageIDs: [B] })) },
  { name: `${MAX_LINE_ITEM_OPTIONS + 1} options`, body: lineItems(item({ options: many(MAX_LINE_ITEM_OPTIONS + 1, () => ({ name: 'x', quantity: 1 })) })) },
  { name: 'an option group of 101 characters', body: lineItems(item({ options: [{ name: 'x', quantity: 1, group: 'g'.repeat(101) }] })) },
  { name: 'a null price modifier', body: lineItems(item({ options: [{ name: 'x', quantity: 1, priceModifier: null }] })) },
  { name: 'an unknown SEC code', rail: 'ach', body: withSource({ achDetails: { secCode: 'XYZ' } }) },
  { name: 'an unknown debit hold period', rail: 'ach', body: withSource({ achDetails: { debitHoldPeriod: '3-days' } }) },
  { name: 'a company entry description of 3 characters', rail: 'ach', body: withSource({ achDetails: { companyEntryDescription: 'abc' } }) },
  { name: 'a company entry description of 11 characters', rail: 'ach', body: withDestination({ achDetails: { companyEntryDescription: 'c'.repeat(11) } }) },
  { name: 'a company name outside NACHA’s characters', rail: 'ach', body: withSource({ achDetails: { originatingCompanyName: 'Café Bleu' } }) },
  { name: 'a company name of 17 characters', rail: 'ach', body: withDestination({ achDetails: { originatingCompanyName: 'o'.repeat(17) } }) },
  { name: 'two addenda records', rail: 'ach', body: withSource({ achDetails: { addenda: [{ record: 'a' }, { record: 'b' }] } }) },
  { name: 'an empty addenda record', rail: 'ach', body: withSource({ achDetails: { addenda: [{ record: '' }] } }) },
  { name: 'an addenda record of 81 characters', rail: 'ach', body: withDestination({ achDetails: { addenda: [{ record: 'r'.repeat(81) }] } }) },
  { name: 'addenda that are not a list', rail: 'ach', body: withSource({ achDetails: { addenda: { record: 'a' } } }) },
  { name: 'an unknown ACH field', rail: 'ach', body: withSource({ achDetails: { surprise: true } }) },
  { name: 'a SEC code on the destination', rail: 'ach', body: withDestination({ achDetails: { secCode: 'PPD' } }) },
  { name: 'ACH options that are not an object', rail: 'ach', body: withSource({ achDetails: 'PPD' }) },
  { name: 'a descriptor of 3 characters', rail: 'card', body: withSource({ cardDetails: { dynamicDescriptor: 'abc' } }) },
  { name: 'a descriptor of 23 characters', rail: 'card', body: withDestination({ cardDetails: { dynamicDescriptor: 'x'.repeat(23) } }) },
  { name: 'a numeric descriptor', rail: 'card', body: withSource({ cardDetails: { dynamicDescriptor: 42 } }) },
  { name: 'a descriptor with a control character', rail: 'card', body: withSource({ cardDetails: { dynamicDescriptor: 'bad\u0007descriptor' } }) },
  { name: 'an unknown transaction source', rail: 'card', body: withSource({ cardDetails: { transactionSource: 'sometimes' } }) },
  { name: 'an unknown card field', rail: 'card', body: withSource({ cardDetails: { surprise: true } }) },
  { name: 'a transaction source on the destination', rail: 'card', body: withDestination({ cardDetails: { transactionSource: 'recurring' } }) },
];

/** Bodies Railyard accepts that the documented shape refuses, and why. */
const LENIENT: Array<Row & { because: string }> = [
  ...(['description', 'metadata', 'facilitatorFee', 'salesTaxAmount', 'foreignID', 'lineItems'] as const).map((field) => ({
    name: `${field}: null`,
    body: withBody({ [field]: null }),
    because: 'null reads as absent',
  })),
  { name: 'achDetails: null', rail: 'ach' as const, body: withSource({ achDetails: null }), because: 'null reads as absent' },
  { name: 'secCode: null', rail: 'ach' as const, body: withSource({ achDetails: { secCode: null } }), because: 'null reads as absent' },
  { name: 'dynamicDescriptor: null', rail: 'card' as const, body: withSource({ cardDetails: { dynamicDescriptor: null } }), because: 'null reads as absent' },
  { name: 'bad achDetails on a wallet transfer', body: withSource({ achDetails: { secCode: 'XYZ' } }), because: 'a rail does not check the options of another rail' },
  { name: 'bad cardDetails on an ACH transfer', rail: 'ach' as const, body: withSource({ cardDetails: { surprise: true } }), because: 'a rail does not check the options of another rail' },
];

/** Bodies the documented shape accepts that Railyard refuses: rules across fields, which the shape cannot state. */
const STRICTER: Array<Row & { because: string }> = [
  { name: 'a fee above the amount', body: withBody({ amount: { currency: 'USD', value: 100 }, facilitatorFee: { total: 101 } }), because: 'the fee is at most the amount' },
  { name: 'a fee decimal above the amount', body: withBody({ amount: { currency: 'USD', value: 100 }, facilitatorFee: { totalDecimal: '101.5' } }), because: 'the fee is at most the amount' },
  { name: 'a sales tax above the amount', body: withBody({ amount: { currency: 'USD', value: 100 }, salesTaxAmount: { currency: 'USD', value: 101 } }), because: 'the sales tax is at most the amount' },
  {
    name: 'ACH options of more than 4 KiB',
    rail: 'ach',
    body: withSource({ achDetails: { addenda: [{ record: 'a', note: 'n'.repeat(5_000) }] } }),
    because: 'rail options are small objects (the shape lets addenda records carry fields the rail ignores)',
  },
];

describe('the documented create body and the checks agree (decision 1003)', () => {
  it('the OpenAPI body of POST /transfers is the contract’s CreateTransferShape', () => {
    assert.deepEqual(doc.components.schemas[bodyRef.slice('#/components/schemas/'.length)], JSON.parse(JSON.stringify(inputJsonSchemaOf(CreateTransferShape))));
  });

  for (const [rows, expected] of [
    [ACCEPTED, true],
    [REFUSED, false],
  ] as const) {
    it(`both ${expected ? 'accept' : 'refuse'}: ${rows.length} bodies`, () => {
      const disagree = rows
        .map((row) => ({ row, documented: documented(row.body), checked: checked(row.body, row.rail ?? 'wallet') }))
        .filter(({ documented, checked }) => documented !== expected || checked !== expected)
        .map(({ row, documented, checked }) => `${row.name}: documented ${documented}, checked ${checked}`);
      assert.deepEqual(disagree, []);
    });
  }

  it('Railyard is more lenient than the document only where listed: null as absent, another rail’s options', () => {
    for (const row of LENIENT) {
      assert.equal(documented(row.body), false, `${row.name}: documented`);
      assert.equal(checked(row.body, row.rail ?? 'wallet'), true, `${row.name}: checked (${row.because})`);
    }
  });

  it('Railyard is stricter than the document only where listed: rules across fields', () => {
    for (const row of STRICTER) {
      assert.equal(documented(row.body), true, `${row.name}: documented`);
      assert.equal(checked(row.body, row.rail ?? 'wallet'), false, `${row.name}: checked (${row.because})`);
    }
  });
});

/** A store whose units of work note each INSERT in `log`. */
function notingInserts(store: Store, log: string[]): Store {
  const note = (text: string) => {
    const table = /^\s*INSERT INTO (\w+)/i.exec(text)?.[1];
    if (table) log.push(`insert ${table}`);
  };
  const noting = (sql: Sql): Sql => notingSql(sql, note);
  return {
    dialect: store.dialect,
    read: (work) => store.read((sql) => work(noting(sql))),
    write: (work) => store.write((sql) => work(noting(sql))),
    migrate: () => store.migrate(),
    close: () => store.close(),
  };
}

for (const kind of await storeKinds()) {
  describe(`a rail checks its options before creation writes anything (${kind})`, () => {
    const s = serverPerSuite(kind);

    async function createWith(refuse: boolean) {
      const log: string[] = [];
      const probe: Rail = {
        name: 'wallet',
        jobs: {},
        checkOptions(options) {
          log.push('checkOptions');
          assert.deepEqual(options.sourceOptions, { cardDetails: { dynamicDescriptor: 'PROBE' } });
          if (refuse) throw new ValidationFailed({ source: 'the probe refuses its options' });
        },
        async start() {
          log.push('start');
        },
      };
      const service = new TransferService(notingInserts(s.testStore.store, log), { platformClock: s.services.platformClock, pacing: FAST_PACING, rails: { ...s.services.rails, wallet: probe } });
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const body = transferBody(alice, bob, 100, { source: { paymentMethodID: alice.paymentMethodID, cardDetails: { dynamicDescriptor: 'PROBE' } } });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const outcome = service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: false, body });
      const steps = () => log.filter((entry) => ['checkOptions', 'start', 'insert transfers', 'insert events'].includes(entry));
      return { outcome, steps };
    }

    it('a refusal comes before the transfer row and its event, and the rail never starts', async () => {
      const { outcome, steps } = await createWith(true);
      await assert.rejects(outcome, (error) => error instanceof ValidationFailed && error.fields['source'] === 'the probe refuses its options');
      assert.deepEqual(steps(), ['checkOptions']);
    });

    it('accepted options: checked, then the rail’s start, and the unit’s row and events at its end', async () => {
      const { outcome, steps } = await createWith(false);
      assert.equal((await outcome).kind, 'accepted');
      // The new transfer and the events are held and written when the unit ends (`beforeCommit`:
      // store/repos/transfers.ts, kernel/events.ts), the row first, as the rail left it.
      assert.deepEqual(steps(), ['checkOptions', 'start', 'insert transfers', 'insert events']);
    });
  });
}
