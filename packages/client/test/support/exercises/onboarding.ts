import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RailyardClient } from '../../../src/index.ts';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, type Exercises } from './context.ts';

/* Onboarding invites, countries, the merchant agreement and the form-shortening reads (issue 17, items 4-5). */

async function createInvite(client: RailyardClient) {
  return client.onboarding.createInvite({ body: { scopes: ['accounts.read'], capabilities: ['transfers'], feePlanCodes: ['merchant-direct'] } });
}

/** An account that accepted the terms by a manual record, so it has a merchant agreement. */
async function acceptedAccount(client: RailyardClient) {
  return client.accounts.create({
    body: {
      ...individualAccountBody(),
      termsOfService: { manual: { acceptedDate: new Date().toISOString(), acceptedIP: '192.0.2.10', acceptedUserAgent: 'exercise', acceptedDomain: 'platform.example.com' } },
    },
  });
}

export const onboardingExercises: Exercises = {
  'onboarding.createInvite': async ({ server, client }) => {
    const invite = await createInvite(client);
    assert.match(invite.code, /^[A-Za-z0-9]{10}$/);
    assert.equal(invite.link, `${server.url}/onboarding/${invite.code}`);
    await assert.rejects(
      client.onboarding.createInvite({ body: { scopes: ['accounts.read'], capabilities: [], feePlanCodes: ['Bad Code'] } }),
      apiError(422, (e) => typeof (e.fields?.['feePlanCodes'] as Record<string, unknown> | undefined)?.['0'] === 'string'),
    );
  },

  'onboarding.listInvites': async ({ client }) => {
    const invite = await createInvite(client);
    assert.ok((await client.onboarding.listInvites()).some((i) => i.code === invite.code));
  },

  'onboarding.getInvite': async ({ client }) => {
    const invite = await createInvite(client);
    assert.deepEqual(await client.onboarding.getInvite({ code: invite.code }), invite);
    await assert.rejects(client.onboarding.getInvite({ code: 'ZZZZZZZZZZ' }), apiError(404));
  },

  'onboarding.revokeInvite': async ({ client }) => {
    const invite = await createInvite(client);
    assert.equal(await client.onboarding.revokeInvite({ code: invite.code }), undefined);
    assert.ok((await client.onboarding.getInvite({ code: invite.code })).revokedOn);
  },

  'accounts.getCountries': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    assert.deepEqual(await client.accounts.getCountries({ accountID: account.accountID }), { countries: [] });
  },

  'accounts.assignCountries': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const assigned = await client.accounts.assignCountries({ accountID: account.accountID, body: { countries: ['US', 'Canada'] } });
    assert.deepEqual(assigned.countries, ['United States', 'Canada']);
    await assert.rejects(
      client.accounts.assignCountries({ accountID: account.accountID, body: { countries: ['Atlantis'] } }),
      apiError(422, (e) => typeof (e.fields?.['countries'] as Record<string, unknown> | undefined)?.['0'] === 'string'),
    );
  },

  'accounts.getMerchantProcessingAgreement': async ({ client }) => {
    const account = await acceptedAccount(client);
    const pdf = await client.accounts.getMerchantProcessingAgreement({ accountID: account.accountID });
    assert.equal(pdf.contentType, 'application/pdf');
    assert.equal(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    await assert.rejects(client.accounts.getMerchantProcessingAgreement({ accountID: randomUUID() }), apiError(404));
  },

  'industries.list': async ({ client }) => {
    const { industries } = await client.industries.list();
    assert.ok(industries.length > 100);
    assert.ok(industries.some((i) => i.industry === 'clothing-accessories' && i.defaultMcc === '5651' && i.category === 'retail'));
  },

  'institutions.search': async ({ client }) => {
    const found = await client.institutions.search({ routingNumber: '021000021' });
    assert.equal(found.ach?.[0]?.name, 'JPMorgan Chase Bank, N.A.');
    await assert.rejects(client.institutions.search({ routingNumber: '021000022' }), apiError(400));
  },

  'institutions.searchAch': async ({ client }) => {
    const found = await client.institutions.searchAch({ name: 'wells fargo' });
    assert.equal(found.achParticipants[0]?.routingNumber, '121000248');
  },

  'enrichment.getAddress': async ({ client }) => {
    const { suggestions } = await client.enrichment.getAddress({ search: '123 Main', maxResults: 3 });
    assert.equal(suggestions.length, 3);
    assert.ok(suggestions.every((s) => s.addressLine1?.startsWith('123 Main ')));
  },

  'enrichment.getProfile': async ({ client }) => {
    const { business } = await client.enrichment.getProfile({ email: 'ops@acme-tools.com' });
    assert.equal(business?.website, 'https://www.acme-tools.com');
    await assert.rejects(client.enrichment.getProfile({ email: 'someone@gmail.com' }), apiError(404));
  },

  'avatars.get': async ({ client }) => {
    const png = await client.avatars.get({ uniqueID: randomUUID() });
    assert.equal(png.contentType, 'image/png');
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  },
};
