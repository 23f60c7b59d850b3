import { isPlainObject, type OperationId } from '@railyard/contract';
import type { ChangeSet } from './transforms.ts';
import { paymentMethodToV2024 } from './v2026-01-00-money-sources.ts';
import { PAYMENT_METHOD_TYPES_AFTER_V2024 } from '@railyard/contract';

/**
 * Transfer options for v2024.01.00 callers: each option is a v2024 payment
 * method (`wallet` as `{walletID}`), and the method types v2024 does not know
 * (`card-present-payment`, `instant-bank-credit`) are left out.
 */
const hiddenTypes: ReadonlySet<string> = new Set(PAYMENT_METHOD_TYPES_AFTER_V2024);
type Json = Record<string, unknown>;

const methods = (list: unknown) =>
  Array.isArray(list) ? list.filter((m) => !(isPlainObject(m) && hiddenTypes.has(String(m['paymentMethodType'])))).map(paymentMethodToV2024) : list;

export function transferOptionsToV2024(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const out: Json = { ...body };
  if ('sourceOptions' in out) out['sourceOptions'] = methods(out['sourceOptions']);
  if ('destinationOptions' in out) out['destinationOptions'] = methods(out['destinationOptions']);
  return out;
}

export const transferOptionChanges: ChangeSet['operations'] = {
  'transfers.generateOptions': { response: transferOptionsToV2024 },
  'transfers.generateOptionsLegacy': { response: transferOptionsToV2024 },
} satisfies Partial<Record<OperationId, unknown>>;
