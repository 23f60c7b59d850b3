import {
  isPlainObject,
  LINE_ITEM_DECIMAL_PATTERN,
  MAX_LINE_ITEM_GROUP_LENGTH,
  MAX_LINE_ITEM_NAME_LENGTH,
  MAX_LINE_ITEM_OPTIONS,
  MAX_LINE_ITEM_QUANTITY,
  MAX_LINE_ITEMS,
  TRANSFER_CURRENCY,
  UUID_PATTERN,
  type ValidationMap,
} from '@railyard/contract';

/**
 * `lineItems` of a create-transfer body (v2026.01.00, SDK `CreateTransferLineItems`).
 * Problems nest as the SDK's `CreateTransferLineItemsValidationError` does:
 * `{items: {"<i>": {name, basePrice: {valueDecimal}, options: {"<j>": {…}}, …}}}`.
 * Railyard has no product images, so `imageIDs` can name nothing and is refused.
 * Whether the items must add up to the amount is not documented [U]: not enforced.
 * The limits are the contract's, which documents the same shape.
 */

interface AmountDecimal {
  currency: string;
  valueDecimal: string;
}
interface LineItemOption {
  name: string;
  quantity: number;
  priceModifier?: AmountDecimal;
  group?: string;
}
interface LineItem {
  name: string;
  basePrice: AmountDecimal;
  quantity: number;
  options?: LineItemOption[];
  productID?: string;
}
export interface CheckedLineItems {
  items: LineItem[];
}

function name(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return 'cannot be blank';
  if (value.length > MAX_LINE_ITEM_NAME_LENGTH) return `the length must be no more than ${MAX_LINE_ITEM_NAME_LENGTH}`;
  return undefined;
}

function quantity(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_LINE_ITEM_QUANTITY) {
    return `must be a whole number from 1 to ${MAX_LINE_ITEM_QUANTITY}`;
  }
  return undefined;
}

function price(value: unknown): ValidationMap | undefined {
  if (!isPlainObject(value)) return { valueDecimal: 'cannot be blank' };
  const problems: ValidationMap = {};
  if (value['currency'] !== TRANSFER_CURRENCY) problems['currency'] = `must be ${TRANSFER_CURRENCY}`;
  if (typeof value['valueDecimal'] !== 'string' || !LINE_ITEM_DECIMAL_PATTERN.test(value['valueDecimal'])) {
    problems['valueDecimal'] = 'must be a decimal string such as 12.50';
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}

function checkOption(value: unknown): { option?: LineItemOption; problems?: ValidationMap } {
  if (!isPlainObject(value)) return { problems: { name: 'must be an object' } };
  const problems: ValidationMap = {};
  const nameProblem = name(value['name']);
  if (nameProblem) problems['name'] = nameProblem;
  const quantityProblem = quantity(value['quantity']);
  if (quantityProblem) problems['quantity'] = quantityProblem;
  if (value['priceModifier'] !== undefined) {
    const priceProblem = price(value['priceModifier']);
    if (priceProblem) problems['priceModifier'] = priceProblem;
  }
  if (value['group'] !== undefined && (typeof value['group'] !== 'string' || value['group'].length > MAX_LINE_ITEM_GROUP_LENGTH)) {
    problems['group'] = `must be a string of at most ${MAX_LINE_ITEM_GROUP_LENGTH} characters`;
  }
  if (value['imageIDs'] !== undefined && !(Array.isArray(value['imageIDs']) && value['imageIDs'].length === 0)) {
    problems['imageIDs'] = 'Railyard stores no images: imageIDs must be empty';
  }
  if (Object.keys(problems).length > 0) return { problems };
  const option: LineItemOption = { name: value['name'] as string, quantity: value['quantity'] as number };
  if (value['priceModifier'] !== undefined) option.priceModifier = value['priceModifier'] as AmountDecimal;
  if (value['group'] !== undefined) option.group = value['group'] as string;
  return { option };
}

function checkItem(value: unknown): { item?: LineItem; problems?: ValidationMap } {
  if (!isPlainObject(value)) return { problems: { name: 'must be an object' } };
  const problems: ValidationMap = {};
  const nameProblem = name(value['name']);
  if (nameProblem) problems['name'] = nameProblem;
  const quantityProblem = quantity(value['quantity']);
  if (quantityProblem) problems['quantity'] = quantityProblem;
  const priceProblem = price(value['basePrice']);
  if (priceProblem) problems['basePrice'] = priceProblem;
  if (value['productID'] !== undefined && (typeof value['productID'] !== 'string' || !UUID_PATTERN.test(value['productID']))) {
    problems['productID'] = 'must be a valid UUID';
  }
  if (value['imageIDs'] !== undefined && !(Array.isArray(value['imageIDs']) && value['imageIDs'].length === 0)) {
    problems['imageIDs'] = 'Railyard stores no images: imageIDs must be empty';
  }
  const options: LineItemOption[] = [];
  if (value['options'] !== undefined) {
    const raw = value['options'];
    if (!Array.isArray(raw) || raw.length > MAX_LINE_ITEM_OPTIONS) {
      problems['options'] = { '0': { name: `options must be a list of at most ${MAX_LINE_ITEM_OPTIONS}` } };
    } else {
      const optionProblems: ValidationMap = {};
      raw.forEach((option, index) => {
        const checked = checkOption(option);
        if (checked.problems) optionProblems[String(index)] = checked.problems;
        else options.push(checked.option!);
      });
      if (Object.keys(optionProblems).length > 0) problems['options'] = optionProblems;
    }
  }
  if (Object.keys(problems).length > 0) return { problems };
  const item: LineItem = { name: value['name'] as string, basePrice: value['basePrice'] as AmountDecimal, quantity: value['quantity'] as number };
  if (options.length > 0) item.options = options;
  if (value['productID'] !== undefined) item.productID = (value['productID'] as string).toLowerCase();
  return { item };
}

export function checkLineItems(value: unknown): CheckedLineItems | { problems: ValidationMap } {
  if (!isPlainObject(value) || !Array.isArray(value['items'])) return { problems: { items: { '0': { name: 'lineItems.items must be a list' } } } };
  const raw = value['items'];
  if (raw.length === 0 || raw.length > MAX_LINE_ITEMS) {
    return { problems: { items: { '0': { name: `lineItems.items must hold 1 to ${MAX_LINE_ITEMS} items` } } } };
  }
  const items: LineItem[] = [];
  const problems: ValidationMap = {};
  raw.forEach((item, index) => {
    const checked = checkItem(item);
    if (checked.problems) problems[String(index)] = checked.problems;
    else items.push(checked.item!);
  });
  if (Object.keys(problems).length > 0) return { problems: { items: problems } };
  return { items };
}
