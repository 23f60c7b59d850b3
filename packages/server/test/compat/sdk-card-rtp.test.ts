import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { advance, assertLedgerOk } from '../support/transfers.ts';
import { bankMethod, cardMethod, moneyWallet } from '../support/parties.ts';

// The official SDK (v2026.01.00) drives card payments, pushes to card and RTP
// credits and parses every answer with its own schemas (card and RTP details,
// failure codes included).
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk card and RTP transfers (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('card payment, decline, push to card and RTP through the SDK', async () => {
      const accountID = s.platform.accountID;
      const merchant = await moneyWallet(s, 10_000);
      const card = await cardMethod(s, 'card-payment');
      const paid = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        xWaitFor: 'rail-response',
        createTransfer: {
          source: { paymentMethodID: card.paymentMethodID, cardDetails: { dynamicDescriptor: 'RAILYARD SHOP', transactionSource: 'first-recurring' } },
          destination: { paymentMethodID: merchant.paymentMethodID },
          amount: { currency: 'USD', value: 1_000 },
        },
      });
      assert.ok('status' in paid.result);
      const authorized = paid.result as { transferID: string; source: { cardDetails?: { status?: string; authorizationCode?: string; confirmedOn?: Date } } };
      assert.equal(authorized.source.cardDetails?.status, 'confirmed');
      assert.ok(authorized.source.cardDetails?.authorizationCode);
      assert.ok(authorized.source.cardDetails?.confirmedOn instanceof Date);
      await advance(s, { seconds: 2 });
      const done = await moov.transfers.get({ accountID, transferID: authorized.transferID });
      assert.equal(done.result.status, 'completed');
      assert.equal(done.result.source.cardDetails?.status, 'completed');

      const declineCard = await cardMethod(s, 'card-payment', { cardNumber: '4000020000000000' });
      const declined = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        xWaitFor: 'rail-response',
        createTransfer: { source: { paymentMethodID: declineCard.paymentMethodID }, destination: { paymentMethodID: merchant.paymentMethodID }, amount: { currency: 'USD', value: 500 } },
      });
      const failed = declined.result as { status?: string; failureReason?: string; source: { cardDetails?: { failureCode?: string } } };
      assert.equal(failed.status, 'failed');
      assert.equal(failed.failureReason, 'source-payment-error');
      assert.equal(failed.source.cardDetails?.failureCode, 'do-not-honor');

      const pushCard = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const pushed = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        createTransfer: { source: { paymentMethodID: merchant.paymentMethodID }, destination: { paymentMethodID: pushCard.paymentMethodID, cardDetails: { dynamicDescriptor: 'PAYOUT' } }, amount: { currency: 'USD', value: 300 } },
      });
      await advance(s, { seconds: 2 });
      const pushDone = await moov.transfers.get({ accountID, transferID: pushed.result.transferID });
      assert.equal(pushDone.result.destination.cardDetails?.status, 'completed');

      for (const [cents, status] of [[200, 'completed'], [7_701, 'failed'], [7_711, 'accepted-without-posting']] as const) {
        // A fresh bank account each time: an AC03 rejection leaves its account errored.
        const bank = await bankMethod(s, 'rtp-credit');
        const sent = await moov.transfers.create({
          accountID,
          xIdempotencyKey: randomUUID(),
          xWaitFor: 'rail-response',
          createTransfer: { source: { paymentMethodID: merchant.paymentMethodID }, destination: { paymentMethodID: bank.paymentMethodID }, amount: { currency: 'USD', value: cents } },
        });
        const got = await moov.transfers.get({ accountID, transferID: sent.result.transferID });
        assert.equal(got.result.destination.rtpDetails?.status, status);
        if (status === 'failed') assert.equal(got.result.destination.rtpDetails?.failureCode, 'invalid-account');
      }
      await assertLedgerOk(s);
    });
  });
}
