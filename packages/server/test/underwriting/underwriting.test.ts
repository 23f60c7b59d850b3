import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { findUnderwriting } from '../../src/store/repos/underwriting.ts';
import { create, individual } from '../support/accounts.ts';
import { cardUnderwriting, llcBody } from '../support/onboarding.ts';
import { requestV2026 } from '../support/versions.ts';

const LEGACY = {
  averageTransactionSize: 2_500,
  maxTransactionSize: 50_000,
  averageMonthlyTransactionVolume: 3_000_000,
  volumeByCustomerType: { businessToBusinessPercentage: 20, consumerToBusinessPercentage: 80 },
  cardVolumeDistribution: { ecommercePercentage: 30, cardPresentPercentage: 70, mailOrPhonePercentage: 0, debtRepaymentPercentage: 0 },
  fulfillment: { hasPhysicalGoods: true, isShippingProduct: false, shipmentDurationDays: 0, returnPolicy: 'withinThirtyDays' },
};

for (const kind of await storeKinds()) {
  describe(`underwriting (${kind})`, () => {
    const s = serverPerSuite(kind);

    const business = async () => (await create(s, llcBody())).accountID as string;
    const stored = (accountID: string) => s.testStore.store.read((sql) => findUnderwriting(sql, accountID));

    it('answers 404 before any is saved, then what POST saved, merging later saves field by field', async () => {
      const accountID = await business();
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/underwriting`)).status, 404);
      const saved = await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, cardUnderwriting());
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.status, 'approved');
      assert.equal(saved.json.geographicReach, 'us-only');
      assert.deepEqual(saved.json.collectFunds.cardPayments.cardAcceptanceMethods, { inPersonPercentage: 70, mailOrPhonePercentage: 0, onlinePercentage: 30 });

      const merged = await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, {
        businessPresence: 'online-only',
        collectFunds: { cardPayments: { refundPolicy: 'no-refunds', cardAcceptanceMethods: { onlinePercentage: 100 } } },
      });
      assert.equal(merged.status, 200, merged.text);
      assert.equal(merged.json.businessPresence, 'online-only');
      assert.equal(merged.json.geographicReach, 'us-only', 'fields not sent are kept');
      assert.equal(merged.json.collectFunds.cardPayments.refundPolicy, 'no-refunds');
      assert.equal(merged.json.collectFunds.cardPayments.estimatedActivity.monthlyVolumeRange, '10k-50k', 'nested fields not sent are kept');
      assert.deepEqual(merged.json.collectFunds.cardPayments.cardAcceptanceMethods, { onlinePercentage: 100 }, 'a set of shares is replaced whole');
      assert.deepEqual((await requestV2026(s, 'GET', `/accounts/${accountID}/underwriting`)).json, merged.json);
    });

    it('keeps a draft (submissionIntent wait) out of the requirements until it is submitted', async () => {
      const accountID = await business();
      const draft = await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, { geographicReach: 'us-only', submissionIntent: 'wait' });
      assert.equal(draft.status, 200, draft.text);
      assert.equal(draft.json.status, 'pending');
      assert.equal(draft.json.submissionIntent, undefined);
      const row = await stored(accountID);
      assert.equal(row?.submitted, null);
      const submitted = await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, { businessPresence: 'home-based' });
      assert.equal(submitted.json.status, 'approved');
      assert.deepEqual(JSON.parse((await stored(accountID))!.submitted!), { geographicReach: 'us-only', businessPresence: 'home-based' });
    });

    it('replaces the legacy fields with PUT, keeping the newer ones', async () => {
      const accountID = await business();
      await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, { geographicReach: 'us-only' });
      const put = await requestV2026(s, 'PUT', `/accounts/${accountID}/underwriting`, LEGACY);
      assert.equal(put.status, 200, put.text);
      assert.equal(put.json.averageTransactionSize, 2_500);
      assert.deepEqual(put.json.fulfillment, LEGACY.fulfillment);
      assert.equal(put.json.geographicReach, 'us-only');
      assert.equal(put.json.status, 'approved');
    });

    it('refuses bad input with exact statuses and writes nothing', async () => {
      const accountID = await business();
      const post = (body: unknown) => requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, body);
      const cases: Array<[unknown, unknown]> = [
        [{ geographicReach: 'moon' }, { geographicReach: 'must be one of international-only, us-and-international, us-only' }],
        [{ volumeShareByCustomerType: { business: 50, consumer: 40 } }, { volumeShareByCustomerType: { business: 'the percentages must total 100 (they total 90)' } }],
        [
          cardUnderwriting({ collectFunds: { cardPayments: { estimatedActivity: { averageTransactionAmount: 9_000, maximumTransactionAmount: 100 } } } }),
          { collectFunds: { cardPayments: { estimatedActivity: { averageTransactionAmount: 'must be no greater than maximumTransactionAmount' } } } },
        ],
        [{ collectFunds: { cardPayments: { cardAcceptanceMethods: { inPersonPercentage: 101 } } } }, { collectFunds: { cardPayments: { cardAcceptanceMethods: { inPersonPercentage: 'must be no greater than 100' } } } }],
      ];
      for (const [body, expected] of cases) {
        const refused = await post(body);
        assert.equal(refused.status, 422, JSON.stringify(body));
        assert.deepEqual(refused.json, expected);
      }
      const legacy = await requestV2026(s, 'PUT', `/accounts/${accountID}/underwriting`, { ...LEGACY, maxTransactionSize: 10 });
      assert.equal(legacy.status, 422);
      assert.deepEqual(legacy.json, { error: { averageTransactionSize: 'must be no greater than maxTransactionSize' } });
      const missing = await requestV2026(s, 'PUT', `/accounts/${accountID}/underwriting`, { averageTransactionSize: 1 });
      assert.equal(missing.status, 422);
      assert.equal(missing.json.error.maxTransactionSize, 'cannot be blank');
      assert.equal(await stored(accountID), undefined);

      const person = await create(s, individual());
      const notBusiness = await requestV2026(s, 'POST', `/accounts/${person.accountID}/underwriting`, cardUnderwriting());
      assert.equal(notBusiness.status, 409);
      assert.deepEqual(notBusiness.json, { error: 'underwriting is only for business accounts' });
      assert.equal(await stored(person.accountID), undefined);
    });

    it("answers another platform's account with the same empty 404 as an unknown one", async () => {
      const accountID = await business();
      await requestV2026(s, 'POST', `/accounts/${accountID}/underwriting`, cardUnderwriting());
      for (const [method, body] of [['GET'], ['POST', cardUnderwriting()], ['PUT', LEGACY]] as const) {
        const theirs = await requestV2026(s, method, `/accounts/${accountID}/underwriting`, body, s.otherPlatform.basic);
        const unknown = await requestV2026(s, method, `/accounts/${randomUUID()}/underwriting`, body);
        assert.deepEqual([theirs.status, theirs.text], [404, '']);
        assert.deepEqual([unknown.status, unknown.text], [404, '']);
      }
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/underwriting`)).json.businessPresence, 'retail-storefront', 'unchanged');
    });
  });
}
