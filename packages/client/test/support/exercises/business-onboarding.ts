import assert from 'node:assert/strict';
import type { RailyardClient } from '../../../src/index.ts';
import { apiError, UUID, type Exercises } from './context.ts';

/* Representatives, underwriting and account files (issue 17, items 1-3), through the client. */

async function business(client: RailyardClient) {
  return client.accounts.create({ body: { accountType: 'business', profile: { business: { legalBusinessName: 'Exercise Works LLC', businessType: 'llc' } } } });
}

const CONTROLLER = {
  name: { firstName: 'Rae', lastName: 'Quinn' },
  birthDate: { day: 1, month: 5, year: 1979 },
  governmentID: { ssn: { full: '123-45-6789' } },
  responsibilities: { isController: true, isOwner: false, jobTitle: 'COO' },
};

async function representative(client: RailyardClient) {
  const account = await business(client);
  const rep = await client.representatives.create({ accountID: account.accountID, body: CONTROLLER });
  return { accountID: account.accountID, rep };
}

const PDF = '%PDF-1.4\n%%EOF\n';

export const businessOnboardingExercises: Exercises = {
  'representatives.create': async ({ client }) => {
    const { rep } = await representative(client);
    assert.match(rep.representativeID, UUID);
    assert.equal(rep.governmentIDProvided, true);
  },
  'representatives.list': async ({ client }) => {
    const { accountID, rep } = await representative(client);
    assert.deepEqual((await client.representatives.list({ accountID })).map((r) => r.representativeID), [rep.representativeID]);
  },
  'representatives.get': async ({ client }) => {
    const { accountID, rep } = await representative(client);
    assert.deepEqual(await client.representatives.get({ accountID, representativeID: rep.representativeID }), rep);
  },
  'representatives.update': async ({ client }) => {
    const { accountID, rep } = await representative(client);
    const updated = await client.representatives.update({ accountID, representativeID: rep.representativeID, body: { email: 'rae@example.com' } });
    assert.equal(updated.email, 'rae@example.com');
    await assert.rejects(
      client.representatives.update({ accountID, representativeID: rep.representativeID, body: { birthDate: { day: 1, month: 1, year: 2999 } } }),
      apiError(422, (e) => JSON.stringify(e.fields).includes('must not be in the future')),
    );
  },
  'representatives.delete': async ({ client }) => {
    const { accountID, rep } = await representative(client);
    assert.equal(await client.representatives.delete({ accountID, representativeID: rep.representativeID }), undefined);
    await assert.rejects(client.representatives.get({ accountID, representativeID: rep.representativeID }), apiError(404));
  },
  'underwriting.get': async ({ client }) => {
    const account = await business(client);
    await assert.rejects(client.underwriting.get({ accountID: account.accountID }), apiError(404));
    await client.underwriting.save({ accountID: account.accountID, body: { geographicReach: 'us-only' } });
    assert.equal((await client.underwriting.get({ accountID: account.accountID })).geographicReach, 'us-only');
  },
  'underwriting.save': async ({ client }) => {
    const account = await business(client);
    const saved = await client.underwriting.save({ accountID: account.accountID, body: { businessPresence: 'home-based', submissionIntent: 'wait' } });
    assert.equal(saved.status, 'pending');
  },
  'underwriting.upsert': async ({ client }) => {
    const account = await business(client);
    const saved = await client.underwriting.upsert({
      accountID: account.accountID,
      body: {
        averageTransactionSize: 100,
        maxTransactionSize: 1_000,
        averageMonthlyTransactionVolume: 10_000,
        volumeByCustomerType: { businessToBusinessPercentage: 100, consumerToBusinessPercentage: 0 },
        cardVolumeDistribution: { ecommercePercentage: 100, cardPresentPercentage: 0, mailOrPhonePercentage: 0, debtRepaymentPercentage: 0 },
        fulfillment: { hasPhysicalGoods: false, isShippingProduct: false, shipmentDurationDays: 0, returnPolicy: 'none' },
      },
    });
    assert.equal(saved.status, 'approved');
  },
  'files.upload': async ({ client }) => {
    const account = await business(client);
    const asFile = await client.files.upload({
      accountID: account.accountID,
      body: { file: new File([PDF], 'a.pdf', { type: 'application/pdf' }), filePurpose: 'business_verification' },
    });
    assert.equal(asFile.fileSizeBytes, PDF.length);
    // The JSON form an MCP tool sends: base64 content.
    const asJson = await client.files.upload({
      accountID: account.accountID,
      body: { file: { fileName: 'b.pdf', contentType: 'application/pdf', contentBase64: btoa(PDF) }, filePurpose: 'merchant_underwriting', metadata: '{"comment":"json"}' },
    });
    assert.equal(asJson.fileName, 'b.pdf');
    await assert.rejects(
      client.files.upload({ accountID: account.accountID, body: { file: new File(['x'], 'x.gif', { type: 'image/gif' }), filePurpose: 'business_verification' } }),
      apiError(422, (e) => typeof e.fields?.['file'] === 'string'),
    );
  },
  'files.list': async ({ client }) => {
    const account = await business(client);
    const file = await client.files.upload({ accountID: account.accountID, body: { file: new File([PDF], 'a.pdf', { type: 'application/pdf' }), filePurpose: 'business_verification' } });
    assert.deepEqual((await client.files.list({ accountID: account.accountID })).map((f) => f.fileID), [file.fileID]);
  },
  'files.get': async ({ client }) => {
    const account = await business(client);
    const file = await client.files.upload({ accountID: account.accountID, body: { file: new File([PDF], 'a.pdf', { type: 'application/pdf' }), filePurpose: 'business_verification' } });
    assert.deepEqual(await client.files.get({ accountID: account.accountID, fileID: file.fileID }), file);
  },
};
