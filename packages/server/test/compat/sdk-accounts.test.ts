import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { CreateAccountError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';

// The official SDK (v2026.01.00) against a running server: every accounts
// operation must answer shapes the SDK's own response schemas accept.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk accounts compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('runs every accounts operation through the SDK', async () => {
      const tos = await moov.accounts.getTermsOfServiceToken({ origin: 'https://app.example.com' });
      assert.ok(tos.result.token.length > 0);

      const person = await moov.accounts.create({
        accountType: 'individual',
        profile: {
          individual: {
            name: { firstName: 'Jordan', lastName: 'Lee' },
            email: 'jordan@example.com',
            phone: { number: '8185551212', countryCode: '1' },
            address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
            birthDate: { day: 9, month: 11, year: 1989 },
            governmentID: { ssn: { full: '123-45-6789' } },
          },
        },
        metadata: { plan: 'gold' },
        termsOfService: { token: tos.result.token },
        foreignID: 'sdk-person',
        capabilities: ['wallet', 'send-funds.ach'],
      });
      const personID = person.result.accountID;
      assert.ok(person.result.createdOn instanceof Date);
      assert.ok(person.result.termsOfService?.acceptedDate instanceof Date);
      assert.equal(person.result.profile.individual?.birthDateProvided, true);

      const company = await moov.accounts.create({
        accountType: 'business',
        profile: {
          business: {
            legalBusinessName: 'Whole Body Fitness LLC',
            businessType: 'llc',
            taxID: { ein: { number: '12-3456789' } },
            website: 'https://wholebody.example.com',
            description: 'Local fitness gym paying out instructors',
            industryCodes: { naics: '713940', sic: '7991', mcc: '7997' },
          },
        },
        customerSupport: { email: 'help@wholebody.example.com', phone: { number: '3035551234', countryCode: '1' } },
        settings: { cardPayment: { statementDescriptor: 'Whole Body Fitness' }, achPayment: { companyName: 'WholeBody' } },
        termsOfService: {
          manual: { acceptedDate: new Date('2024-05-06T12:20:38Z'), acceptedIP: '172.217.2.46', acceptedUserAgent: 'Mozilla/5.0', acceptedDomain: 'https://app.example.com' },
        },
      });
      const companyID = company.result.accountID;
      assert.equal(company.result.profile.business?.taxIDProvided, true);

      const listed = await moov.accounts.list({ name: 'jordan', type: 'individual', count: 10, skip: 0 });
      assert.deepEqual(listed.result.map((a) => a.accountID), [personID]);
      // A complete profile with ToS accepted: the requested wallet capability is enabled at once (docs/capabilities.md).
      const byCapability = await moov.accounts.list({ capability: 'wallet', capabilityStatus: 'enabled', includeDisconnected: false });
      assert.deepEqual(byCapability.result.map((a) => a.accountID), [personID]);

      const got = await moov.accounts.get({ accountID: companyID });
      assert.equal(got.result.displayName, 'Whole Body Fitness LLC');

      const updated = await moov.accounts.update({
        accountID: personID,
        patchAccount: { profile: { individual: { name: { middleName: 'Reese' } } }, metadata: null, customerSupport: null },
      });
      assert.equal(updated.result.profile.individual?.name.middleName, 'Reese');
      assert.equal(updated.result.metadata, undefined);

      await moov.accounts.connect({ accountID: personID, shareScopes: { principalAccountID: companyID, allowScopes: ['profile.read'] } });
      const connected = await moov.accounts.listConnected({ accountID: companyID });
      assert.deepEqual(connected.result.map((a) => a.accountID), [personID]);

      await moov.accounts.disconnect({ accountID: personID });
      const afterwards = await moov.accounts.get({ accountID: personID });
      assert.ok(afterwards.result.disconnectedOn instanceof Date);
      const all = await moov.accounts.list({ includeDisconnected: true });
      assert.equal(all.result.length, 2);
    });

    it('a 422 parses as the SDK’s CreateAccountError', async () => {
      await assert.rejects(
        moov.accounts.create({ accountType: 'individual', profile: { individual: { name: { firstName: 'A', lastName: 'B' }, email: 'nope' } } }),
        (error: unknown): boolean => {
          assert.ok(error instanceof CreateAccountError, String(error));
          assert.equal(error.data$.profile?.individual?.email, 'must be a valid email address');
          return true;
        },
      );
    });
  });
}
