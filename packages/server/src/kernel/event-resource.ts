import type { EventData, MoovEventType } from '@railyard/contract';

/*
 * The resource an event is about, for delivery order (decision 1500, amendment
 * "Order per resource"; docs/webhooks.md "Order"). A webhook's deliveries with
 * the same key have their first attempts made one after the other, in the
 * order the events were recorded; deliveries with different keys may be sent
 * side by side. `null` means the event is ordered with nothing: it carries no
 * state a receiver could apply in the wrong order.
 *
 * | Key                        | Event types                                                                                                   |
 * |----------------------------|---------------------------------------------------------------------------------------------------------------|
 * | `account:{accountID}`      | account.*, capability.*, representative.*, bankAccount.*, paymentMethod.*, wallet.created, wallet.updated,    |
 * |                            | card.autoUpdated, networkID.updated, invoice.*, ticket.*                                                      |
 * | `transfer:{transferID}`    | transfer.*, cancellation.*, refund.*, dispute.* (a refund's, a cancellation's and a dispute's transfer)        |
 * | `walletTransaction:{transactionID}` | walletTransaction.updated                                                                     |
 * | `sweep:{sweepID}`          | sweep.*                                                                                                       |
 * | `terminalApplication:{id}` | terminalApplication.*                                                                                         |
 * | `billingStatement:{id}`    | billingStatement.created                                                                                      |
 * | none                       | balance.updated (`{accountID, walletID}` only: "re-read the balance"; any order leaves the receiver's last     |
 * |                            | read the same, and one hot wallet must not make every transfer's balance events wait in line)                 |
 *
 * An account's onboarding (its capabilities, representatives, bank accounts,
 * payment methods and wallets) is one line, because those events are
 * consequences of one another (a representative's change updates a
 * capability, a capability brings a wallet and a payment method) and few. A
 * transfer's status changes and what hangs on them (its cancellation, refunds
 * and disputes) are another. The money path's wallet transactions are keyed by
 * the transaction, not the wallet, for the same reason balance.updated has no
 * key: a platform's one wallet takes part in nearly every transfer.
 */

type KeyOf = { [T in MoovEventType]: (data: EventData<T>) => string | null };

/** `name:id`, or `''` (one line per webhook, the strictest order) when the ID is missing from the data. */
function key(name: string, id: unknown): string {
  return typeof id === 'string' && id !== '' ? `${name}:${id}` : '';
}
const account = (data: { accountID: string }) => key('account', data.accountID);
const transfer = (data: { transferID: string }) => key('transfer', data.transferID);

export const EVENT_RESOURCE_KEYS: KeyOf = {
  'account.created': account,
  'account.updated': account,
  'account.disconnected': account,
  'capability.requested': account,
  'capability.updated': account,
  'representative.created': account,
  'representative.updated': account,
  'representative.deleted': account,
  'bankAccount.created': account,
  'bankAccount.updated': account,
  'bankAccount.deleted': account,
  'paymentMethod.enabled': account,
  'paymentMethod.disabled': account,
  'wallet.created': account,
  'wallet.updated': account,
  'card.autoUpdated': account,
  'networkID.updated': account,
  'invoice.created': account,
  'invoice.updated': account,
  'ticket.created': account,
  'ticket.updated': account,
  'ticket.messageAdded': account,
  'transfer.created': transfer,
  'transfer.updated': transfer,
  'cancellation.created': transfer,
  'cancellation.updated': transfer,
  'refund.created': transfer,
  'refund.updated': transfer,
  'dispute.created': transfer,
  'dispute.updated': transfer,
  'walletTransaction.updated': (data) => key('walletTransaction', data.transactionID),
  'balance.updated': () => null,
  'sweep.created': (data) => key('sweep', data.sweepID),
  'sweep.updated': (data) => key('sweep', data.sweepID),
  'terminalApplication.created': (data) => key('terminalApplication', data.terminalApplicationID),
  'terminalApplication.updated': (data) => key('terminalApplication', data.terminalApplicationID),
  'billingStatement.created': (data) => key('billingStatement', data.statementID),
};

/**
 * The order key of an event of `type` with `data` (the table above). A type
 * outside the table, or data without the ID its key needs, answers `''`: one
 * line per webhook, the strictest order, never a looser one by mistake.
 */
export function eventResourceKey(type: string, data: unknown): string | null {
  const keyOf = (EVENT_RESOURCE_KEYS as Record<string, ((data: never) => string | null) | undefined>)[type];
  if (keyOf === undefined || typeof data !== 'object' || data === null) return '';
  return keyOf(data as never);
}
