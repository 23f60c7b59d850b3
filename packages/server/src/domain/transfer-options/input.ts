import { isPlainObject, MAX_TRANSFER_AMOUNT, TRANSFER_CURRENCY, UUID_PATTERN } from '@railyard/contract';
import { ValidationFailed } from '../../kernel/errors.ts';

/**
 * Checks a transfer-options body (docs/api-behaviour.md §5.3). Problems go to the three
 * keys of `TransferOptionsValidationError` (422), one string each.
 */

export interface PartyQuery {
  accountID: string | undefined;
  paymentMethodID: string | undefined;
}

export interface CheckedTransferOptionsRequest {
  source: PartyQuery;
  destination: PartyQuery;
  amount: number;
}

type Json = Record<string, unknown>;

export function checkTransferOptionsRequest(body: Json): CheckedTransferOptionsRequest {
  const problems: Record<string, string> = {};
  const source = party(body['source'], 'source', problems);
  const destination = party(body['destination'], 'destination', problems);
  const amount = money(body['amount']);
  if (typeof amount === 'string') problems['amount'] = amount;
  if (Object.keys(problems).length > 0 || !source || !destination || typeof amount === 'string') throw new ValidationFailed(problems);
  return { source, destination, amount };
}

function party(value: unknown, key: 'source' | 'destination', problems: Record<string, string>): PartyQuery | undefined {
  if (value === undefined || value === null) {
    problems[key] = 'is required';
    return undefined;
  }
  if (!isPlainObject(value)) {
    problems[key] = 'must be an object';
    return undefined;
  }
  const unknown = Object.keys(value).filter((k) => k !== 'accountID' && k !== 'paymentMethodID');
  if (unknown.length > 0) {
    problems[key] = `unknown field ${unknown[0]}`;
    return undefined;
  }
  const out: PartyQuery = { accountID: undefined, paymentMethodID: undefined };
  for (const field of ['accountID', 'paymentMethodID'] as const) {
    const raw = value[field];
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string' || !UUID_PATTERN.test(raw)) {
      problems[key] = `${field} must be a UUID`;
      return undefined;
    }
    out[field] = raw.toLowerCase();
  }
  if (!out.accountID && !out.paymentMethodID) {
    problems[key] = 'accountID or paymentMethodID is required';
    return undefined;
  }
  return out;
}

function money(value: unknown): number | string {
  if (value === undefined || value === null) return 'is required';
  if (!isPlainObject(value)) return 'must be an object';
  if (value['currency'] !== TRANSFER_CURRENCY) return `currency must be ${TRANSFER_CURRENCY}`;
  const cents = value['value'];
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return 'value must be an integer number of cents';
  if (cents < 1) return 'value must be no less than 1';
  if (cents > MAX_TRANSFER_AMOUNT) return `value must be no greater than ${MAX_TRANSFER_AMOUNT}`;
  return cents;
}
