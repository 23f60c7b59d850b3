import { isPlainObject, type OperationId } from '@railyard/contract';
import type { ChangeSet } from './transforms.ts';

/**
 * v2024.01.00 shapes of transfers (docs/api-behaviour.md §2.1, spec-2024 `Transfer`):
 * `paymentLinkID` where v2026 says `paymentLinkCode`; no `foreignID`,
 * `lineItems`, `source.terminalCard`, `achDetails.addenda` or
 * `cardDetails.authorizationCode`; `PaymentMethodsWallet` is `{walletID}`.
 * Requests lose the v2026-only fields (`foreignID`, `lineItems`), so an older
 * caller cannot set what it could never read back.
 */

type Json = Record<string, unknown>;

/**
 * Payment method types v2024.01.00 has no name for, as the nearest type it has:
 * the same rail from the same source. Such a transfer exists only when a newer
 * caller made it; an older caller listing it must still be able to parse it.
 */
const NEAREST_V2024_TYPE: Readonly<Record<string, string>> = {
  'instant-bank-credit': 'rtp-credit',
  'card-present-payment': 'card-payment',
};

function partyToV2024(party: unknown): unknown {
  if (!isPlainObject(party)) return party;
  const out: Json = { ...party };
  const nearest = NEAREST_V2024_TYPE[String(out['paymentMethodType'])];
  if (nearest !== undefined) out['paymentMethodType'] = nearest;
  delete out['terminalCard'];
  if (isPlainObject(out['wallet'])) out['wallet'] = { walletID: out['wallet']['walletID'] };
  if (isPlainObject(out['achDetails'])) {
    const ach = { ...out['achDetails'] };
    delete ach['addenda'];
    out['achDetails'] = ach;
  }
  if (isPlainObject(out['cardDetails'])) {
    const card = { ...out['cardDetails'] };
    delete card['authorizationCode'];
    out['cardDetails'] = card;
  }
  return out;
}

/** A v2026 Transfer (or CreatedTransfer / AsyncTransfer) in v2024 shape. */
export function transferToV2024(transfer: unknown): unknown {
  if (!isPlainObject(transfer)) return transfer;
  const out: Json = { ...transfer };
  if (out['paymentLinkCode'] !== undefined) out['paymentLinkID'] = out['paymentLinkCode'];
  delete out['paymentLinkCode'];
  delete out['foreignID'];
  delete out['lineItems'];
  if (out['source'] !== undefined) out['source'] = partyToV2024(out['source']);
  if (out['destination'] !== undefined) out['destination'] = partyToV2024(out['destination']);
  return out;
}

function without(...fields: string[]) {
  return (body: unknown) => {
    if (!isPlainObject(body)) return body;
    const out: Json = { ...body };
    for (const field of fields) delete out[field];
    return out;
  };
}

export const transferChanges: ChangeSet['operations'] = {
  'transfers.create': { request: without('foreignID', 'lineItems'), response: transferToV2024 },
  'transfers.get': { response: transferToV2024 },
  'transfers.update': { request: without('foreignID'), response: transferToV2024 },
  'transfers.list': { response: (body: unknown) => (Array.isArray(body) ? body.map(transferToV2024) : body) },
} satisfies Partial<Record<OperationId, unknown>>;
