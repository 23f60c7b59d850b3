import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { create, manualTerms } from '../support/accounts.ts';
import { requestV2026, V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { advance, getTransfer, methodTransferBody as body, postTransfer } from '../support/transfers.ts';
import { cardUnderwriting, controllerBody, getCapability, llcBody, ownerBody, SAMPLE_FILES, uploadAccountFile } from '../support/onboarding.ts';
import { cardMethod } from '../support/parties.ts';

/*
 * The onboarding of a business from created to `collect-funds.card-payments:
 * enabled` through representatives, underwriting, files and terms acceptance
 * alone, each step checked against the exact `currentlyDue` list, then a card
 * payment into its wallet (docs/onboarding.md, decision 1703).
 */

const CARD_ACTIVITY = ['averageTransactionAmount', 'maximumTransactionAmount', 'monthlyVolumeRange'].map(
  (leaf) => `underwriting.collectFunds.cardPayments.estimatedActivity.${leaf}`,
);
const CARD_FIELDS = ['cardAcceptanceMethods', 'currentlyAcceptsCards', 'fulfillment', 'refundPolicy'].map((leaf) => `underwriting.collectFunds.cardPayments.${leaf}`);
const CAPABILITY = 'collect-funds.card-payments';

for (const kind of await storeKinds()) {
  describe(`business onboarding to card payments (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('moves through exactly the requirements Moov names, is enabled in the sandbox, then takes a card payment', async () => {
      const account = await create(s, llcBody([CAPABILITY]));
      const id = account.accountID as string;
      const due = async () => (await getCapability(s, id, CAPABILITY)).requirements?.currentlyDue;
      const step = async (expected: string[]) => {
        const got = await getCapability(s, id, CAPABILITY);
        assert.equal(got.status, 'pending');
        assert.deepEqual(got.requirements?.currentlyDue, expected);
      };

      await step([
        'account.tos-acceptance',
        'business.indicate-owners-provided',
        'business.controllers',
        'business.owners',
        'underwriting.geographicReach',
        'underwriting.businessPresence',
        ...CARD_ACTIVITY,
        ...CARD_FIELDS,
      ]);
      const afterProfile = (await due())!.filter((need) => need !== 'account.tos-acceptance' && need !== 'business.indicate-owners-provided');

      // A controller without a job title or SSN: the controller is counted, its missing fields are due.
      const ceo = await requestV2026(s, 'POST', `/accounts/${id}/representatives`, controllerBody({ governmentID: undefined, responsibilities: { isController: true } }));
      assert.equal(ceo.status, 200, ceo.text);
      await step([
        'account.tos-acceptance',
        'business.indicate-owners-provided',
        'business.owners',
        'representative.{rep-uuid}.ssn',
        'representative.{rep-uuid}.job-title',
        ...afterProfile.filter((n) => n.startsWith('underwriting.')),
      ]);
      const patched = await requestV2026(s, 'PATCH', `/accounts/${id}/representatives/${ceo.json.representativeID}`, {
        governmentID: { ssn: { full: '123-45-6789' } },
        responsibilities: { jobTitle: 'CEO' },
      });
      assert.equal(patched.status, 200, patched.text);
      const owner = await requestV2026(s, 'POST', `/accounts/${id}/representatives`, ownerBody(60));
      assert.equal(owner.status, 200, owner.text);
      const declared = await requestV2026(s, 'PATCH', `/accounts/${id}`, { profile: { business: { ownersProvided: true } } });
      assert.equal(declared.status, 200, declared.text);
      await step(['account.tos-acceptance', ...afterProfile.filter((n) => n.startsWith('underwriting.'))]);

      // Underwriting from a business reaching abroad that already takes cards: more becomes due.
      const first = await requestV2026(s, 'POST', `/accounts/${id}/underwriting`, cardUnderwriting({
        geographicReach: 'us-and-international',
        collectFunds: { cardPayments: { ...cardUnderwriting().collectFunds.cardPayments, currentlyAcceptsCards: true } },
      }));
      assert.equal(first.status, 200, first.text);
      await step(['account.tos-acceptance', 'underwriting.pendingLitigation', 'underwriting.volumeShareByCustomerType', 'business.underwriting-documents-tier-one']);
      const more = await requestV2026(s, 'POST', `/accounts/${id}/underwriting`, { pendingLitigation: 'none', volumeShareByCustomerType: { business: 10, consumer: 90, p2p: 0 } });
      assert.equal(more.status, 200, more.text);
      await step(['account.tos-acceptance', 'business.underwriting-documents-tier-one']);

      // The processing statements, uploaded as a file for merchant underwriting.
      const statements = await uploadAccountFile(s, id, {
        file: { bytes: SAMPLE_FILES.pdf(), name: 'statements-2026-q3.pdf', type: 'application/pdf' },
        filePurpose: 'merchant_underwriting',
        metadata: JSON.stringify({ requirement_id: 'business.underwriting-documents-tier-one' }),
      });
      assert.equal(statements.status, 200, statements.text);
      await step(['account.tos-acceptance']);

      // Terms of service: the last requirement; the sandbox enables at once.
      const accepted = await requestV2026(s, 'PATCH', `/accounts/${id}`, { termsOfService: manualTerms() });
      assert.equal(accepted.status, 200, accepted.text);
      const enabled = await getCapability(s, id, CAPABILITY);
      assert.equal(enabled.status, 'enabled');
      assert.equal(enabled.requirements, undefined);

      const updates = (await eventTypes(s, 'capability.updated')).filter((e) => e.data.accountID === id);
      assert.deepEqual(
        updates.map((e) => [e.data.capabilityID, e.data.status]),
        [
          [CAPABILITY, 'enabled'],
          ['wallet.balance', 'enabled'],
        ],
        'one capability.updated when card payments turn enabled, then the wallet it brings',
      );

      // A card payment into the new merchant's wallet.
      const wallets = await s.request('GET', `/accounts/${id}/wallets`, { headers: V2026 });
      const methods = await s.request('GET', `/accounts/${id}/payment-methods?paymentMethodType=moov-wallet`, { headers: V2026 });
      assert.equal(wallets.json.length, 1);
      const card = await cardMethod(s, 'card-payment');
      const paid = await postTransfer(s, body(card.paymentMethodID, methods.json[0].paymentMethodID, 4_200), { waitFor: 'rail-response' });
      assert.equal(paid.status, 200, paid.text);
      assert.equal(paid.json.source.cardDetails.status, 'confirmed');
      await advance(s, { seconds: 2 });
      const done = await getTransfer(s, paid.json.transferID);
      assert.equal(done.status, 'completed');
      const wallet = await s.request('GET', `/accounts/${id}/wallets/${wallets.json[0].walletID}`, { headers: V2026 });
      assert.equal(wallet.json.availableBalance.value, 4_200);
    });

    it('moves back to pending when a representative it relied on is removed', async () => {
      const account = await create(s, llcBody([CAPABILITY], { withTerms: true }));
      const id = account.accountID as string;
      const ceo = (await requestV2026(s, 'POST', `/accounts/${id}/representatives`, controllerBody())).json;
      await requestV2026(s, 'POST', `/accounts/${id}/representatives`, ownerBody(100));
      await requestV2026(s, 'PATCH', `/accounts/${id}`, { profile: { business: { ownersProvided: true } } });
      await requestV2026(s, 'POST', `/accounts/${id}/underwriting`, cardUnderwriting());
      assert.equal((await getCapability(s, id, CAPABILITY)).status, 'enabled');
      assert.equal((await requestV2026(s, 'DELETE', `/accounts/${id}/representatives/${ceo.representativeID}`)).status, 204);
      const after = await getCapability(s, id, CAPABILITY);
      assert.equal(after.status, 'pending');
      assert.deepEqual(after.requirements?.currentlyDue, ['business.controllers']);
      const last = (await eventTypes(s, 'capability.updated')).filter((e) => e.data.accountID === id).at(-1);
      assert.deepEqual([last?.data.capabilityID, last?.data.status], [CAPABILITY, 'pending']);
    });
  });
}
