// The transfers mutation scope (docs/testing.md "Mutation testing") found the messages and bounds of
// domain/transfers/line-items.ts unpinned: these unit tests pin them, with every limit and message
// written out as the contract states them (never imported), so a changed value or bound fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkLineItems } from '../../src/domain/transfers/line-items.ts';

// The contract's limits, typed out.
const MAX_ITEMS = 100;
const MAX_OPTIONS = 20;
const MAX_NAME = 150;
const MAX_GROUP = 100;
const MAX_QUANTITY = 1_000_000;

// The messages, typed out.
const ITEMS_NOT_A_LIST = 'lineItems.items must be a list';
const ITEMS_COUNT = 'lineItems.items must hold 1 to 100 items';
const NOT_AN_OBJECT = 'must be an object';
const BLANK = 'cannot be blank';
const NAME_TOO_LONG = 'the length must be no more than 150';
const QUANTITY = 'must be a whole number from 1 to 1000000';
const CURRENCY = 'must be USD';
const DECIMAL = 'must be a decimal string such as 12.50';
const UUID = 'must be a valid UUID';
const IMAGES = 'Railyard stores no images: imageIDs must be empty';
const OPTIONS_LIST = 'options must be a list of at most 20';
const GROUP = 'must be a string of at most 100 characters';

const PRODUCT_UPPER = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
const PRODUCT_LOWER = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

function usd(valueDecimal = '12.50'): { currency: string; valueDecimal: string } {
  return { currency: 'USD', valueDecimal };
}

function item(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Widget', basePrice: usd(), quantity: 1, ...extra };
}

function option(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Size', quantity: 1, ...extra };
}

/** The result for one item whose problems are `problems`. */
function firstItemProblems(problems: unknown): unknown {
  return { problems: { items: { '0': problems } } };
}

/** The result for one item whose options have the problems `byIndex`. */
function optionProblems(byIndex: unknown): unknown {
  return firstItemProblems({ options: byIndex });
}

const accepted = { items: [{ name: 'Widget', basePrice: usd(), quantity: 1 }] };

describe('checkLineItems: the lineItems object and its list', () => {
  it('refuses a value that is not an object or holds no items list', () => {
    const expected = { problems: { items: { '0': { name: ITEMS_NOT_A_LIST } } } };
    for (const value of [undefined, null, 'items', 7, [], [item()], {}, { items: 'x' }, { items: {} }, { items: null }]) {
      assert.deepEqual(checkLineItems(value), expected, `value ${JSON.stringify(value)}`);
    }
  });

  it('refuses 0 items and 101 items with the count message', () => {
    const expected = { problems: { items: { '0': { name: ITEMS_COUNT } } } };
    assert.deepEqual(checkLineItems({ items: [] }), expected, '0 items');
    const tooMany = Array.from({ length: MAX_ITEMS + 1 }, () => item());
    assert.equal(tooMany.length, 101);
    assert.deepEqual(checkLineItems({ items: tooMany }), expected, '101 valid items');
  });

  it('accepts 1 item and exactly 100 items, in order', () => {
    assert.deepEqual(checkLineItems({ items: [item()] }), accepted, '1 item');
    const hundred = Array.from({ length: MAX_ITEMS }, (_, i) => item({ name: `item-${i}` }));
    assert.equal(hundred.length, 100);
    assert.deepEqual(
      checkLineItems({ items: hundred }),
      { items: Array.from({ length: 100 }, (_, i) => ({ name: `item-${i}`, basePrice: usd(), quantity: 1 })) },
      'exactly 100 items',
    );
  });

  it('ignores other keys of the lineItems object and of an item', () => {
    assert.deepEqual(checkLineItems({ items: [item({ sku: 'A-1' })], note: 'x' }), accepted);
  });

  it('refuses an item that is not an object', () => {
    for (const value of ['x', 3, null, [], [item()], true]) {
      assert.deepEqual(checkLineItems({ items: [value] }), firstItemProblems({ name: NOT_AN_OBJECT }), `item ${JSON.stringify(value)}`);
    }
  });

  it('keys the problems of several items by index, leaving valid items out', () => {
    const result = checkLineItems({
      items: [item({ name: '' }), item(), 'x', item({ name: 'ok' }), item({ quantity: 0 }), null],
    });
    assert.deepEqual(result, {
      problems: {
        items: {
          '0': { name: BLANK },
          '2': { name: NOT_AN_OBJECT },
          '4': { quantity: QUANTITY },
          '5': { name: NOT_AN_OBJECT },
        },
      },
    });
  });

  it('reports every problem of one item at once', () => {
    const result = checkLineItems({
      items: [{ name: '  ', quantity: 0, basePrice: 'x', productID: 'nope', imageIDs: ['a'], options: 'x' }],
    });
    assert.deepEqual(
      result,
      firstItemProblems({
        name: BLANK,
        quantity: QUANTITY,
        basePrice: { valueDecimal: BLANK },
        productID: UUID,
        imageIDs: IMAGES,
        options: { '0': { name: OPTIONS_LIST } },
      }),
    );
  });
});

