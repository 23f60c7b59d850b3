import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import { FileValidationError, GenericError, RepresentativeValidationError, UpdateUnderwritingError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { SAMPLE_FILES } from '../support/onboarding.ts';
import { advance } from '../support/transfers.ts';
import { cardMethod } from '../support/parties.ts';

/*
 * The official SDK (v2026.01.00) onboards a business unchanged: representatives,
 * underwriting (POST and the legacy PUT), a multipart file upload, capability
 * requirements parsed by its closed RequirementID enum (the `{rep-uuid}`
 * members included), terms acceptance, then a card payment into the new
 * merchant's wallet; and its error classes parse Railyard's refusals.
 */
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk business onboarding (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('takes a business from created to collect-funds.card-payments enabled, then a card payment', async () => {
      const { result: account } = await moov.accounts.create({
        accountType: 'business',
        profile: {
          business: {
            legalBusinessName: 'Harbor Coffee LLC',
            businessType: 'llc',
            phone: { number: '3035551234', countryCode: '1' },
            address: { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
            taxID: { ein: { number: '12-3456789' } },
            website: 'https://harbor.example.com',
            industryCodes: { mcc: '5814' },
          },
        },
        capabilities: ['collect-funds.card-payments'],
      });
      const accountID = account.accountID;
      const capability = () => moov.capabilities.get({ accountID, capabilityID: 'collect-funds.card-payments' });

      const { result: ceo } = await moov.representatives.create({
        accountID,
        createRepresentative: {
          name: { firstName: 'Ines', lastName: 'Moreau' },
          email: 'ines@harbor.example.com',
          address: { addressLine1: '12 Oak Ave', city: 'Denver', stateOrProvince: 'CO', postalCode: '80203', country: 'US' },
          birthDate: { day: 3, month: 7, year: 1984 },
          responsibilities: { isController: true, isOwner: true, ownershipPercentage: 100 },
        },
      });
      assert.equal(ceo.birthDateProvided, true);
      assert.equal(ceo.governmentIDProvided, false);
      assert.ok(ceo.createdOn instanceof Date);
      const pending = await capability();
      assert.equal(pending.result.status, 'pending');
      assert.ok(pending.result.requirements?.currentlyDue?.includes('representative.{rep-uuid}.ssn'));
      assert.ok(pending.result.requirements?.currentlyDue?.includes('representative.{rep-uuid}.job-title'));

      await moov.representatives.update({
        accountID,
        representativeID: ceo.representativeID,
        updateRepresentative: { governmentID: { ssn: { full: '123-45-6789' } }, responsibilities: { jobTitle: 'Owner' } },
      });
      const listed = await moov.representatives.list({ accountID });
      assert.deepEqual(listed.result.map((r) => r.responsibilities?.jobTitle), ['Owner']);
      assert.equal((await moov.representatives.get({ accountID, representativeID: ceo.representativeID })).result.governmentIDProvided, true);
      await moov.accounts.update({ accountID, patchAccount: { profile: { business: { ownersProvided: true } } } });

      const saved = await moov.underwriting.save({
        accountID,
        upsertUnderwriting: {
          geographicReach: 'us-only',
          businessPresence: 'retail-storefront',
          collectFunds: {
            cardPayments: {
              cardAcceptanceMethods: { inPersonPercentage: 90, mailOrPhonePercentage: 0, onlinePercentage: 10 },
              currentlyAcceptsCards: true,
              estimatedActivity: { averageTransactionAmount: 800, maximumTransactionAmount: 20_000, monthlyVolumeRange: '10k-50k' },
              fulfillment: { method: 'in-person-service', timeframe: 'immediate' },
              refundPolicy: 'store-credit-only',
            },
          },
          submissionIntent: 'submit',
        },
      });
      assert.equal(saved.result.status, 'approved');
      assert.deepEqual((await capability()).result.requirements?.currentlyDue, ['account.tos-acceptance', 'business.underwriting-documents-tier-one']);

      const uploaded = await moov.files.upload({
        accountID,
        fileUploadRequestMultiPart: {
          file: { fileName: 'statements.pdf', content: new Uint8Array(SAMPLE_FILES.pdf()) },
          filePurpose: 'merchant_underwriting',
          metadata: JSON.stringify({ comment: 'last three months' }),
        },
      });
      assert.equal(uploaded.result.fileStatus, 'approved');
      assert.equal(uploaded.result.fileSizeBytes, SAMPLE_FILES.pdf().length);
      assert.deepEqual((await moov.files.list({ accountID })).result.map((f) => f.fileID), [uploaded.result.fileID]);
      assert.equal((await moov.files.get({ accountID, fileID: uploaded.result.fileID })).result.fileName, 'statements.pdf');

      await moov.accounts.update({
        accountID,
        patchAccount: {
          termsOfService: {
            manual: { acceptedDate: new Date(Date.now() - 60_000), acceptedIP: '203.0.113.9', acceptedUserAgent: 'Mozilla/5.0', acceptedDomain: 'https://harbor.example.com' },
          },
        },
      });
      const enabled = await capability();
      assert.equal(enabled.result.status, 'enabled');

      const legacy = await moov.underwriting.upsert({
        accountID,
        updateUnderwriting: {
          averageTransactionSize: 800,
          maxTransactionSize: 20_000,
          averageMonthlyTransactionVolume: 2_000_000,
          volumeByCustomerType: { businessToBusinessPercentage: 0, consumerToBusinessPercentage: 100 },
          cardVolumeDistribution: { ecommercePercentage: 10, cardPresentPercentage: 90, mailOrPhonePercentage: 0, debtRepaymentPercentage: 0 },
          fulfillment: { hasPhysicalGoods: true, isShippingProduct: false, shipmentDurationDays: 0, returnPolicy: 'exchangeOnly' },
        },
      });
      assert.equal(legacy.result.geographicReach, 'us-only');
      assert.equal((await moov.underwriting.get({ accountID })).result.averageTransactionSize, 800);

      const wallet = await moov.paymentMethods.list({ accountID, paymentMethodType: 'moov-wallet' });
      const card = await cardMethod(s, 'card-payment');
      const paid = await moov.transfers.create({
        accountID: s.platform.accountID,
        xIdempotencyKey: randomUUID(),
        xWaitFor: 'rail-response',
        createTransfer: {
          source: { paymentMethodID: card.paymentMethodID },
          destination: { paymentMethodID: wallet.result[0]!.paymentMethodID },
          amount: { currency: 'USD', value: 1_250 },
        },
      });
      const transferID = (paid.result as { transferID: string }).transferID;
      await advance(s, { seconds: 2 });
      assert.equal((await moov.transfers.get({ accountID: s.platform.accountID, transferID })).result.status, 'completed');

      await moov.representatives.delete({ accountID, representativeID: ceo.representativeID });
      assert.equal((await capability()).result.status, 'pending');
    });

    it('parses the refusals with its own error classes', async () => {
      const { result: account } = await moov.accounts.create({ accountType: 'business', profile: { business: { legalBusinessName: 'Refusals LLC', businessType: 'llc' } } });
      const accountID = account.accountID;
      await assert.rejects(
        moov.representatives.create({ accountID, createRepresentative: { name: { firstName: 'A', lastName: 'B' }, governmentID: { ssn: { full: '666-12-3456' } } } }),
        (error: unknown) => error instanceof RepresentativeValidationError && error.data$.error.governmentID?.ssn?.full === 'must be a valid social security number',
      );
      await assert.rejects(
        moov.representatives.create({ accountID, createRepresentative: { name: { firstName: 'A', lastName: '' } } }),
        (error: unknown) => error instanceof RepresentativeValidationError && error.data$.error.name?.lastName === 'cannot be blank',
      );
      const { result: person } = await moov.accounts.create({ accountType: 'individual', profile: { individual: { name: { firstName: 'Solo', lastName: 'Person' } } } });
      await assert.rejects(
        moov.representatives.create({ accountID: person.accountID, createRepresentative: { name: { firstName: 'A', lastName: 'B' } } }),
        (error: unknown) => error instanceof GenericError && error.data$.error === 'only business accounts have representatives',
      );
      await assert.rejects(
        moov.files.upload({ accountID, fileUploadRequestMultiPart: { file: { fileName: 'notes.txt', content: new TextEncoder().encode('hello') }, filePurpose: 'business_verification' } }),
        (error: unknown) => error instanceof FileValidationError && typeof error.data$.file === 'string',
      );
      await assert.rejects(
        moov.underwriting.upsert({
          accountID,
          updateUnderwriting: {
            averageTransactionSize: 5,
            maxTransactionSize: 1,
            averageMonthlyTransactionVolume: 1,
            volumeByCustomerType: { businessToBusinessPercentage: 50, consumerToBusinessPercentage: 50 },
            cardVolumeDistribution: { ecommercePercentage: 100, cardPresentPercentage: 0, mailOrPhonePercentage: 0, debtRepaymentPercentage: 0 },
            fulfillment: { hasPhysicalGoods: false, isShippingProduct: false, shipmentDurationDays: 0, returnPolicy: 'none' },
          },
        }),
        (error: unknown) => error instanceof UpdateUnderwritingError && error.data$.error.averageTransactionSize === 'must be no greater than maxTransactionSize',
      );
    });
  });
}
