import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from '@moovio/sdk/models/components/index.js';
import { EMITTED_EVENT_TYPES, EVENT_DATA, INTERNAL_EVENT_TYPES, isDeliverableEventType, PAYMENT_METHOD_TYPE_IDS, type EventData, type MoovEventType } from '@railyard/contract';
import { listEventsAfter, MAX_EVENTS_PER_READ } from '../../src/store/repos/events.ts';
import { recordEvent } from '../../src/kernel/events.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { business, completeIndividual, create, individual, manualTerms } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { fanOutNow } from '../support/events.ts';
import { accountPayload, cardBody, PUSH_PULL_VISA } from '../support/sources.ts';
import { bankAccountPath } from '../support/bank-accounts.ts';
import { advance, assertLedgerOk, methodTransferBody as body, postTransfer, walletParty, type WalletParty } from '../support/transfers.ts';
import { bankMethod, bankParty, cardMethod, moneyWallet } from '../support/parties.ts';

// Every event type the server writes, in the exact order and with the exact
// `data` of docs/api-behaviour.md §9.4 (SDK `webhookdata*.ts`), read back from
// the event log as webhook delivery reads it (`listEventsAfter`), while each
// resource goes through its changes. The last case parses every event written
// with the SDK's own schema for its type: what the official client would do
// with a delivery.

type Event = { [T in MoovEventType]: { type: T; data: EventData<T> } }[MoovEventType];
const ev = <T extends MoovEventType>(type: T, data: EventData<T>): Event => ({ type, data }) as Event;

/** The SDK's schema of each emitted type's `data`. */
const SDK_DATA: Record<(typeof EMITTED_EVENT_TYPES)[number], { parse(value: unknown): unknown }> = {
  'account.created': sdk.WebhookDataAccountCreated$inboundSchema,
  'account.updated': sdk.WebhookDataAccountUpdated$inboundSchema,
  'account.disconnected': sdk.WebhookDataAccountDisconnected$inboundSchema,
  'balance.updated': sdk.WebhookDataBalanceUpdated$inboundSchema,
  'bankAccount.created': sdk.WebhookDataBankAccountCreated$inboundSchema,
  'bankAccount.updated': sdk.WebhookDataBankAccountUpdated$inboundSchema,
  'bankAccount.deleted': sdk.WebhookDataBankAccountDeleted$inboundSchema,
  'cancellation.created': sdk.WebhookDataCancellationCreated$inboundSchema,
  'cancellation.updated': sdk.WebhookDataCancellationUpdated$inboundSchema,
  'capability.requested': sdk.WebhookDataCapabilityRequested$inboundSchema,
  'capability.updated': sdk.WebhookDataCapabilityUpdated$inboundSchema,
  'dispute.created': sdk.WebhookDataDisputeCreated$inboundSchema,
  'dispute.updated': sdk.WebhookDataDisputeUpdated$inboundSchema,
  'paymentMethod.enabled': sdk.WebhookDataPaymentMethodEnabled$inboundSchema,
  'paymentMethod.disabled': sdk.WebhookDataPaymentMethodDisabled$inboundSchema,
  'refund.created': sdk.WebhookDataRefundCreated$inboundSchema,
  'refund.updated': sdk.WebhookDataRefundUpdated$inboundSchema,
  'representative.created': sdk.WebhookDataRepresentativeCreated$inboundSchema,
  'representative.updated': sdk.WebhookDataRepresentativeUpdated$inboundSchema,
  // Moov's model of representative.deleted's data is named WebhookDataRepresentativeDisabled.
  'representative.deleted': sdk.WebhookDataRepresentativeDisabled$inboundSchema,
  'transfer.created': sdk.WebhookDataTransferCreated$inboundSchema,
  'transfer.updated': sdk.WebhookDataTransferUpdated$inboundSchema,
  'wallet.created': sdk.WebhookDataWalletCreated$inboundSchema,
  'wallet.updated': sdk.WebhookDataWalletUpdated$inboundSchema,
  'walletTransaction.updated': sdk.WebhookDataWalletTransactionUpdated$inboundSchema,
};