describe('checkLineItems: item name', () => {
  it('refuses a missing, empty, whitespace-only or non-string name', () => {
    for (const name of [undefined, '', ' ', '   \t\n ', 5, null, ['Widget'], { a: 1 }]) {
      assert.deepEqual(checkLineItems({ items: [item({ name })] }), firstItemProblems({ name: BLANK }), `name ${JSON.stringify(name)}`);
    }
  });

  it('accepts a name of exactly 150 characters, kept as sent', () => {
    const name = 'n'.repeat(MAX_NAME);
    assert.equal(name.length, 150);
    assert.deepEqual(checkLineItems({ items: [item({ name })] }), { items: [{ name, basePrice: usd(), quantity: 1 }] });
  });

  it('refuses a name of 151 characters', () => {
    const name = 'n'.repeat(MAX_NAME + 1);
    assert.equal(name.length, 151);
    assert.deepEqual(checkLineItems({ items: [item({ name })] }), firstItemProblems({ name: NAME_TOO_LONG }));
  });

  it('counts surrounding whitespace in the length and keeps it (no trim of the value)', () => {
    const padded = ' x ';
    assert.deepEqual(checkLineItems({ items: [item({ name: padded })] }), { items: [{ name: ' x ', basePrice: usd(), quantity: 1 }] });
    const longPadded = ` ${'n'.repeat(149)} `;
    assert.equal(longPadded.length, 151);
    assert.deepEqual(checkLineItems({ items: [item({ name: longPadded })] }), firstItemProblems({ name: NAME_TOO_LONG }));
  });
});

describe('checkLineItems: item quantity', () => {
  it('accepts 1 and 1000000', () => {
    for (const quantity of [1, 2, MAX_QUANTITY]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ quantity })] }),
        { items: [{ name: 'Widget', basePrice: usd(), quantity }] },
        `quantity ${quantity}`,
      );
    }
    assert.equal(MAX_QUANTITY, 1000000);
  });

  it('refuses 0, negatives, 1000001, non-integers, strings and missing', () => {
    for (const quantity of [0, -1, 1_000_001, 1.5, 0.5, Number.NaN, Number.POSITIVE_INFINITY, '1', '2', undefined, null, [1]]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ quantity })] }),
        firstItemProblems({ quantity: QUANTITY }),
        `quantity ${String(quantity)}`,
      );
    }
  });
});

