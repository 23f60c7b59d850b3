import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { postTransfer, transferBody } from '../support/transfers.ts';
import { body, cardMethod, moneyWallet } from './helpers.ts';
import { bankParty } from './ach-helpers.ts';
import { findTransferRow } from '../../src/store/repos/transfers.ts';
import { transferFromRow, type TransferRecord } from '../../src/domain/transfers/model.ts';
import { achRail } from '../../src/domain/transfers/rails/ach/rail.ts';
import { cardRail } from '../../src/domain/transfers/rails/card/index.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { BadRequest } from '../../src/kernel/errors.ts';

// What a rail's `start` refuses when the transfer it is handed does not fit
// it: creation picks the rail from the pair and checks the sources first, so
// these are the rails' own guards against a race (a bank account no longer
// verified, docs/rails.md "ACH": 400) or a bug (no bank account on the ACH
// rail, no card on the card rail, a card gone). Each `start` runs in a unit of
// work that the refusal rolls back. Added for the rails mutation scope
// (issue 15, item 6).

for (const kind of await storeKinds()) {
  describe(`rail start guards (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    async function stored(transferID: string): Promise<TransferRecord> {
      const row = await s.testStore.store.read((sql) => findTransferRow(sql, s.platform.accountID, transferID));
      assert.ok(row, 'the transfer is stored');
      return { ...transferFromRow(row), status: 'created' };
    }

    const ctx = () => ({ clock: s.services.clock, pacing: FAST_PACING });

    it('the ACH rail refuses a transfer without a bank account, and a debit of a bank account that is not verified (400)', async () => {
      const payer = await moneyWallet(s, 1_000);
      const payee = await moneyWallet(s, 0);
      const wallets = await stored((await postTransfer(s, transferBody(payer, payee, 100))).json.transferID);
      await assert.rejects(
        s.testStore.store.write((sql) => achRail.start(sql, ctx(), wallets)),
        { message: `transfer ${wallets.transferID}: ACH rail without a bank account` },
      );
      const sender = await bankParty(s, { verified: false, walletCents: 1_000 });
      const unverified = await bankParty(s, { verified: false });
      const credit = await stored((await postTransfer(s, body(sender.paymentMethodID, unverified.methods['ach-credit-standard']!, 100))).json.transferID);
      // The same transfer the other way round: a debit of the unverified account.
      const debit = { ...credit, source: credit.destination, destination: credit.source };
      const refusal = { message: 'the source bank account must be verified before it can be debited' };
      await assert.rejects(s.testStore.store.write((sql) => achRail.start(sql, ctx(), debit)), (error: unknown) => error instanceof BadRequest && error.message === refusal.message);
      // A bank account the store does not have is refused the same way.
      const gone = { ...debit, source: { ...debit.source, sourceID: 'no-such-bank-account' } };
      await assert.rejects(s.testStore.store.write((sql) => achRail.start(sql, ctx(), gone)), refusal);
    });

    it('the card rail refuses a source that is no card, and a card that is gone', async () => {
      const payer = await moneyWallet(s, 1_000);
      const payee = await moneyWallet(s, 0);
      const wallets = await stored((await postTransfer(s, transferBody(payer, payee, 100))).json.transferID);
      await assert.rejects(
        s.testStore.store.write((sql) => cardRail.start(sql, ctx(), wallets)),
        { message: `transfer ${wallets.transferID}: moov-wallet has no card to authorize` },
      );
      const payment = await stored((await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, payee.paymentMethodID, 100))).json.transferID);
      const noCard = { ...payment, source: { ...payment.source, sourceID: 'no-such-card' } };
      await assert.rejects(s.testStore.store.write((sql) => cardRail.start(sql, ctx(), noCard)), { message: `transfer ${payment.transferID}: source card missing` });
      const push = await stored(
        (await postTransfer(s, body(payer.paymentMethodID, (await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' })).paymentMethodID, 100))).json.transferID,
      );
      const noPushCard = { ...push, destination: { ...push.destination, sourceID: 'no-such-card' } };
      await assert.rejects(s.testStore.store.write((sql) => cardRail.start(sql, ctx(), noPushCard)), { message: `transfer ${push.transferID}: destination card missing` });
    });
  });
}
