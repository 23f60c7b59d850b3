import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { addText, advance, balance, disputedPayment, disputeEvents, disputePath, getDispute, getTransfer, listDisputes, V2026, walletTransactions } from './helpers.ts';
import { assertLedgerOk, postTransfer, transferBody, v2024TransferValidator, walletParty } from '../support/transfers.ts';

// A dispute's whole life on the platform clock (docs/disputes.md): a card
// payment of a trigger amount completes, the network's notice opens the
// dispute 5 s later and takes the money from the merchant's wallet as its own
// `dispute` transaction, and then the merchant accepts, submits evidence (won
// or lost after 5 s), or lets the deadline pass. Every step is checked to the
// cent, with its events, and the ledger verified after each scenario.

const DAY_MS = 24 * 60 * 60 * 1000;
const validateV2024 = v2024TransferValidator();

for (const kind of await storeKinds()) {
  describe(`dispute lifecycle (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('opens a Visa chargeback of $66.01 5 s after the payment completes, debiting the wallet', async () => {
      const { merchant, cardholderAccountID, transferID, paid, disputes } = await disputedPayment(s, 66_01);
      assert.equal(paid, 66_01);
      assert.equal(disputes.length, 1);
      const dispute = disputes[0];
      assert.equal(dispute.status, 'response-needed');
      assert.equal(dispute.phase, 'chargeback');
      assert.equal(dispute.networkReasonCode, '10.4');
      assert.equal(dispute.networkReasonDescription, 'Other Fraud – Card-Absent Environment');
      assert.deepEqual(dispute.amount, { currency: 'USD', value: 66_01 });
      assert.deepEqual(dispute.transfer, { transferID });
      assert.equal(dispute.merchantAccountID, merchant.accountID);
      assert.equal(Date.parse(dispute.respondBy) - Date.parse(dispute.createdOn), 14 * DAY_MS);
      assert.equal(dispute.submittedOn, undefined);
      assert.deepEqual(await getDispute(s, dispute.disputeID), dispute);

      assert.equal(await balance(s, merchant), 0);
      const [debit] = await walletTransactions(s, merchant, `sourceID=${dispute.disputeID}`);
      assert.equal(debit.transactionType, 'dispute');
      assert.equal(debit.sourceType, 'dispute');
      assert.equal(debit.status, 'completed');
      assert.equal(debit.netAmount, -66_01);
      assert.equal(debit.availableBalance, 0);

      const transfer = await getTransfer(s, transferID);
      assert.equal(transfer.status, 'completed');
      assert.deepEqual(transfer.disputedAmount, { currency: 'USD', value: 66_01 });
      assert.deepEqual(transfer.disputes, [{ disputeID: dispute.disputeID, createdOn: dispute.createdOn, amount: { currency: 'USD', value: 66_01 } }]);
      assert.ok(validateV2024(await getTransfer(s, transferID, 'v2024.01.00')), JSON.stringify(validateV2024.errors));
      const disputed = await s.request('GET', `/accounts/${s.platform.accountID}/transfers?disputed=true`, { headers: V2026 });
      assert.ok((disputed.json as any[]).some((t) => t.transferID === transferID));

      const events = await s.testStore.store.read((sql) =>
        sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'dispute.created'", [s.platform.accountID]),
      );
      const created = events.map((e) => JSON.parse(e.data)).find((d) => d.disputeID === dispute.disputeID);
      assert.deepEqual(created, {
        accountID: merchant.accountID,
        transferID,
        transactionID: debit.transactionID,
        disputeID: dispute.disputeID,
        status: 'response-needed',
        phase: 'chargeback',
      });
      // The cardholder's side is a filter too.
      assert.deepEqual((await listDisputes(s, `cardholderAccountID=${cardholderAccountID}`)).map((d) => d.disputeID), [dispute.disputeID]);
      await assertLedgerOk(s);
    });

    it('submitted evidence moves it to review; 5 s later it is won and the money comes back as a dispute-reversal', async () => {
      const { merchant, disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID;
      assert.equal((await addText(s, disputeID, 'The customer signed for the parcel on 3 May.')).status, 201);
      const submitted = await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 });
      assert.equal(submitted.status, 200, submitted.text);
      assert.equal(submitted.json.status, 'under-review');
      assert.ok(submitted.json.submittedOn);
      const [evidence] = (await s.request('GET', disputePath(s, disputeID, '/evidence'), { headers: V2026 })).json;
      assert.equal(evidence.submittedOn, submitted.json.submittedOn);

      await advance(s, { seconds: 4 });
      assert.equal((await getDispute(s, disputeID)).status, 'under-review');
      assert.equal(await balance(s, merchant), 0);
      await advance(s, { seconds: 1 });
      assert.equal((await getDispute(s, disputeID)).status, 'won');
      assert.equal(await balance(s, merchant), 66_01);
      const transactions = await walletTransactions(s, merchant, `sourceID=${disputeID}`);
      assert.deepEqual(
        transactions.map((t) => [t.transactionType, t.sourceType, t.netAmount, t.availableBalance]),
        [
          ['dispute-reversal', 'dispute', 66_01, 66_01],
          ['dispute', 'dispute', -66_01, 0],
        ],
      );
      assert.deepEqual(await disputeEvents(s, disputeID), [
        ['dispute.created', 'response-needed'],
        ['dispute.updated', 'under-review'],
        ['dispute.updated', 'won'],
      ]);
      await assertLedgerOk(s);
    });

    it('is lost when submitted text holds losing_evidence: the money stays with the cardholder', async () => {
      const { merchant, transferID, disputes } = await disputedPayment(s, 66_02, { cardNumber: '5555555555554444' });
      const disputeID = disputes[0].disputeID;
      assert.equal(disputes[0].networkReasonCode, '4855');
      await addText(s, disputeID, 'losing_evidence');
      assert.equal((await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 })).status, 200);
      await advance(s, { seconds: 5 });
      assert.equal((await getDispute(s, disputeID)).status, 'lost');
      assert.equal(await balance(s, merchant), 0);
      assert.deepEqual((await getTransfer(s, transferID)).disputedAmount, { currency: 'USD', value: 66_02 });
      assert.deepEqual(await disputeEvents(s, disputeID), [
        ['dispute.created', 'response-needed'],
        ['dispute.updated', 'under-review'],
        ['dispute.updated', 'lost'],
      ]);
      await assertLedgerOk(s);
    });

    it('accept ends it accepted; the money stays with the cardholder and the deadline does nothing', async () => {
      const { merchant, disputes } = await disputedPayment(s, 66_01, { startCents: 1_000 });
      const disputeID = disputes[0].disputeID;
      const accepted = await s.request('POST', disputePath(s, disputeID, '/accept'), { headers: V2026 });
      assert.equal(accepted.status, 200, accepted.text);
      assert.equal(accepted.json.status, 'accepted');
      assert.equal(await balance(s, merchant), 1_000);
      await advance(s, { seconds: 15 * 24 * 60 * 60 });
      assert.equal((await getDispute(s, disputeID)).status, 'accepted');
      assert.equal(await balance(s, merchant), 1_000);
      assert.deepEqual(await disputeEvents(s, disputeID), [
        ['dispute.created', 'response-needed'],
        ['dispute.updated', 'accepted'],
      ]);
      await assertLedgerOk(s);
    });

    it('an unanswered Amex dispute expires at its 10-day deadline, not before', async () => {
      const { merchant, disputes } = await disputedPayment(s, 66_01, { cardNumber: '371111111111114', cardCvv: '1234' });
      const dispute = disputes[0];
      assert.equal(dispute.networkReasonCode, 'F29');
      assert.equal(Date.parse(dispute.respondBy) - Date.parse(dispute.createdOn), 10 * DAY_MS);
      await advance(s, { until: new Date(Date.parse(dispute.respondBy) - 1_000).toISOString() });
      assert.equal((await getDispute(s, dispute.disputeID)).status, 'response-needed');
      await advance(s, { seconds: 1 });
      assert.equal((await getDispute(s, dispute.disputeID)).status, 'expired');
      assert.equal(await balance(s, merchant), 0);
      assert.deepEqual(await disputeEvents(s, dispute.disputeID), [
        ['dispute.created', 'response-needed'],
        ['dispute.updated', 'expired'],
      ]);
      await assertLedgerOk(s);
    });

    it('takes the wallet below zero when the money was already paid out; the negative wallet cannot send; a win covers it', async () => {
      const { merchant, transferID, disputes: none } = await (async () => {
        // As disputedPayment, but the merchant pays everything out between completion and the notice.
        const { moneyWallet, cardMethod, body } = await import('../rails/helpers.ts');
        const m = await moneyWallet(s);
        const card = await cardMethod(s, 'card-payment');
        const created = await postTransfer(s, body(card.paymentMethodID, m.paymentMethodID, 66_01), { waitFor: 'rail-response' });
        await advance(s, { seconds: 2 });
        const elsewhere = await walletParty(s);
        const out = await postTransfer(s, transferBody(m, elsewhere, 66_01));
        assert.equal(out.status, 200, out.text);
        assert.equal(await balance(s, m), 0);
        await advance(s, { seconds: 5 });
        return { merchant: m, transferID: created.json.transferID as string, disputes: await listDisputes(s, `transferIDs=${created.json.transferID}`) };
      })();
      const disputeID = none[0].disputeID;
      assert.equal(await balance(s, merchant), -66_01);
      const [debit] = await walletTransactions(s, merchant, `sourceID=${disputeID}`);
      assert.equal(debit.availableBalance, -66_01);
      // A movement the customer starts still may not overdraw: the transfer fails.
      const elsewhere = await walletParty(s);
      const refused = await postTransfer(s, transferBody(merchant, elsewhere, 1), { waitFor: 'rail-response' });
      assert.equal(refused.json.status, 'failed');
      assert.equal(refused.json.failureReason, 'wallet-insufficient-funds');
      await assertLedgerOk(s);

      await addText(s, disputeID, 'Delivered and signed for.', 'proof-of-delivery');
      await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 });
      await advance(s, { seconds: 5 });
      assert.equal((await getDispute(s, disputeID)).status, 'won');
      assert.equal(await balance(s, merchant), 0);
      assert.deepEqual((await getTransfer(s, transferID)).disputedAmount, { currency: 'USD', value: 66_01 });
      await assertLedgerOk(s);
    });

    it('$66.03 disputes half the payment; $66.04 is a Visa RDR pre-dispute, resolved at once', async () => {
      const half = await disputedPayment(s, 66_03);
      assert.deepEqual(half.disputes[0].amount, { currency: 'USD', value: 33_01 });
      assert.equal(half.disputes[0].networkReasonCode, '12.6.1');
      assert.equal(await balance(s, half.merchant), 33_02);
      assert.deepEqual((await getTransfer(s, half.transferID)).disputedAmount, { currency: 'USD', value: 33_01 });

      const rdr = await disputedPayment(s, 66_04);
      const dispute = rdr.disputes[0];
      assert.equal(dispute.status, 'resolved');
      assert.equal(dispute.phase, 'pre-dispute');
      assert.equal(dispute.respondBy, dispute.createdOn);
      assert.equal(await balance(s, rdr.merchant), 0);
      await advance(s, { seconds: 15 * 24 * 60 * 60 });
      assert.equal((await getDispute(s, dispute.disputeID)).status, 'resolved');
      assert.deepEqual(await disputeEvents(s, dispute.disputeID), [['dispute.created', 'resolved']]);
      await assertLedgerOk(s);
    });

    it('disputes only what a refund left: the payment less refunds, never more', async () => {
      const { moneyWallet, cardMethod, body } = await import('../rails/helpers.ts');
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 66_01), { waitFor: 'rail-response' });
      const transferID = created.json.transferID as string;
      await advance(s, { seconds: 2 });
      const refund = await s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/refunds`, {
        headers: { ...V2026, 'x-idempotency-key': crypto.randomUUID() },
        body: { amount: 60_00 },
      });
      assert.equal(refund.status, 200, refund.text);
      await advance(s, { seconds: 5 });
      const [dispute] = await listDisputes(s, `transferIDs=${transferID}`);
      assert.deepEqual(dispute.amount, { currency: 'USD', value: 6_01 });
      assert.equal(await balance(s, merchant), 0);
      const transfer = await getTransfer(s, transferID);
      assert.deepEqual(transfer.disputedAmount, { currency: 'USD', value: 6_01 });
      assert.deepEqual(transfer.refundedAmount, { currency: 'USD', value: 60_00 });
      await assertLedgerOk(s);
    });

    it('a pull from card of a trigger amount is disputed the same way', async () => {
      const { moneyWallet, cardMethod, body } = await import('../rails/helpers.ts');
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'pull-from-card', { cardNumber: '4111100010002000' });
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 66_02), { waitFor: 'rail-response' });
      assert.equal(created.json.source.paymentMethodType, 'pull-from-card');
      await advance(s, { seconds: 7 });
      const [dispute] = await listDisputes(s, `transferIDs=${created.json.transferID}`);
      assert.equal(dispute.status, 'response-needed');
      assert.equal(dispute.networkReasonCode, '13.1');
      assert.equal(await balance(s, merchant), 0);
      await assertLedgerOk(s);
    });

    it('any other amount is never disputed', async () => {
      const { disputes, merchant } = await disputedPayment(s, 66_00);
      assert.deepEqual(disputes, []);
      await advance(s, { seconds: 60 });
      assert.equal(await balance(s, merchant), 66_00);
    });
  });
}
