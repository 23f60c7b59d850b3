import type { Clock } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import { moveFunds, postEntry } from '../../../../ledger/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { noteWalletPostings } from '../../../wallets/movement-events.ts';
import { credits, ledgerAccountOf, posting, reference, walletOf } from '../ledger-steps.ts';

/**
 * The card rail's own ledger entries (docs/ledger.md "How a transfer will
 * post"), with the rails' shared signature `(sql, clock, transfer)`:
 *
 * - pull / card payment: `card-network → rail-clearing(card)` at authorization,
 *   `rail-clearing(card) → wallet (net) + fees` at completion;
 * - push to card: the shared steps (../ledger-steps.ts) hold the source wallet
 *   at creation, settle the hold to the `card` ledger account that mirrors the
 *   receiving card at completion, or release it when the network refuses.
 */

const network = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'card-network', 'card-network');
const clearing = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'rail-clearing', 'card');

/** Authorization of a pull: the network owes the money, which waits in the card rail's clearing account. */
export async function postAuthorization(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const from = await network(sql, clock, transfer);
  const to = await clearing(sql, clock, transfer);
  await moveFunds(sql, { ...reference(transfer, 'authorize'), fromLedgerAccountID: from, toLedgerAccountID: to, amount: transfer.amount, currency: transfer.currency }, clock);
}

/** A pull canceled before settlement: the authorization is reversed, clearing gives the money back to the network. */
export async function reverseAuthorization(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const to = await network(sql, clock, transfer);
  const from = await clearing(sql, clock, transfer);
  await moveFunds(sql, { ...reference(transfer, 'cancel'), fromLedgerAccountID: from, toLedgerAccountID: to, amount: transfer.amount, currency: transfer.currency }, clock);
}

/** Completion of a pull: the clearing account pays the merchant wallet and the platform's fee. */
export async function creditMerchantWallet(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const from = await clearing(sql, clock, transfer);
  const wallet = await walletOf(sql, transfer, 'destination');
  const postings = [
    posting(transfer, from, -transfer.amount),
    ...(await credits(sql, clock, transfer, wallet.ledger_account_id)).map((c) => posting(transfer, c.ledgerAccountID, c.amount)),
  ];
  const credited = await postEntry(sql, { postings, ...reference(transfer, 'complete') }, clock);
  await noteWalletPostings(sql, clock, credited, [wallet]);
}