describe('checkLineItems: basePrice', () => {
  it('refuses a missing or non-object basePrice as a blank valueDecimal', () => {
    for (const basePrice of [undefined, null, '12.50', 12.5, [], [usd()]]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ basePrice })] }),
        firstItemProblems({ basePrice: { valueDecimal: BLANK } }),
        `basePrice ${JSON.stringify(basePrice)}`,
      );
    }
  });

  it('refuses a currency other than USD', () => {
    for (const currency of ['EUR', 'usd', 'USD ', '', undefined, 840]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ basePrice: { currency, valueDecimal: '1.00' } })] }),
        firstItemProblems({ basePrice: { currency: CURRENCY } }),
        `currency ${JSON.stringify(currency)}`,
      );
    }
  });

  it('refuses a bad valueDecimal', () => {
    for (const valueDecimal of [12.5, 12, '', 'abc', '12.', '.5', '1e3', '12.50 ', '1,00', '1234567890123', '1.1234567890', undefined, null, ['12.50']]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ basePrice: { currency: 'USD', valueDecimal } })] }),
        firstItemProblems({ basePrice: { valueDecimal: DECIMAL } }),
        `valueDecimal ${JSON.stringify(valueDecimal)}`,
      );
    }
  });

  it('accepts the decimal pattern\'s edges', () => {
    for (const valueDecimal of ['0', '-3.25', '123456789012', '123456789012.123456789', '0.000000001']) {
      assert.deepEqual(
        checkLineItems({ items: [item({ basePrice: usd(valueDecimal) })] }),
        { items: [{ name: 'Widget', basePrice: usd(valueDecimal), quantity: 1 }] },
        `valueDecimal ${valueDecimal}`,
      );
    }
  });

  it('reports a wrong currency and a bad valueDecimal together', () => {
    assert.deepEqual(
      checkLineItems({ items: [item({ basePrice: { currency: 'EUR', valueDecimal: 'x' } })] }),
      firstItemProblems({ basePrice: { currency: CURRENCY, valueDecimal: DECIMAL } }),
    );
    assert.deepEqual(
      checkLineItems({ items: [item({ basePrice: {} })] }),
      firstItemProblems({ basePrice: { currency: CURRENCY, valueDecimal: DECIMAL } }),
      'empty basePrice object',
    );
  });
});

describe('checkLineItems: productID', () => {
  it('accepts an upper-case UUID and returns it lower-cased', () => {
    assert.deepEqual(checkLineItems({ items: [item({ productID: PRODUCT_UPPER })] }), {
      items: [{ name: 'Widget', basePrice: usd(), quantity: 1, productID: PRODUCT_LOWER }],
    });
    assert.deepEqual(checkLineItems({ items: [item({ productID: PRODUCT_LOWER })] }), {
      items: [{ name: 'Widget', basePrice: usd(), quantity: 1, productID: PRODUCT_LOWER }],
    });
  });

  it('refuses an invalid UUID and a non-string', () => {
    for (const productID of ['not-a-uuid', '', `${PRODUCT_LOWER}0`, ` ${PRODUCT_LOWER}`, '3f2504e04f8911d39a0c0305e82c3301', 123, null, [PRODUCT_LOWER], { id: PRODUCT_LOWER }]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ productID })] }),
        firstItemProblems({ productID: UUID }),
        `productID ${JSON.stringify(productID)}`,
      );
    }
  });

  it('returns no productID key when none is sent', () => {
    const result = checkLineItems({ items: [item()] });
    assert.deepEqual(result, accepted);
    assert.ok('items' in result && !('productID' in result.items[0]!), 'no productID key');
  });
});

describe('checkLineItems: imageIDs', () => {
  it('accepts an empty list on an item and on an option, and does not return it', () => {
    assert.deepEqual(checkLineItems({ items: [item({ imageIDs: [] })] }), accepted, 'item imageIDs []');
    assert.deepEqual(
      checkLineItems({ items: [item({ options: [option({ imageIDs: [] })] })] }),
      { items: [{ name: 'Widget', basePrice: usd(), quantity: 1, options: [{ name: 'Size', quantity: 1 }] }] },
      'option imageIDs []',
    );
  });

  it('refuses a non-empty list or a non-list on an item', () => {
    for (const imageIDs of [['a'], [PRODUCT_LOWER], '', 'a', {}, { length: 0 }, null, 0]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ imageIDs })] }),
        firstItemProblems({ imageIDs: IMAGES }),
        `item imageIDs ${JSON.stringify(imageIDs)}`,
      );
    }
  });

  it('refuses a non-empty list or a non-list on an option', () => {
    for (const imageIDs of [['a'], '', 'a', {}, { length: 0 }, null, 0]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ imageIDs })] })] }),
        optionProblems({ '0': { imageIDs: IMAGES } }),
        `option imageIDs ${JSON.stringify(imageIDs)}`,
      );
    }
  });
});

