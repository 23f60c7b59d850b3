import {
  FEE_DECIMAL_PATTERN,
  isPlainObject,
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_KEYS,
  MAX_METADATA_VALUE_LENGTH,
  MAX_TRANSFER_AMOUNT,
  MAX_TRANSFER_DESCRIPTION_LENGTH,
  MAX_TRANSFER_FOREIGN_ID_LENGTH,
  TRANSFER_CURRENCY,
  UUID_PATTERN,
  type ValidationMap,
} from '@railyard/contract';
import { ValidationFailed } from '../../kernel/errors.ts';
import { checkLineItems, type CheckedLineItems } from './line-items.ts';
import type { TransferRequestEcho } from './model.ts';

/**
 * Checks a create-transfer body field by field and reports every problem in
 * one `TransferValidationError` (422): one string per key, flat keys such as
 * `sourcePaymentMethodID` and `FacilitatorFee.TotalDecimal`, nested only under
 * `lineItems` (docs/api-behaviour.md §2.1, SDK `TransferValidationError`).
 * The enums and limits are the contract's, which documents the same body as
 * `CreateTransferShape`; the rails check their own options (`checkOptions`).
 */

const BLANK = 'cannot be blank';

export interface CheckedCreateTransfer {
  sourcePaymentMethodID: string;
  destinationPaymentMethodID: string;
  amount: number;
  currency: string;
  facilitatorFeeCents: number;
  metadata: Record<string, string> | undefined;
  foreignID: string | undefined;
  echo: TransferRequestEcho;
}

type Json = Record<string, unknown>;

export function checkCreateTransfer(body: Json): CheckedCreateTransfer {
  const problems: ValidationMap = {};
  const echo: TransferRequestEcho = {};

  const source = body['source'];
  let sourcePaymentMethodID = '';
  if (source === undefined || source === null) problems['sourcePaymentMethodID'] = BLANK;
  else if (!isPlainObject(source)) problems['source'] = 'must be an object';
  else {
    if (source['transferID'] !== undefined) problems['source'] = 'transfer groups (source.transferID) are not supported';
    else if (source['paymentToken'] !== undefined) problems['source'] = 'payment tokens are not supported';
    sourcePaymentMethodID = paymentMethodID(source['paymentMethodID'], 'sourcePaymentMethodID', problems);
    const options = railOptions(source, 'source', problems);
    if (options) echo.sourceOptions = options;
  }

  const destination = body['destination'];
  let destinationPaymentMethodID = '';
  if (!isPlainObject(destination)) problems['destinationPaymentMethodID'] = destination === undefined || destination === null ? BLANK : 'destination must be an object';
  else {
    destinationPaymentMethodID = paymentMethodID(destination['paymentMethodID'], 'destinationPaymentMethodID', problems);
    const options = railOptions(destination, 'destination', problems);
    if (options) echo.destinationOptions = options;
  }

  const amount = money(body['amount'], { min: 1 });
  if (typeof amount === 'string') problems['amount'] = amount;

  const fee = facilitatorFee(body['facilitatorFee'], problems);
  if (fee) echo.facilitatorFee = fee.echo;
  if (fee && typeof amount !== 'string' && fee.cents > amount.value) {
    problems['FacilitatorFee.TotalDecimal'] = 'must not exceed the transfer amount';
  }

  const description = body['description'];
  if (description !== undefined && description !== null) {
    if (typeof description !== 'string') problems['description'] = 'must be a string';
    else if ([...description].length > MAX_TRANSFER_DESCRIPTION_LENGTH) {
      problems['description'] = `the length must be no more than ${MAX_TRANSFER_DESCRIPTION_LENGTH}`;
    } else if (description.length > 0) echo.description = description;
  }

  const metadata = checkMetadata(body['metadata']);
  if (typeof metadata === 'string') problems['metadata'] = metadata;

  const salesTax = body['salesTaxAmount'];
  if (salesTax !== undefined && salesTax !== null) {
    const tax = money(salesTax, { min: 0 });
    if (typeof tax === 'string') problems['salesTaxAmount'] = tax;
    else if (typeof amount !== 'string' && tax.value > amount.value) problems['salesTaxAmount'] = 'must not exceed the transfer amount';
    else echo.salesTaxAmount = tax;
  }

  const foreignID = checkForeignID(body['foreignID']);
  if (foreignID.problem) problems['foreignID'] = foreignID.problem;

  let lineItems: CheckedLineItems | undefined;
  if (body['lineItems'] !== undefined && body['lineItems'] !== null) {
    const checked = checkLineItems(body['lineItems']);
    if ('problems' in checked) problems['lineItems'] = checked.problems;
    else lineItems = checked;
  }
  if (lineItems) echo.lineItems = lineItems;

  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
  return {
    sourcePaymentMethodID,
    destinationPaymentMethodID,
    amount: (amount as { value: number }).value,
    currency: TRANSFER_CURRENCY,
    facilitatorFeeCents: fee?.cents ?? 0,
    metadata: typeof metadata === 'string' ? undefined : metadata,
    foreignID: foreignID.value,
    echo,
  };
}

function paymentMethodID(value: unknown, key: string, problems: ValidationMap): string {
  if (value === undefined || value === null || value === '') problems[key] = BLANK;
  else if (typeof value !== 'string' || !UUID_PATTERN.test(value)) problems[key] = 'must be a valid UUID';
  else return value.toLowerCase();
  return '';
}

