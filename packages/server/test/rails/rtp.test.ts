import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { findTransferByIdempotencyKey } from '../../src/store/repos/transfers.ts';
import { RTP_FAILURES_AS_DOCUMENTED } from '../support/documented.ts';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { bankMethod, body, getTransfer, moneyWallet, updateStatuses, v2024TransferValidator } from './helpers.ts';

// RTP credits from a wallet to an RTP-eligible bank account: instant, final,
// with one trigger amount per failure code (docs/sandbox.md "RTP failures",
// written out in support/documented.ts, never read from the rail's own table).
const validate = v2024TransferValidator();

for (const kind of await storeKinds()) {
  describe(`RTP credits (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    it('completes in the creating request (X-Wait-For) and pays the hold out', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 4_000), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'completed');
      assert.equal(created.json.destination.rtpDetails.status, 'completed');
      assert.ok(created.json.destination.rtpDetails.initiatedOn && created.json.destination.rtpDetails.completedOn);
      assert.equal(await balance(s, payer), 6_000);
      assert.deepEqual((await updateStatuses(s, created.json.transferID)).sort(), ['completed', 'destination.completed', 'destination.initiated', 'pending']);
      assert.ok(validate(await getTransfer(s, created.json.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
      await assertLedgerOk(s);
    });

    for (const { cents, failureCode, networkResponseCode, accountErrored } of RTP_FAILURES_AS_DOCUMENTED) {
      it(`$${(cents / 100).toFixed(2)} fails with ${failureCode} (${networkResponseCode}) and releases the hold`, async () => {
        const payer = await moneyWallet(s, 10_000);
        const bank = await bankMethod(s, 'rtp-credit');
        const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, cents), { waitFor: 'rail-response' });
        assert.equal(created.json.status, 'failed');
        assert.equal(created.json.failureReason, 'destination-payment-error');
        assert.equal(created.json.destination.rtpDetails.status, 'failed');
        assert.equal(created.json.destination.rtpDetails.failureCode, failureCode);
        assert.equal(created.json.destination.rtpDetails.networkResponseCode, networkResponseCode);
        assert.equal(await balance(s, payer), 10_000);
        assert.deepEqual((await updateStatuses(s, created.json.transferID)).sort(), ['destination.failed', 'destination.initiated', 'failed', 'pending']);
        assert.ok(validate(await getTransfer(s, created.json.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
        const account = (await s.request('GET', `/accounts/${bank.accountID}/bank-accounts/${bank.sourceID}`, { headers: V2026 })).json;
        if (accountErrored) {
          assert.equal(account.status, 'errored');
          assert.equal(account.statusReason, 'rtp-credit-failure');
          assert.equal(account.exceptionDetails.rtpRejectionCode, networkResponseCode);
          const methods = await s.request('GET', `/accounts/${bank.accountID}/payment-methods?paymentMethodType=rtp-credit`, { headers: V2026 });
          assert.equal(methods.json.length, 0, 'an errored bank account offers no credits');
        } else {
          assert.equal(account.status, 'new');
          assert.equal(account.exceptionDetails, undefined);
        }
        await assertLedgerOk(s);
      });
    }

    it('$77.11 is accepted without posting: completed, money gone', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 7_711), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed');
      assert.equal(created.json.destination.rtpDetails.status, 'accepted-without-posting');
      assert.ok(created.json.destination.rtpDetails.acceptedWithoutPostingOn);
      assert.equal(await balance(s, payer), 10_000 - 7_711);
      assert.deepEqual((await updateStatuses(s, created.json.transferID)).sort(), ['completed', 'destination.accepted-without-posting', 'destination.initiated', 'pending']);
      await assertLedgerOk(s);
    });

    it('with a delay (realistic pacing) X-Wait-For waits for the receiving bank, or answers initiated (202) at the wait limit', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const later = () => s.services.platformClock.advance(caller.platformID, { seconds: REALISTIC_PACING.rtp.completeAfterSeconds + 1 });
      // The wait runs out before the bank answers: 202 territory, the transfer as it stands.
      const impatient = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: REALISTIC_PACING, railWaitMs: 100 });
      const outcome = await impatient.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: body(payer.paymentMethodID, bank.paymentMethodID, 500) });
      assert.equal(outcome.kind, 'wait-exceeded');
      assert.equal(outcome.body.status, 'pending');
      assert.equal((outcome.body.destination as any).rtpDetails.status, 'initiated');
      assert.equal(await balance(s, payer), 9_500);
      await later();
      await s.services.jobs.runDueJobs({ platformID: caller.platformID });
      const done = await getTransfer(s, outcome.body.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(done.destination.rtpDetails.status, 'completed');
      // The bank answers while the request waits: 200 with the answer (a failure trigger here).
      const patient = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: REALISTIC_PACING, railWaitMs: 10_000 });
      const waitingKey = randomUUID();
      const waiting = patient.create(caller, { accountID: caller.platformID, idempotencyKey: waitingKey, waitForRail: true, body: body(payer.paymentMethodID, bank.paymentMethodID, 7_701) });
      // Advance only once the transfer is stored (its answer job scheduled): a fixed pause lost the race on a loaded machine.
      for (let tries = 0; !(await s.testStore.store.read((sql) => findTransferByIdempotencyKey(sql, caller.platformID, waitingKey))); tries++) {
        assert.ok(tries < 500, 'the waiting create never stored its transfer');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await later();
      await s.services.jobs.runDueJobs({ platformID: caller.platformID });
      const answered = await waiting;
      assert.equal(answered.kind, 'rail-answered');
      assert.equal(answered.body.status, 'failed');
      assert.equal((answered.body.destination as any).rtpDetails.status, 'failed');
      assert.equal(answered.body.failureReason, 'destination-payment-error');
      assert.equal(await balance(s, payer), 9_500);
      await assertLedgerOk(s);
    });

    it('fails when the wallet lacks the money, refuses a bank source and RTP above its limit', async () => {
      const payer = await moneyWallet(s, 100);
      const bank = await bankMethod(s, 'rtp-credit');
      const poor = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 101), { waitFor: 'rail-response' });
      assert.equal(poor.json.status, 'failed');
      assert.equal(poor.json.failureReason, 'wallet-insufficient-funds');
      const big = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 1_000_000_001));
      assert.equal(big.status, 422);
      const other = await bankMethod(s, 'ach-credit-standard', { accountNumber: '99887766' });
      const fromBank = await postTransfer(s, body(other.paymentMethodID, bank.paymentMethodID, 100));
      assert.equal(fromBank.status, 400);
      await assertLedgerOk(s);
    });

    it('a bank that is not on RTP offers no rtp-credit method', async () => {
      await assert.rejects(bankMethod(s, 'rtp-credit', { routingNumber: '123456780' }), /no rtp-credit payment method/);
    });

    it('instant-bank-credit (v2026.01.00) moves over the same rail', async () => {
      const payer = await moneyWallet(s, 1_000);
      const bank = await bankMethod(s, 'instant-bank-credit');
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 250), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'completed');
      assert.equal(created.json.destination.rtpDetails.status, 'completed');
      await assertLedgerOk(s);
    });

    it('instant-bank-credit names no payment method for a v2024.01.00 caller, and reads back as rtp-credit there', async () => {
      const payer = await moneyWallet(s, 1_000);
      const bank = await bankMethod(s, 'instant-bank-credit');
      const refused = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 250), { version: 'v2024.01.00' });
      assert.equal(refused.status, 422, refused.text);
      assert.deepEqual(Object.keys(refused.json), ['destinationPaymentMethodID']);
      assert.equal(await balance(s, payer), 1_000);
      // Made by a v2026.01.00 caller, the transfer still parses for a v2024.01.00 one.
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 250), { waitFor: 'rail-response' });
      assert.equal(created.json.destination.paymentMethodType, 'instant-bank-credit');
      const old = await getTransfer(s, created.json.transferID, 'v2024.01.00');
      assert.equal(old.destination.paymentMethodType, 'rtp-credit');
      assert.ok(validate(old), JSON.stringify(validate.errors));
      await assertLedgerOk(s);
    });
  });
}