describe('checkLineItems: options list', () => {
  it('returns no options key for an item without options or with an empty list', () => {
    const result = checkLineItems({ items: [item()] });
    assert.deepEqual(result, accepted, 'no options');
    assert.ok('items' in result && !('options' in result.items[0]!), 'no options key');
    assert.deepEqual(checkLineItems({ items: [item({ options: [] })] }), accepted, 'options []');
  });

  it('refuses options that are not a list, under key "0"', () => {
    for (const options of ['x', '', {}, { '0': option() }, null, 3]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options })] }),
        optionProblems({ '0': { name: OPTIONS_LIST } }),
        `options ${JSON.stringify(options)}`,
      );
    }
  });

  it('refuses 21 options, under key "0"', () => {
    const options = Array.from({ length: MAX_OPTIONS + 1 }, () => option());
    assert.equal(options.length, 21);
    assert.deepEqual(checkLineItems({ items: [item({ options })] }), optionProblems({ '0': { name: OPTIONS_LIST } }));
  });

  it('accepts exactly 20 options, in order', () => {
    const options = Array.from({ length: MAX_OPTIONS }, (_, i) => option({ name: `opt-${i}` }));
    assert.equal(options.length, 20);
    assert.deepEqual(checkLineItems({ items: [item({ options })] }), {
      items: [
        {
          name: 'Widget',
          basePrice: usd(),
          quantity: 1,
          options: Array.from({ length: 20 }, (_, i) => ({ name: `opt-${i}`, quantity: 1 })),
        },
      ],
    });
  });

  it('refuses an option that is not an object', () => {
    for (const value of ['x', 1, null, [], [option()]]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [value] })] }),
        optionProblems({ '0': { name: NOT_AN_OBJECT } }),
        `option ${JSON.stringify(value)}`,
      );
    }
  });

  it('keys option problems by index, leaving valid options out', () => {
    assert.deepEqual(
      checkLineItems({ items: [item(), item({ options: [option(), option({ name: '' }), option(), 'x', option({ quantity: 0 })] })] }),
      {
        problems: {
          items: {
            '1': { options: { '1': { name: BLANK }, '3': { name: NOT_AN_OBJECT }, '4': { quantity: QUANTITY } } },
          },
        },
      },
    );
  });

  it('reports option problems together with the item\'s own', () => {
    assert.deepEqual(
      checkLineItems({ items: [item({ name: '', options: [option({ quantity: 1.5 })] })] }),
      firstItemProblems({ name: BLANK, options: { '0': { quantity: QUANTITY } } }),
    );
  });
});

