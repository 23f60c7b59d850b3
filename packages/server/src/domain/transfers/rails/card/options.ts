import {
  CARD_DESCRIPTOR_CHARACTERS,
  CARD_DYNAMIC_DESCRIPTOR_LENGTH,
  CARD_TRANSACTION_SOURCES,
  CreateTransferDestinationCard,
  CreateTransferSourceCard,
  type CardTransactionSourceValue,
  type ValidationMap,
} from '@railyard/contract';
import { ValidationFailed } from '../../../../kernel/errors.ts';
import type { RequestedRailOptions } from '../../rail.ts';

/**
 * The card options a create request may carry (docs/api-behaviour.md §5.2, SDK
 * `CreateTransferSourceCard`, `CreateTransferDestinationCard`):
 * `source.cardDetails {dynamicDescriptor 4–22, transactionSource}` and
 * `destination.cardDetails {dynamicDescriptor 4–22}`. The transfers core keeps
 * them as opaque small objects; the card rail's `checkOptions` checks them with
 * the contract's enums and limits before creation writes anything (422).
 * Keys follow the core's convention for party options: `source` and
 * `destinationPaymentMethodID`.
 */

const { min: MIN_DYNAMIC_DESCRIPTOR, max: MAX_DYNAMIC_DESCRIPTOR } = CARD_DYNAMIC_DESCRIPTOR_LENGTH;
/** The fields each side takes: the contract's documented shapes. */
const SOURCE_KEYS = Object.keys(CreateTransferSourceCard.shape);
const DESTINATION_KEYS = Object.keys(CreateTransferDestinationCard.shape);

export interface CardOptions {
  dynamicDescriptor?: string;
  transactionSource?: CardTransactionSourceValue;
}

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
    if (!CARD_DESCRIPTOR_CHARACTERS.test(descriptor)) return `${side}.cardDetails.dynamicDescriptor: must be printable ASCII`;
    out.dynamicDescriptor = descriptor;
  }
  const source = options['transactionSource'];
  if (source !== undefined && source !== null) {
    if (typeof source !== 'string' || !(CARD_TRANSACTION_SOURCES as readonly string[]).includes(source)) {
      return `${side}.cardDetails.transactionSource: must be one of ${CARD_TRANSACTION_SOURCES.join(', ')}`;
    }
    out.transactionSource = source as CardTransactionSourceValue;
  }
  return out;
}

/** The checked options of both sides; throws ValidationFailed (422) naming every bad one. */
export function checkCardOptions(request: RequestedRailOptions): { source: CardOptions; destination: CardOptions } {
  const problems: ValidationMap = {};
  const source = check(request.sourceOptions?.['cardDetails'], SOURCE_KEYS, 'source');
  const destination = check(request.destinationOptions?.['cardDetails'], DESTINATION_KEYS, 'destination');
  if (typeof source === 'string') problems['source'] = source;
  if (typeof destination === 'string') problems['destinationPaymentMethodID'] = destination;
  if (typeof source === 'string' || typeof destination === 'string') throw new ValidationFailed(problems);
  return { source, destination };
}
