import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { addText, advance, balance, disputePath, getDispute, getTransfer, listDisputes, V2026 } from './helpers.ts';
import { assertLedgerOk, methodTransferBody as body, postTransfer } from '../support/transfers.ts';
import { cardMethod, moneyWallet } from '../support/parties.ts';

// With realistic pacing the card payment follows the brand's cutoff and the
// banking calendar; the chargeback still arrives 5 s after the wallet is
// credited, and the network's decision after a submission takes 10 days.

const DAY_S = 24 * 60 * 60;

for (const kind of await storeKinds()) {
  describe(`disputes with realistic pacing (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock(), services: { railPacing: REALISTIC_PACING } }));

    it('opens 5 s after the banking-day credit; decided 10 days after submission', async () => {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 66_01), { waitFor: 'rail-response' });
      const transferID = created.json.transferID as string;
      // Settlement at the brand's cutoff, the credit on a later banking day: within 5 days whatever the weekday.
      for (let day = 0; day < 5 && (await getTransfer(s, transferID)).status !== 'completed'; day++) await advance(s, { seconds: DAY_S });
      const completedOn = Date.parse((await getTransfer(s, transferID)).completedOn);
      await advance(s, { seconds: 5 });
      const [dispute] = await listDisputes(s, `transferIDs=${transferID}`);
      assert.ok(dispute, 'the dispute opened');
      assert.equal(Date.parse(dispute.createdOn) - completedOn, 5_000);
      assert.equal(await balance(s, merchant), 0);

      await addText(s, dispute.disputeID, 'Delivered.');
      const submitted = await s.request('POST', disputePath(s, dispute.disputeID, '/evidence/submit'), { headers: V2026 });
      assert.equal(submitted.status, 200, submitted.text);
      await advance(s, { seconds: 10 * DAY_S - 1 });
      assert.equal((await getDispute(s, dispute.disputeID)).status, 'under-review');
      await advance(s, { seconds: 1 });
      assert.equal((await getDispute(s, dispute.disputeID)).status, 'won');
      assert.equal(await balance(s, merchant), 66_01);
      await assertLedgerOk(s);
    });
  });
}