describe('checkLineItems: one option', () => {
  it('refuses a blank, whitespace-only, non-string or too long option name', () => {
    for (const name of [undefined, '', '  ', 7, null]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ name })] })] }),
        optionProblems({ '0': { name: BLANK } }),
        `option name ${JSON.stringify(name)}`,
      );
    }
    assert.deepEqual(
      checkLineItems({ items: [item({ options: [option({ name: 'o'.repeat(151) })] })] }),
      optionProblems({ '0': { name: NAME_TOO_LONG } }),
      'option name of 151',
    );
  });

  it('accepts an option name of exactly 150 characters', () => {
    const name = 'o'.repeat(150);
    assert.deepEqual(checkLineItems({ items: [item({ options: [option({ name })] })] }), {
      items: [{ name: 'Widget', basePrice: usd(), quantity: 1, options: [{ name, quantity: 1 }] }],
    });
  });

  it('checks the option quantity from 1 to 1000000', () => {
    for (const quantity of [0, -1, 1_000_001, 2.5, '1', undefined]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ quantity })] })] }),
        optionProblems({ '0': { quantity: QUANTITY } }),
        `option quantity ${String(quantity)}`,
      );
    }
    for (const quantity of [1, 1_000_000]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ quantity })] })] }),
        { items: [{ name: 'Widget', basePrice: usd(), quantity: 1, options: [{ name: 'Size', quantity }] }] },
        `option quantity ${quantity}`,
      );
    }
  });

  it('checks priceModifier when sent', () => {
    assert.deepEqual(
      checkLineItems({ items: [item({ options: [option({ priceModifier: { currency: 'EUR', valueDecimal: 'x' } })] })] }),
      optionProblems({ '0': { priceModifier: { currency: CURRENCY, valueDecimal: DECIMAL } } }),
      'both price problems',
    );
    assert.deepEqual(
      checkLineItems({ items: [item({ options: [option({ priceModifier: { currency: 'usd', valueDecimal: '1.00' } })] })] }),
      optionProblems({ '0': { priceModifier: { currency: CURRENCY } } }),
      'currency only',
    );
    assert.deepEqual(
      checkLineItems({ items: [item({ options: [option({ priceModifier: usd('1.0000000001') })] })] }),
      optionProblems({ '0': { priceModifier: { valueDecimal: DECIMAL } } }),
      'valueDecimal only',
    );
    for (const priceModifier of [null, 'x', []]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ priceModifier })] })] }),
        optionProblems({ '0': { priceModifier: { valueDecimal: BLANK } } }),
        `priceModifier ${JSON.stringify(priceModifier)}`,
      );
    }
  });

  it('accepts a group of exactly 100 characters and an empty group', () => {
    for (const group of ['g'.repeat(MAX_GROUP), '', 'Colour']) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ group })] })] }),
        { items: [{ name: 'Widget', basePrice: usd(), quantity: 1, options: [{ name: 'Size', quantity: 1, group }] }] },
        `group of ${group.length}`,
      );
    }
  });

  it('refuses a group of 101 characters and a non-string group', () => {
    for (const group of ['g'.repeat(101), 5, null, ['g'], {}]) {
      assert.deepEqual(
        checkLineItems({ items: [item({ options: [option({ group })] })] }),
        optionProblems({ '0': { group: GROUP } }),
        `group ${JSON.stringify(group)}`,
      );
    }
  });

  it('reports every problem of one option at once', () => {
    assert.deepEqual(
      checkLineItems({
        items: [item({ options: [{ name: '', quantity: 0, priceModifier: 'x', group: 5, imageIDs: ['a'] }] })],
      }),
      optionProblems({
        '0': { name: BLANK, quantity: QUANTITY, priceModifier: { valueDecimal: BLANK }, group: GROUP, imageIDs: IMAGES },
      }),
    );
  });

  it('keeps priceModifier and group of a valid option exactly, and adds no such keys when absent', () => {
    const result = checkLineItems({
      items: [
        item({
          productID: PRODUCT_UPPER,
          options: [
            option({ name: 'Large', quantity: 2, priceModifier: usd('-1.5'), group: 'Size', extra: true }),
            option({ name: 'Plain' }),
          ],
        }),
      ],
    });
    assert.deepEqual(result, {
      items: [
        {
          name: 'Widget',
          basePrice: usd(),
          quantity: 1,
          options: [
            { name: 'Large', quantity: 2, priceModifier: { currency: 'USD', valueDecimal: '-1.5' }, group: 'Size' },
            { name: 'Plain', quantity: 1 },
          ],
          productID: PRODUCT_LOWER,
        },
      ],
    });
    assert.ok('items' in result, 'accepted');
    const plain = result.items[0]!.options![1]!;
    assert.ok(!('priceModifier' in plain) && !('group' in plain), 'an option without them has no such keys');
  });
});