/** `{currency: "USD", value: <safe integer ≥ min>}`, or the message saying what is wrong. */
function money(value: unknown, { min }: { min: number }): { currency: string; value: number } | string {
  if (value === undefined || value === null) return BLANK;
  if (!isPlainObject(value)) return 'must be an object with currency and value';
  if (value['currency'] !== TRANSFER_CURRENCY) return `currency must be ${TRANSFER_CURRENCY}`;
  const cents = value['value'];
  if (typeof cents !== 'number' || !Number.isInteger(cents)) return 'value must be a whole number of cents';
  if (cents < min) return `value must be no less than ${min}`;
  if (cents > MAX_TRANSFER_AMOUNT) return `value must be no greater than ${MAX_TRANSFER_AMOUNT}`;
  return { currency: TRANSFER_CURRENCY, value: cents };
}

/** The ACH/card options of a party, kept for the rails; only their shape is checked here. */
function railOptions(party: Json, side: 'source' | 'destination', problems: ValidationMap): Record<string, unknown> | undefined {
  const options: Record<string, unknown> = {};
  for (const key of ['achDetails', 'cardDetails'] as const) {
    const value = party[key];
    if (value === undefined || value === null) continue;
    if (!isPlainObject(value) || JSON.stringify(value).length > 4096) {
      problems[side === 'source' ? 'source' : 'destinationPaymentMethodID'] = `${side}.${key} must be a small object`;
      continue;
    }
    options[key] = value;
  }
  return Object.keys(options).length > 0 ? options : undefined;
}

/** The fee in whole cents from `value` or its `decimal` twin; undefined when neither is sent or one is wrong (its problem noted under `key`). */
function feeCents(value: unknown, decimal: unknown, key: string, problems: ValidationMap): number | undefined {
  if (value !== undefined && decimal !== undefined) {
    problems[key] = `set either ${key.endsWith('TotalDecimal') ? 'total or totalDecimal' : 'markup or markupDecimal'}, not both`;
    return undefined;
  }
  if (value !== undefined) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TRANSFER_AMOUNT) {
      problems[key] = 'must be a whole number of cents from 0';
      return undefined;
    }
    return value;
  }
  if (decimal !== undefined) {
    if (typeof decimal !== 'string' || !FEE_DECIMAL_PATTERN.test(decimal)) {
      problems[key] = 'must be a decimal string with 1 to 9 decimals, such as 12.5';
      return undefined;
    }
    const whole = Number(decimal.slice(0, decimal.indexOf('.')));
    if (!Number.isSafeInteger(whole) || whole > MAX_TRANSFER_AMOUNT) {
      problems[key] = 'is too large';
      return undefined;
    }
    // The ledger moves whole cents: the fraction of a cent is kept on the transfer, not moved (docs/transfers.md).
    return whole;
  }
  return undefined;
}

function facilitatorFee(value: unknown, problems: ValidationMap): { cents: number; echo: NonNullable<TransferRequestEcho['facilitatorFee']> } | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    problems['FacilitatorFee.TotalDecimal'] = 'facilitatorFee must be an object';
    return undefined;
  }
  const total = feeCents(value['total'], value['totalDecimal'], 'FacilitatorFee.TotalDecimal', problems);
  const markup = feeCents(value['markup'], value['markupDecimal'], 'FacilitatorFee.MarkupDecimal', problems);
  const echo: NonNullable<TransferRequestEcho['facilitatorFee']> = {};
  if (typeof value['total'] === 'number') echo.total = value['total'];
  if (typeof value['totalDecimal'] === 'string') echo.totalDecimal = value['totalDecimal'];
  if (typeof value['markup'] === 'number') echo.markup = value['markup'];
  if (typeof value['markupDecimal'] === 'string') echo.markupDecimal = value['markupDecimal'];
  if (Object.keys(echo).length === 0) return undefined;
  // Railyard charges no Moov fees, so a markup on them moves nothing; it is kept and shown.
  void markup;
  return { cents: total ?? 0, echo };
}

/** Metadata bounds shared with PATCH: at most 50 keys of ≤ 64 characters, values ≤ 512. */
export function checkMetadata(value: unknown): Record<string, string> | undefined | string {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) return 'must be an object of strings';
  const entries = Object.entries(value);
  if (entries.length > MAX_METADATA_KEYS) return `must have at most ${MAX_METADATA_KEYS} keys`;
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > MAX_METADATA_KEY_LENGTH) return `keys must be 1 to ${MAX_METADATA_KEY_LENGTH} characters`;
    if (typeof item !== 'string') return `${key} must be a string`;
    if (item.length > MAX_METADATA_VALUE_LENGTH) return `${key} must be at most ${MAX_METADATA_VALUE_LENGTH} characters`;
  }
  return entries.length === 0 ? undefined : (value as Record<string, string>);
}

export function checkForeignID(value: unknown): { value?: string; problem?: string } {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string') return { problem: 'must be a string' };
  if (value.length > MAX_TRANSFER_FOREIGN_ID_LENGTH) return { problem: `the length must be no more than ${MAX_TRANSFER_FOREIGN_ID_LENGTH}` };
  return { value };
}
