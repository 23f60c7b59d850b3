import type { ValidationMap } from '@railyard/contract';
import { ValidationFailed } from '../../../../kernel/errors.ts';
import type { TransferRecord } from '../../model.ts';

/**
 * The card options a create request may carry (docs/api-behaviour.md §5.2, SDK
 * `CreateTransferSourceCard`, `CreateTransferDestinationCard`):
 * `source.cardDetails {dynamicDescriptor 4–22, transactionSource}` and
 * `destination.cardDetails {dynamicDescriptor 4–22}`. The transfers core keeps
 * them as opaque small objects; the card rail checks them when it starts, in
 * the creating unit of work, so a bad value is a 422 and nothing is written.
 * Keys follow the core's convention for party options: `source` and
 * `destinationPaymentMethodID`.
 */

export const MIN_DYNAMIC_DESCRIPTOR = 4;
export const MAX_DYNAMIC_DESCRIPTOR = 22;
export const TRANSACTION_SOURCES = ['first-recurring', 'recurring', 'unscheduled'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export interface CardOptions {
  dynamicDescriptor?: string;
  transactionSource?: TransactionSource;
}

/** Printable ASCII: what a card statement can show. */
const DESCRIPTOR = /^[\x20-\x7e]+$/;

function check(value: unknown, allowed: readonly string[], side: string): CardOptions | string {
  if (value === undefined) return {};
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) return `${side}.cardDetails does not take ${unknown.join(', ')}`;
  const out: CardOptions = {};
  const descriptor = options['dynamicDescriptor'];
  if (descriptor !== undefined && descriptor !== null) {
    if (typeof descriptor !== 'string' || descriptor.length < MIN_DYNAMIC_DESCRIPTOR || descriptor.length > MAX_DYNAMIC_DESCRIPTOR) {
      return `${side}.cardDetails.dynamicDescriptor: the length must be between ${MIN_DYNAMIC_DESCRIPTOR} and ${MAX_DYNAMIC_DESCRIPTOR}`;
    }
    if (!DESCRIPTOR.test(descriptor)) return `${side}.cardDetails.dynamicDescriptor: must be printable ASCII`;
    out.dynamicDescriptor = descriptor;
  }
  const source = options['transactionSource'];
  if (source !== undefined && source !== null) {
    if (typeof source !== 'string' || !(TRANSACTION_SOURCES as readonly string[]).includes(source)) {
      return `${side}.cardDetails.transactionSource: must be one of ${TRANSACTION_SOURCES.join(', ')}`;
    }
    out.transactionSource = source as TransactionSource;
  }
  return out;
}

/** The checked options of both sides; throws ValidationFailed (422) naming every bad one. */
export function checkCardOptions(transfer: TransferRecord): { source: CardOptions; destination: CardOptions } {
  const problems: ValidationMap = {};
  const source = check(transfer.request.sourceOptions?.['cardDetails'], ['dynamicDescriptor', 'transactionSource'], 'source');
  const destination = check(transfer.request.destinationOptions?.['cardDetails'], ['dynamicDescriptor'], 'destination');
  if (typeof source === 'string') problems['source'] = source;
  if (typeof destination === 'string') problems['destinationPaymentMethodID'] = destination;
  if (typeof source === 'string' || typeof destination === 'string') throw new ValidationFailed(problems);
  return { source, destination };
}
