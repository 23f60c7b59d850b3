import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { APIError, AssignCountriesError, GenericError, OnboardingInviteError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { submitInviteForm } from '../support/onboarding-invites.ts';

/** Reads an SDK byte stream in full. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// The official SDK (v2026.01.00) calls the invite, countries, agreement,
// industries, institutions, enrichment and avatar operations unchanged: every
// answer parses with its schemas (closed enums, exact statuses, the PDF and PNG
// streams by content type), and its typed errors carry the messages.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk onboarding invites and enrichment compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    let other: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
      other = new Moov({ security: { username: s.otherPlatform.publicKey, password: s.otherPlatform.secret }, serverURL: s.url });
    });

    it('creates, lists, gets and revokes invites; a redeemed one shows its account', async () => {
      const created = await moov.onboarding.createInvite({
        scopes: ['accounts.read', 'transfers.write'],
        grantScopes: ['transfers.read'],
        capabilities: ['transfers', 'collect-funds.card-payments'],
        feePlanCodes: ['merchant-direct'],
        returnURL: 'https://platform.example.com/done',
        termsOfServiceURL: 'https://platform.example.com/terms',
        prefill: { accountType: 'business', profile: { business: { legalBusinessName: 'Whole Body Fitness LLC' } } },
      });
      const invite = created.result;
      assert.match(invite.code, /^[A-Za-z0-9]{10}$/);
      assert.ok(invite.createdOn instanceof Date);
      assert.deepEqual(invite.capabilities, ['transfers', 'collect-funds.card-payments']);
      assert.equal(invite.partner?.accountMode, 'sandbox');
      assert.equal(invite.prefill?.profile.business?.legalBusinessName, 'Whole Body Fitness LLC');
      assert.deepEqual((await moov.onboarding.getInvite({ code: invite.code })).result, invite);
      assert.ok((await moov.onboarding.listInvites()).result.some((i) => i.code === invite.code));

      const done = await submitInviteForm(invite.link, { 'business.legalBusinessName': 'Whole Body Fitness LLC', acceptTerms: 'yes' });
      assert.equal(done.status, 303);
      const redeemed = (await moov.onboarding.getInvite({ code: invite.code })).result;
      assert.ok(redeemed.redeemedOn instanceof Date);
      assert.equal(redeemed.redeemedAccountID, new URL(done.headers.get('location')!).searchParams.get('accountID'));
      await assert.rejects(moov.onboarding.revokeInvite({ code: invite.code }), (error: unknown) => error instanceof APIError && error.statusCode === 409);

      const second = (await moov.onboarding.createInvite({ scopes: ['accounts.read'], capabilities: [], feePlanCodes: [] })).result;
      await moov.onboarding.revokeInvite({ code: second.code });
      assert.ok((await moov.onboarding.getInvite({ code: second.code })).result.revokedOn instanceof Date);
      await assert.rejects(other.onboarding.getInvite({ code: second.code }), (error: unknown) => error instanceof APIError && error.statusCode === 404);
      await assert.rejects(moov.onboarding.getInvite({ code: 'ZZZZZZZZZZ' }), (error: unknown) => error instanceof APIError && error.statusCode === 404);
    });

    it('a refused invite is the typed OnboardingInviteError', async () => {
      await assert.rejects(
        moov.onboarding.createInvite({ scopes: ['accounts.read'], capabilities: [], feePlanCodes: ['Not Valid'], returnURL: 'ftp://x' }),
        (error: unknown) => error instanceof OnboardingInviteError && typeof error.feePlanCodes?.['0'] === 'string' && typeof error.returnURL === 'string',
      );
      await assert.rejects(
        moov.onboarding.createInvite({ scopes: ['accounts.read'], capabilities: ['wallet', 'wallet'], feePlanCodes: [] }),
        (error: unknown) => error instanceof OnboardingInviteError && /listed twice/.test(error.capabilities?.['1'] ?? ''),
      );
    });

    it('assigns and reads countries; a refused one is the typed AssignCountriesError', async () => {
      const account = (await moov.accounts.create({ accountType: 'individual', profile: { individual: { name: { firstName: 'Ada', lastName: 'Lovelace' } } } })).result;
      assert.deepEqual((await moov.accounts.getCountries({ accountID: account.accountID })).result, { countries: [] });
      const assigned = await moov.accounts.assignCountries({ accountID: account.accountID, accountCountries: { countries: ['United States', 'CA'] } });
      assert.deepEqual(assigned.result.countries, ['United States', 'Canada']);
      await assert.rejects(
        moov.accounts.assignCountries({ accountID: account.accountID, accountCountries: { countries: ['Cuba'] } }),
        (error: unknown) => error instanceof AssignCountriesError && /sanctions/.test(error.countries['0'] ?? ''),
      );
      await assert.rejects(other.accounts.getCountries({ accountID: account.accountID }), (error: unknown) => error instanceof APIError && error.statusCode === 404);
    });

    it('streams the merchant agreement as a PDF', async () => {
      const account = (
        await moov.accounts.create({
          accountType: 'business',
          profile: { business: { legalBusinessName: 'Whole Body Fitness LLC' } },
          termsOfService: { manual: { acceptedDate: new Date(), acceptedIP: '192.0.2.7', acceptedUserAgent: 'sdk-test', acceptedDomain: 'platform.example.com' } },
        })
      ).result;
      const agreement = await moov.accounts.getMerchantProcessingAgreement({ accountID: account.accountID });
      const bytes = await readAll(agreement.result);
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    });

    it('lists industries, searches institutions (both searches), enriches addresses and profiles, draws avatars', async () => {
      const { industries } = (await moov.industries.list()).result;
      assert.ok(industries.some((i) => i.defaultMcc === '5651' && i.industry === 'clothing-accessories'));

      const found = (await moov.institutions.searchInstitutions({ routingNumber: '021000021' })).result;
      assert.equal(found.ach?.[0]?.name, 'JPMorgan Chase Bank, N.A.');
      assert.equal(found.rtp?.[0]?.services.receivePayments, true);
      const ach = (await moov.institutions.search({ name: 'navy federal' })).result;
      assert.equal(ach.achParticipants[0]?.routingNumber, '256074974');
      await assert.rejects(moov.institutions.search({ routingNumber: '256074975' }), (error: unknown) => error instanceof GenericError);

      const address = (await moov.enrichedAddress.get({ search: '10 Market St', maxResults: 2 })).result;
      assert.equal(address.suggestions.length, 2);
      assert.equal(address.suggestions[0]?.addressLine1, '10 Market St');
      const profile = (await moov.enrichedProfile.get({ email: 'hello@fit-gym.com' })).result;
      assert.deepEqual(profile.business?.industryCodes, { naics: '713940', sic: '7991' });

      const avatar = await moov.avatars.get({ uniqueID: s.platform.accountID });
      const png = await readAll(avatar.result);
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    });
  });
}