for (const kind of await storeKinds()) {
  describe(`event sequences (${kind})`, () => {
    // Platform time moves only when a case advances it: every rail step happens exactly when asked.
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    let seen = 0;
    /** The first platform's events written since the last call, oldest first, as webhook delivery reads them. */
    async function events(): Promise<Array<{ type: string; data: unknown }>> {
      const rows = await s.testStore.store.read((sql) => listEventsAfter(sql, s.platform.accountID, seen, MAX_EVENTS_PER_READ));
      if (rows.length > 0) seen = Number(rows[rows.length - 1]!.event_seq);
      return rows.map((row) => ({ type: row.event_type, data: JSON.parse(row.data) as unknown }));
    }
    /** Asserts the events written since the last call are exactly `expected`. */
    async function expectEvents(expected: Event[], message?: string): Promise<void> {
      assert.deepEqual(await events(), expected, message);
    }

    const v2026 = (method: string, path: string, json?: unknown) => s.request(method, path, { headers: V2026, ...(json !== undefined ? { body: json } : {}) });
    /** Payment method IDs of a source by type, in the order their events are written (PAYMENT_METHOD_TYPE_IDS). */
    async function methodsOf(accountID: string, sourceID: string): Promise<Record<string, string>> {
      const listed = await v2026('GET', `/accounts/${accountID}/payment-methods`);
      const found: Array<[string, string]> = [];
      for (const m of listed.json as any[]) {
        if ((m.wallet?.walletID ?? m.bankAccount?.bankAccountID ?? m.card?.cardID) === sourceID) found.push([m.paymentMethodType, m.paymentMethodID]);
      }
      const rank = (type: string) => (PAYMENT_METHOD_TYPE_IDS as readonly string[]).indexOf(type);
      return Object.fromEntries(found.sort(([a], [b]) => rank(a) - rank(b)));
    }
    /** The transaction of a transfer in a wallet (GET answers what the event announced). */
    async function transactionOf(party: { accountID: string; walletID: string }, transferID: string): Promise<any> {
      const listed = await v2026('GET', `/accounts/${party.accountID}/wallets/${party.walletID}/transactions?sourceID=${transferID}`);
      assert.equal(listed.json.length, 1, listed.text);
      return listed.json[0];
    }
    const enabled = (accountID: string, sourceID: string, paymentMethodID: string) => ev('paymentMethod.enabled', { paymentMethodID, accountID, sourceID });
    const disabled = (accountID: string, sourceID: string, paymentMethodID: string) => ev('paymentMethod.disabled', { paymentMethodID, accountID, sourceID });
    const usd = (cents: number) => ({ currency: 'USD', value: cents, valueDecimal: (cents / 100).toFixed(2) });
    const platformID = () => s.platform.accountID;
    /** `transfer.updated` with the parties of a transfer. */
    const updated = (t: { transferID: string; source: [string, string]; destination: [string, string] }, status: EventData<'transfer.updated'>['status']) =>
      ev('transfer.updated', {
        accountID: platformID(),
        transferID: t.transferID,
        status,
        source: { accountID: t.source[0], paymentMethodID: t.source[1] },
        destination: { accountID: t.destination[0], paymentMethodID: t.destination[1] },
      });
    const createdEvent = (transferID: string, foreignID?: string) =>
      ev('transfer.created', { accountID: platformID(), transferID, status: 'created', ...(foreignID ? { foreignID } : {}) });
    async function transfer(request: unknown, parties: { source: [string, string]; destination: [string, string] }, options: { foreignID?: string } = {}) {
      const created = await postTransfer(s, options.foreignID ? { ...(request as object), foreignID: options.foreignID } : request);
      assert.equal(created.status, 200, created.text);
      return { transferID: created.json.transferID as string, ...parties };
    }

    it('accounts: created (with the capabilities asked for), updated, disconnected', async () => {
      await events();
      const plain = await create(s, individual({ foreignID: 'ev-plain' }));
      await expectEvents([ev('account.created', { accountID: plain.accountID, foreignID: 'ev-plain' })]);

      const patched = await v2026('PATCH', `/accounts/${plain.accountID}`, { metadata: { tier: 'gold' } });
      assert.equal(patched.status, 200, patched.text);
      await expectEvents([ev('account.updated', { accountID: plain.accountID, foreignID: 'ev-plain' })]);

      assert.equal((await s.request('DELETE', `/accounts/${plain.accountID}`)).status, 204);
      assert.equal((await s.request('DELETE', `/accounts/${plain.accountID}`)).status, 204);
      await expectEvents([ev('account.disconnected', { accountID: plain.accountID, foreignID: 'ev-plain' })], 'a second disconnect writes nothing');

      // Created with a capability whose requirements are met: requested, then enabled, with its wallet and payment method.
      const holder = await create(s, { ...completeIndividual(['wallet.balance']), foreignID: 'ev-holder' });
      const walletID = (await v2026('GET', `/accounts/${holder.accountID}/wallets`)).json[0].walletID as string;
      const pm = await methodsOf(holder.accountID, walletID);
      await expectEvents([
        ev('account.created', { accountID: holder.accountID, foreignID: 'ev-holder' }),
        ev('capability.requested', { accountID: holder.accountID, foreignID: 'ev-holder', capabilityID: 'wallet.balance' }),
        ev('capability.updated', { accountID: holder.accountID, foreignID: 'ev-holder', capabilityID: 'wallet.balance', status: 'enabled' }),
        ev('wallet.created', { accountID: holder.accountID, walletID }),
        enabled(holder.accountID, walletID, pm['moov-wallet']!),
      ]);
    });

    it('capabilities: requested, enabled, disabled, requested again; one left pending', async () => {
      const account = await create(s, completeIndividual([]));
      await events();
      const id = account.accountID as string;
      assert.equal((await v2026('POST', `/accounts/${id}/capabilities`, { capabilities: ['wallet.balance'] })).status, 200);
      const walletID = (await v2026('GET', `/accounts/${id}/wallets`)).json[0].walletID as string;
      const pmID = (await methodsOf(id, walletID))['moov-wallet']!;
      await expectEvents([
        ev('capability.requested', { accountID: id, capabilityID: 'wallet.balance' }),
        ev('capability.updated', { accountID: id, capabilityID: 'wallet.balance', status: 'enabled' }),
        ev('wallet.created', { accountID: id, walletID }),
        enabled(id, walletID, pmID),
      ]);

      assert.equal((await v2026('DELETE', `/accounts/${id}/capabilities/wallet.balance`)).status, 204);
      assert.equal((await v2026('DELETE', `/accounts/${id}/capabilities/wallet.balance`)).status, 204);
      await expectEvents([ev('capability.updated', { accountID: id, capabilityID: 'wallet.balance', status: 'disabled' }), disabled(id, walletID, pmID)]);

      assert.equal((await v2026('POST', `/accounts/${id}/capabilities`, { capabilities: ['wallet.balance'] })).status, 200);
      await expectEvents([
        ev('capability.requested', { accountID: id, capabilityID: 'wallet.balance' }),
        ev('capability.updated', { accountID: id, capabilityID: 'wallet.balance', status: 'enabled' }),
        enabled(id, walletID, pmID),
      ]);

      // An account that has not given what send-funds needs: requested, and it stays pending (no update).
      const bare = await create(s, individual());
      await events();
      assert.equal((await v2026('POST', `/accounts/${bare.accountID}/capabilities`, { capabilities: ['send-funds'] })).status, 200);
      await expectEvents([ev('capability.requested', { accountID: bare.accountID, capabilityID: 'send-funds' })]);
    });

    it('wallets: created, updated, closed', async () => {
      const owner = await walletParty(s);
      await events();
      const made = await v2026('POST', `/accounts/${owner.accountID}/wallets`, { name: 'Savings' });
      assert.equal(made.status, 200, made.text);
      const walletID = made.json.walletID as string;
      const pm = await methodsOf(owner.accountID, walletID);
      await expectEvents([ev('wallet.created', { accountID: owner.accountID, walletID }), ...Object.values(pm).map((id) => enabled(owner.accountID, walletID, id))]);

      assert.equal((await v2026('PATCH', `/accounts/${owner.accountID}/wallets/${walletID}`, { name: 'Rainy day' })).status, 200);
      await expectEvents([ev('wallet.updated', { accountID: owner.accountID, walletID, status: 'active' })]);

      assert.equal((await v2026('PATCH', `/accounts/${owner.accountID}/wallets/${walletID}`, { status: 'closed' })).status, 200);
      await expectEvents([ev('wallet.updated', { accountID: owner.accountID, walletID, status: 'closed' }), ...Object.values(pm).map((id) => disabled(owner.accountID, walletID, id))]);
    });

    // The wallet the ACH funding case fills and the later transfer cases spend.
    let funded: WalletParty & { bankAccountID: string };
    const FUNDING = 50_000;

    it('bank account linked and verified; ACH debit funding step by step; errored by an ACH return; deleted', async () => {
      const account = await create(s, completeIndividual(['wallet.balance', 'send-funds', 'collect-funds']));
      const id = account.accountID as string;
      const walletID = (await v2026('GET', `/accounts/${id}/wallets`)).json[0].walletID as string;
      const walletPM = (await methodsOf(id, walletID))['moov-wallet']!;
      await events();

      const linked = await v2026('POST', `/accounts/${id}/bank-accounts`, accountPayload());
      assert.equal(linked.status, 200, linked.text);
      const bankAccountID = linked.json.bankAccountID as string;
      const before = await methodsOf(id, bankAccountID);
      await expectEvents([
        ev('bankAccount.created', { bankAccountID, accountID: id, status: 'new' }),
        ...Object.values(before).map((pm) => enabled(id, bankAccountID, pm)),
      ]);

      assert.equal((await v2026('POST', bankAccountPath(id, bankAccountID, '/micro-deposits'))).status, 204);
      await expectEvents([ev('bankAccount.updated', { bankAccountID, accountID: id, status: 'pending', statusReason: 'verification-initiated' })]);
      assert.equal((await v2026('PUT', bankAccountPath(id, bankAccountID, '/micro-deposits'), { amounts: [0, 0] })).status, 200);
      const verifiedPMs = await methodsOf(id, bankAccountID);
      const added = Object.entries(verifiedPMs).filter(([type]) => !(type in before));
      assert.ok(added.some(([type]) => type === 'ach-debit-fund'), JSON.stringify(verifiedPMs));
      await expectEvents([
        ev('bankAccount.updated', { bankAccountID, accountID: id, status: 'verified', statusReason: 'verification-successful' }),
        ...added.map(([, pm]) => enabled(id, bankAccountID, pm)),
      ]);

      // ACH debit funding: bank account → wallet, each rail step on the platform clock.
      const debitPM = verifiedPMs['ach-debit-fund']!;
      const funding = await transfer(body(debitPM, walletPM, FUNDING), { source: [id, debitPM], destination: [id, walletPM] }, { foreignID: 'ev-funding' });
      const withForeign = (e: Event): Event => (e.type === 'transfer.updated' ? ({ ...e, data: { ...e.data, foreignID: 'ev-funding' } } as Event) : e);
      await expectEvents([createdEvent(funding.transferID, 'ev-funding'), withForeign(updated(funding, 'source.initiated')), withForeign(updated(funding, 'pending'))]);
      await advance(s, { seconds: 1 });
      await expectEvents([withForeign(updated(funding, 'source.originated'))]);
      // Fast pacing: settled 2 s after origination, available after the default 2-days hold (2 s more).
      await advance(s, { seconds: 2 });
      await expectEvents([], 'settled but still held: no event');
      await advance(s, { seconds: 2 });
      const credit = await transactionOf({ accountID: id, walletID }, funding.transferID);
      assert.equal(credit.status, 'completed');
      await expectEvents([
        withForeign(updated(funding, 'source.completed')),
        withForeign(updated(funding, 'completed')),
        ev('walletTransaction.updated', { accountID: id, walletID, transactionID: credit.transactionID, status: 'completed', availableBalance: usd(FUNDING) }),
        ev('balance.updated', { accountID: id, walletID }),
      ]);
      assert.equal(credit.availableBalance, FUNDING);

      // $55.02: R02 (account closed) during clearing: the transfer fails, the bank account is errored and loses its methods.
      const returned = await transfer(body(debitPM, walletPM, 5_502), { source: [id, debitPM], destination: [id, walletPM] });
      await advance(s, { seconds: 1 });
      // A clearing return arrives when the leg would have settled.
      await advance(s, { seconds: 2 });
      const left = await methodsOf(id, bankAccountID);
      const gone = Object.entries(verifiedPMs).filter(([type]) => !(type in left));
      assert.ok(gone.length > 0);
      await expectEvents([
        createdEvent(returned.transferID),
        updated(returned, 'source.initiated'),
        updated(returned, 'pending'),
        updated(returned, 'source.originated'),
        updated(returned, 'source.returned'),
        updated(returned, 'failed'),
        ev('bankAccount.updated', {
          bankAccountID,
          accountID: id,
          status: 'errored',
          statusReason: 'ach-debit-return',
          exceptionDetails: { achReturnCode: 'R02', description: 'Previously active account has been closed by customer or RDFI' },
        }),
        ...gone.map(([, pm]) => disabled(id, bankAccountID, pm)),
      ]);

      assert.equal((await v2026('DELETE', bankAccountPath(id, bankAccountID))).status, 204);
      await expectEvents([ev('bankAccount.deleted', { bankAccountID, accountID: id }), ...Object.values(left).map((pm) => disabled(id, bankAccountID, pm))]);
      funded = { accountID: id, walletID, paymentMethodID: walletPM, bankAccountID };
      await assertLedgerOk(s);
    });

    it('wallet → wallet: completed at once; both wallets’ transactions and balances', async () => {
      const payee = await walletParty(s);
      await events();
      const t = await transfer(body(funded.paymentMethodID, payee.paymentMethodID, 1_200), {
        source: [funded.accountID, funded.paymentMethodID],
        destination: [payee.accountID, payee.paymentMethodID],
      });
      const out = await transactionOf(funded, t.transferID);
      const into = await transactionOf(payee, t.transferID);
      await expectEvents([
        createdEvent(t.transferID),
        updated(t, 'completed'),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID: out.transactionID, status: 'completed', availableBalance: usd(FUNDING - 1_200) }),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
        ev('walletTransaction.updated', { accountID: payee.accountID, walletID: payee.walletID, transactionID: into.transactionID, status: 'completed', availableBalance: usd(1_200) }),
        ev('balance.updated', { accountID: payee.accountID, walletID: payee.walletID }),
      ]);
      assert.equal(out.transactionID, into.transactionID, 'one ledger entry moved both');

      // A transfer the wallet cannot pay fails and moves nothing: no wallet events.
      const broke = await transfer(body(payee.paymentMethodID, funded.paymentMethodID, 999_999), {
        source: [payee.accountID, payee.paymentMethodID],
        destination: [funded.accountID, funded.paymentMethodID],
      });
      await expectEvents([createdEvent(broke.transferID), updated(broke, 'failed')]);
    });

    let walletBalance = 0;
    it('ACH credit from a wallet: held, then canceled (cancellation events, the hold released)', async () => {
      walletBalance = FUNDING - 1_200;
      const payee = await bankParty(s, { verified: false });
      await events();
      const creditPM = payee.methods['ach-credit-standard']!;
      const t = await transfer(body(funded.paymentMethodID, creditPM, 2_500), { source: [funded.accountID, funded.paymentMethodID], destination: [payee.accountID, creditPM] });
      const held = await transactionOf(funded, t.transferID);
      assert.equal(held.status, 'pending');
      await expectEvents([
        createdEvent(t.transferID),
        updated(t, 'destination.initiated'),
        updated(t, 'pending'),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID: held.transactionID, status: 'pending' }),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
      ]);

      const canceled = await v2026('POST', `/accounts/${platformID()}/transfers/${t.transferID}/cancellations`);
      assert.equal(canceled.status, 200, canceled.text);
      const cancellationID = canceled.json.cancellationID as string;
      await expectEvents([
        ev('cancellation.created', { cancellationID, transferID: t.transferID, status: 'pending' }),
        // No `destination.canceled`: the SDK has no such status (docs/api-behaviour.md §6.3).
        updated(t, 'canceled'),
        ev('cancellation.updated', { cancellationID, transferID: t.transferID, status: 'completed' }),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID: held.transactionID, status: 'canceled' }),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
      ]);
      assert.equal((await transactionOf(funded, t.transferID)).status, 'canceled');
    });

    it('ACH credit from a wallet: originated, completed, then returned (R03) after completion', async () => {
      const payee = await bankParty(s, { verified: false });
      const payeeMethods = await methodsOf(payee.accountID, payee.bankAccountID);
      await events();
      const creditPM = payee.methods['ach-credit-standard']!;
      const t = await transfer(body(funded.paymentMethodID, creditPM, 5_503), { source: [funded.accountID, funded.paymentMethodID], destination: [payee.accountID, creditPM] });
      const transactionID = (await transactionOf(funded, t.transferID)).transactionID as string;
      const walletTransaction = (status: 'pending' | 'completed', availableBalance?: number) =>
        ev('walletTransaction.updated', {
          accountID: funded.accountID,
          walletID: funded.walletID,
          transactionID,
          status,
          ...(availableBalance !== undefined ? { availableBalance: usd(availableBalance) } : {}),
        });
      await expectEvents([
        createdEvent(t.transferID),
        updated(t, 'destination.initiated'),
        updated(t, 'pending'),
        walletTransaction('pending'),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
      ]);
      await advance(s, { seconds: 1 });
      await expectEvents([updated(t, 'destination.originated')]);
      await advance(s, { seconds: 2 });
      // The hold is paid out: the transaction completes; the available balance already went down at the hold.
      await expectEvents([updated(t, 'destination.completed'), updated(t, 'completed'), walletTransaction('completed', walletBalance - 5_503)]);
      await advance(s, { seconds: 1 });
      // The money comes back as its own `ach-reversal` transaction of the transfer (docs/refunds.md "ACH returns").
      const reversal = (await v2026('GET', `/accounts/${funded.accountID}/wallets/${funded.walletID}/transactions?transactionType=ach-reversal&sourceID=${t.transferID}`)).json[0];
      assert.equal(reversal.netAmount, 5_503);
      await expectEvents([
        updated(t, 'destination.returned'),
        updated(t, 'reversed'),
        ev('bankAccount.updated', {
          bankAccountID: payee.bankAccountID,
          accountID: payee.accountID,
          status: 'errored',
          statusReason: 'ach-credit-return',
          exceptionDetails: { achReturnCode: 'R03', description: 'Account number structure is valid, but does not match individual or open account' },
        }),
        ...Object.values(payeeMethods).map((pm) => disabled(payee.accountID, payee.bankAccountID, pm)),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID: reversal.transactionID, status: 'completed', availableBalance: usd(walletBalance) }),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
      ]);
      await assertLedgerOk(s);
    });

    it('card payment into a wallet: initiated, confirmed, settled, completed; then partly refunded', async () => {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      await events();
      const t = await transfer(body(card.paymentMethodID, merchant.paymentMethodID, 3_000), {
        source: [card.accountID, card.paymentMethodID],
        destination: [merchant.accountID, merchant.paymentMethodID],
      });
      await expectEvents([createdEvent(t.transferID), updated(t, 'source.initiated'), updated(t, 'pending'), updated(t, 'source.confirmed')]);
      await advance(s, { seconds: 1 });
      await expectEvents([updated(t, 'source.settled')]);
      await advance(s, { seconds: 1 });
      const credit = await transactionOf(merchant, t.transferID);
      await expectEvents([
        updated(t, 'source.completed'),
        updated(t, 'completed'),
        ev('walletTransaction.updated', { accountID: merchant.accountID, walletID: merchant.walletID, transactionID: credit.transactionID, status: 'completed', availableBalance: usd(3_000) }),
        ev('balance.updated', { accountID: merchant.accountID, walletID: merchant.walletID }),
      ]);

      // A partial refund (docs/refunds.md): created, confirmed by the network at once, the wallet debited; completed 2 s later.
      const refund = await s.request('POST', `/accounts/${platformID()}/transfers/${t.transferID}/refunds`, {
        headers: { ...V2026, 'x-idempotency-key': crypto.randomUUID() },
        body: { amount: 1_000 },
      });
      assert.equal(refund.status, 200, refund.text);
      const refundID = refund.json.refundID as string;
      const refundTx = (await v2026('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions?transactionType=refund`)).json[0];
      await expectEvents([
        ev('refund.created', { accountID: platformID(), transferID: t.transferID, refundID }),
        ev('refund.updated', { accountID: platformID(), transferID: t.transferID, refundID, status: 'pending' }),
        ev('walletTransaction.updated', { accountID: merchant.accountID, walletID: merchant.walletID, transactionID: refundTx.transactionID, status: 'completed', availableBalance: usd(2_000) }),
        ev('balance.updated', { accountID: merchant.accountID, walletID: merchant.walletID }),
      ]);
      await advance(s, { seconds: 1 });
      await expectEvents([]);
      await advance(s, { seconds: 1 });
      await expectEvents([ev('refund.updated', { accountID: platformID(), transferID: t.transferID, refundID, status: 'completed' })]);
    });

    it('push to card from a wallet: held, then completed', async () => {
      const card = await cardMethod(s, 'push-to-card', { cardNumber: PUSH_PULL_VISA });
      await events();
      const t = await transfer(body(funded.paymentMethodID, card.paymentMethodID, 700), {
        source: [funded.accountID, funded.paymentMethodID],
        destination: [card.accountID, card.paymentMethodID],
      });
      const transactionID = (await transactionOf(funded, t.transferID)).transactionID as string;
      await expectEvents([
        createdEvent(t.transferID),
        updated(t, 'destination.initiated'),
        updated(t, 'pending'),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID, status: 'pending' }),
        ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID }),
      ]);
      walletBalance -= 700;
      await advance(s, { seconds: 2 });
      await expectEvents([
        updated(t, 'destination.completed'),
        updated(t, 'completed'),
        ev('walletTransaction.updated', { accountID: funded.accountID, walletID: funded.walletID, transactionID, status: 'completed', availableBalance: usd(walletBalance) }),
      ]);
    });

    it('RTP credits: completed at once; accepted without posting; refused (AC03) with the hold released and the bank account errored', async () => {
      const walletEvents = (transactionID: string, status: 'completed' | 'canceled', moved: boolean) => [
        ev('walletTransaction.updated', {
          accountID: funded.accountID,
          walletID: funded.walletID,
          transactionID,
          status,
          ...(status === 'completed' ? { availableBalance: usd(walletBalance) } : {}),
        }),
        ...(moved ? [ev('balance.updated', { accountID: funded.accountID, walletID: funded.walletID })] : []),
      ];
      const bank = await bankMethod(s, 'rtp-credit');
      await events();
      const paid = await transfer(body(funded.paymentMethodID, bank.paymentMethodID, 4_000), { source: [funded.accountID, funded.paymentMethodID], destination: [bank.accountID, bank.paymentMethodID] });
      walletBalance -= 4_000;
      await expectEvents([
        createdEvent(paid.transferID),
        updated(paid, 'destination.initiated'),
        updated(paid, 'pending'),
        updated(paid, 'destination.completed'),
        updated(paid, 'completed'),
        ...walletEvents((await transactionOf(funded, paid.transferID)).transactionID, 'completed', true),
      ]);

      const parked = await transfer(body(funded.paymentMethodID, bank.paymentMethodID, 7_711), { source: [funded.accountID, funded.paymentMethodID], destination: [bank.accountID, bank.paymentMethodID] });
      walletBalance -= 7_711;
      await expectEvents([
        createdEvent(parked.transferID),
        updated(parked, 'destination.initiated'),
        updated(parked, 'pending'),
        updated(parked, 'destination.accepted-without-posting'),
        updated(parked, 'completed'),
        ...walletEvents((await transactionOf(funded, parked.transferID)).transactionID, 'completed', true),
      ]);

      // Held and released in the same unit of work: the balance ends where it started (no balance.updated); the transaction shows canceled.
      const bankMethods = await methodsOf(bank.accountID, bank.sourceID);
      const refused = await transfer(body(funded.paymentMethodID, bank.paymentMethodID, 7_701), { source: [funded.accountID, funded.paymentMethodID], destination: [bank.accountID, bank.paymentMethodID] });
      await expectEvents([
        createdEvent(refused.transferID),
        updated(refused, 'destination.initiated'),
        updated(refused, 'pending'),
        updated(refused, 'destination.failed'),
        updated(refused, 'failed'),
        ev('bankAccount.updated', {
          bankAccountID: bank.sourceID,
          accountID: bank.accountID,
          status: 'errored',
          statusReason: 'rtp-credit-failure',
          exceptionDetails: { rtpRejectionCode: 'AC03', description: 'RTP credit rejected: invalid-account' },
        }),
        ...Object.values(bankMethods).map((pm) => disabled(bank.accountID, bank.sourceID, pm)),
        ...walletEvents((await transactionOf(funded, refused.transferID)).transactionID, 'canceled', false),
      ]);
      await assertLedgerOk(s);
    });

    it('cards: linked, updated, disabled (only payment method events: the SDK has no card.created; no updater, so no card.autoUpdated)', async () => {
      const account = await create(s, completeIndividual(['money-transfer.pull-from-card', 'money-transfer.push-to-card']));
      const id = account.accountID as string;
      await events();
      const linked = await v2026('POST', `/accounts/${id}/cards`, cardBody({ cardNumber: PUSH_PULL_VISA }));
      assert.equal(linked.status, 200, linked.text);
      const cardID = linked.json.cardID as string;
      const pm = await methodsOf(id, cardID);
      assert.deepEqual(Object.keys(pm), ['card-payment', 'push-to-card', 'pull-from-card']);
      await expectEvents(Object.values(pm).map((pmID) => enabled(id, cardID, pmID)));

      assert.equal((await v2026('PATCH', `/accounts/${id}/cards/${cardID}`, { cardOnFile: true })).status, 200);
      await expectEvents([], 'an update that keeps the same payment methods writes nothing');

      assert.equal((await v2026('DELETE', `/accounts/${id}/cards/${cardID}`)).status, 204);
      await expectEvents(Object.values(pm).map((pmID) => disabled(id, cardID, pmID)));
    });

    it('a disputed card payment: the chargeback opens the dispute (its wallet debit), evidence submitted, won (money back)', async () => {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      // $66.01 is the sandbox's chargeback trigger (docs/sandbox.md "Disputes"); the notice arrives 5 s after completion.
      const t = await transfer(body(card.paymentMethodID, merchant.paymentMethodID, 66_01), {
        source: [card.accountID, card.paymentMethodID],
        destination: [merchant.accountID, merchant.paymentMethodID],
      });
      await advance(s, { seconds: 2 });
      await events();
      await advance(s, { seconds: 5 });
      const disputeID = (await v2026('GET', `/accounts/${platformID()}/disputes?transferIDs=${t.transferID}`)).json[0].disputeID as string;
      const transactions = (await v2026('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions?sourceID=${disputeID}`)).json as any[];
      const debit = transactions.find((tx) => tx.transactionType === 'dispute');
      const data = (status: 'response-needed' | 'under-review' | 'won') =>
        ({ accountID: merchant.accountID, transferID: t.transferID, transactionID: debit.transactionID, disputeID, status, phase: 'chargeback' }) as const;
      await expectEvents([
        ev('dispute.created', data('response-needed')),
        ev('walletTransaction.updated', { accountID: merchant.accountID, walletID: merchant.walletID, transactionID: debit.transactionID, status: 'completed', availableBalance: usd(0) }),
        ev('balance.updated', { accountID: merchant.accountID, walletID: merchant.walletID }),
      ]);
      assert.equal((await v2026('POST', `/accounts/${platformID()}/disputes/${disputeID}/evidence-text`, { text: 'Delivered.', evidenceType: 'proof-of-delivery' })).status, 201);
      await expectEvents([], 'evidence writes no event');
      assert.equal((await v2026('POST', `/accounts/${platformID()}/disputes/${disputeID}/evidence/submit`)).status, 200);
      await expectEvents([ev('dispute.updated', data('under-review'))]);
      await advance(s, { seconds: 5 });
      const reversal = (await v2026('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions?transactionType=dispute-reversal`)).json[0];
      await expectEvents([
        ev('dispute.updated', data('won')),
        ev('walletTransaction.updated', { accountID: merchant.accountID, walletID: merchant.walletID, transactionID: reversal.transactionID, status: 'completed', availableBalance: usd(66_01) }),
        ev('balance.updated', { accountID: merchant.accountID, walletID: merchant.walletID }),
      ]);
      await assertLedgerOk(s);
    });

    it('representatives: created, updated, deleted, each followed by the capability change it causes', async () => {
      const company = await create(s, business({ termsOfService: manualTerms(), capabilities: ['collect-funds.ach'] }, {
        businessType: 'llc',
        phone: { number: '3035551234', countryCode: '1' },
        address: { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
        taxID: { ein: { number: '12-3456789' } },
        website: 'https://ev.example.com',
      }));
      const id = company.accountID as string;
      assert.equal((await v2026('PATCH', `/accounts/${id}`, { profile: { business: { ownersProvided: true } } })).status, 200);
      const underwriting = await v2026('POST', `/accounts/${id}/underwriting`, {
        geographicReach: 'us-only',
        businessPresence: 'home-based',
        collectFunds: { ach: { estimatedActivity: { averageTransactionAmount: 100, maximumTransactionAmount: 1_000, monthlyVolumeRange: 'under-10k' } } },
      });
      assert.equal(underwriting.status, 200, underwriting.text);
      await events();
      const created = await v2026('POST', `/accounts/${id}/representatives`, {
        name: { firstName: 'Eve', lastName: 'Ng' },
        email: 'eve@ev.example.com',
        address: { addressLine1: '1 Pine St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
        birthDate: { day: 2, month: 3, year: 1975 },
        governmentID: { ssn: { full: '123-45-6789' } },
        responsibilities: { isController: true, isOwner: false },
      });
      assert.equal(created.status, 200, created.text);
      const representativeID = created.json.representativeID as string;
      await expectEvents([ev('representative.created', { accountID: id, representativeID })], 'the job title is still due: no capability moves');
      assert.equal((await v2026('PATCH', `/accounts/${id}/representatives/${representativeID}`, { responsibilities: { jobTitle: 'CEO' } })).status, 200);
      const walletID = (await v2026('GET', `/accounts/${id}/wallets`)).json[0].walletID as string;
      const walletPM = (await methodsOf(id, walletID))['moov-wallet']!;
      await expectEvents([
        ev('representative.updated', { accountID: id, representativeID }),
        ev('capability.updated', { accountID: id, capabilityID: 'collect-funds.ach', status: 'enabled' }),
        ev('capability.requested', { accountID: id, capabilityID: 'wallet.balance' }),
        ev('capability.updated', { accountID: id, capabilityID: 'wallet.balance', status: 'enabled' }),
        ev('wallet.created', { accountID: id, walletID }),
        enabled(id, walletID, walletPM),
      ]);
      assert.equal((await v2026('DELETE', `/accounts/${id}/representatives/${representativeID}`)).status, 204);
      await expectEvents([
        ev('representative.deleted', { accountID: id, representativeID }),
        ev('capability.updated', { accountID: id, capabilityID: 'collect-funds.ach', status: 'pending' }),
      ]);
    });

    it('every event written parses with the SDK’s schema for its type, to the same data; every emitted type was written', async () => {
      const written = new Set<string>();
      for (const platform of [s.platform.accountID, s.otherPlatform.accountID]) {
        const rows = await s.testStore.store.read((sql) => listEventsAfter(sql, platform, 0, MAX_EVENTS_PER_READ));
        assert.ok(rows.length < MAX_EVENTS_PER_READ, 'one read holds them all');
        for (const row of rows) {
          const data = JSON.parse(row.data) as Record<string, unknown>;
          const where = `${row.event_type} ${row.data}`;
          if ((INTERNAL_EVENT_TYPES as readonly string[]).includes(row.event_type)) {
            assert.ok(!isDeliverableEventType(row.event_type), where);
            continue;
          }
          assert.ok((EMITTED_EVENT_TYPES as readonly string[]).includes(row.event_type), `not an emitted type: ${where}`);
          const type = row.event_type as (typeof EMITTED_EVENT_TYPES)[number];
          written.add(type);
          const parsed = SDK_DATA[type].parse(data) as Record<string, unknown>;
          // The SDK keeps the fields it knows: all of ours but bankAccount.created's `status` (Moov's Go client and §9.4 carry it).
          const { status: _status, ...withoutStatus } = data;
          assert.deepEqual(parsed, type === 'bankAccount.created' ? withoutStatus : data, where);
          // The contract's schema is exact: no field it does not know.
          EVENT_DATA[type].strict().parse(data);
          // The whole delivery body, as the SDK reads a webhook.
          sdk.WebhookEvent$inboundSchema.parse({ eventID: row.event_id, type: row.event_type, data, createdOn: row.created_on });
        }
      }
      assert.deepEqual([...EMITTED_EVENT_TYPES].filter((type) => !written.has(type)), []);
    });

    it('a webhook subscribed to * gets Moov’s types, never Railyard’s own receipt.sent', async () => {
      const hook = await v2026('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks', status: 'enabled', eventTypes: ['*'], description: '' });
      assert.equal(hook.status, 201, hook.text);
      await events();
      await s.testStore.store.write(async (sql) => {
        const clock = await s.services.platformClock.view(sql, platformID());
        await recordEvent(sql, clock, platformID(), 'receipt.sent', { receiptID: 'r' });
        await recordEvent(sql, clock, platformID(), 'account.updated', { accountID: 'a' });
      });
      await fanOutNow(s.testStore.store);
      const written = await s.testStore.store.read((sql) => listEventsAfter(sql, platformID(), 0, MAX_EVENTS_PER_READ));
      const deliveries = async (type: string) => {
        const row = written.filter((e) => e.event_type === type).at(-1)!;
        return (await s.testStore.store.read((sql) => sql.all('SELECT webhook_id FROM webhook_deliveries WHERE event_id = ?', [row.event_id]))).length;
      };
      assert.equal(await deliveries('receipt.sent'), 0);
      assert.equal(await deliveries('account.updated'), 1);
    });
  });
}
