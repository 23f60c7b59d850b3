import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2026, assertMatches, business, create, individual } from './helpers.ts';

for (const kind of await storeKinds()) {
  describe(`accounts: create (${kind})`, () => {
    const s = serverPerSuite(kind);

    const post = (body: unknown, headers: Record<string, string> = V2026) => s.request('POST', '/accounts', { body, headers });

    it('creates an individual: sensitive values stored but never echoed', async () => {
      const account = await create(
        s,
        individual(
          { metadata: { plan: 'gold' }, foreignID: 'crm-1' },
          {
            email: 'Jordan@Example.com',
            phone: { number: '(818) 555-1212', countryCode: '1' },
            address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'co', postalCode: '80301', country: 'us' },
            birthDate: { day: 9, month: 11, year: 1989 },
            governmentID: { ssn: { full: '123-45-6789' } },
          },
        ),
      );
      assert.match(account.accountID, /^[0-9a-f-]{36}$/);
      assert.equal(account.mode, 'sandbox');
      assert.equal(account.displayName, 'Jordan Lee');
      assert.deepEqual(account.verification, { status: 'unverified', verificationStatus: 'unverified' });
      const person = account.profile.individual;
      assert.deepEqual(person.phone, { number: '8185551212', countryCode: '1' });
      assert.equal(person.address.stateOrProvince, 'CO');
      assert.equal(person.birthDateProvided, true);
      assert.equal(person.governmentIDProvided, true);
      assert.equal(person.birthDate, undefined);
      assert.equal(person.governmentID, undefined);
      assert.deepEqual(account.metadata, { plan: 'gold' });
      assert.equal(account.foreignID, 'crm-1');
      assert.ok(!JSON.stringify(account).includes('6789'));
      assert.deepEqual(account.capabilities, [{ capability: 'transfers', status: 'enabled' }]);
      const stored = await s.services.store.read((sql) =>
        sql.get<{ document: string; sensitive: string }>('SELECT document, sensitive FROM accounts WHERE account_id = ?', [account.accountID]),
      );
      assert.ok(!stored!.document.includes('123456789'));
      // Stored, sealed (decisions/0504): present in the row, never in the clear (sealed-sensitive.test.ts opens them).
      assert.match(stored!.sensitive, /"full":"rys1\./);
      assert.match(stored!.sensitive, /"birthDate":"rys1\./);
      assert.ok(!stored!.sensitive.includes('123456789'));
      assert.ok(!stored!.sensitive.includes('"year":1989'));
    });

    it('creates a business with defaults for settings and the display name from the DBA', async () => {
      const account = await create(
        s,
        business({}, { doingBusinessAs: 'Whole Body', businessType: 'llc', taxID: { ein: { number: '12-3456789' } }, website: 'wholebody.example.com' }),
      );
      assert.equal(account.displayName, 'Whole Body');
      assert.equal(account.profile.business.taxIDProvided, true);
      assert.equal(account.profile.business.ownersProvided, false);
      assert.equal(account.profile.business.taxID, undefined);
      assert.deepEqual(account.settings, { cardPayment: { statementDescriptor: 'Whole Body' }, achPayment: { companyName: 'Whole Body' } });
    });

    it('records requested capabilities as pending next to transfers enabled', async () => {
      const account = await create(s, individual({ capabilities: ['wallet', 'send-funds.ach', 'wallet', 'transfers'] }));
      const byID = Object.fromEntries(account.capabilities.map((c: any) => [c.capability, c.status]));
      assert.deepEqual(byID, { transfers: 'enabled', wallet: 'pending', 'send-funds.ach': 'pending' });
    });

    it('ignores a requested mode: the account inherits the caller’s', async () => {
      const account = await create(s, individual({ mode: 'production' }));
      assert.equal(account.mode, 'sandbox');
    });

    it('writes an account.created event in the same unit of work', async () => {
      const account = await create(s, individual({ foreignID: 'evt-1' }));
      const event = await s.services.store.read((sql) =>
        sql.get<{ event_type: string; data: string; platform_id: string }>(
          "SELECT event_type, data, platform_id FROM events WHERE event_type = 'account.created' AND data LIKE ?",
          [`%${account.accountID}%`],
        ),
      );
      assert.equal(event?.platform_id, s.platform.accountID);
      assert.deepEqual(JSON.parse(event!.data), { accountID: account.accountID, foreignID: 'evt-1' });
    });

    const invalid: [string, unknown, unknown][] = [
      ['missing accountType', { profile: { individual: { name: { firstName: 'A', lastName: 'B' } } } }, { accountType: 'cannot be blank' }],
      ['unknown accountType', { accountType: 'guest', profile: {} }, { accountType: /.+/ }],
      ['missing profile', { accountType: 'individual' }, { profile: 'cannot be blank' }],
      ['blank last name', individual({}, { name: { firstName: 'A', lastName: '' } }), { profile: { individual: { name: { lastName: 'cannot be blank' } } } }],
      ['wrong type for a name', individual({}, { name: { firstName: 5, lastName: 'B' } }), { profile: { individual: { name: { firstName: 'must be a string' } } } }],
      ['invalid email', individual({}, { email: 'not-an-email' }), { profile: { individual: { email: 'must be a valid email address' } } }],
      ['invalid phone', individual({}, { phone: { number: '123' } }), { profile: { individual: { phone: { number: 'must be a valid US phone number' } } } }],
      ['unknown state', individual({}, { address: { addressLine1: '1 Main', city: 'X', stateOrProvince: 'ZZ', postalCode: '80301', country: 'US' } }), { profile: { individual: { address: { stateOrProvince: 'must be a valid US state code' } } } }],
      ['bad postal code', individual({}, { address: { addressLine1: '1 Main', city: 'X', stateOrProvince: 'CO', postalCode: '8030', country: 'US' } }), { profile: { individual: { address: { postalCode: 'must be a valid five-digit US postal code' } } } }],
      ['impossible birth date', individual({}, { birthDate: { day: 30, month: 2, year: 1990 } }), { profile: { individual: { birthDate: { day: 'must be between 1 and 28 for that month' } } } }],
      ['future birth date', individual({}, { birthDate: { day: 1, month: 1, year: 2999 } }), { profile: { individual: { birthDate: { year: 'must not be in the future' } } } }],
      ['implausible age', individual({}, { birthDate: { day: 1, month: 1, year: 1850 } }), { profile: { individual: { birthDate: { year: 'must give an age of at most 120 years' } } } }],
      ['birth date with a string', individual({}, { birthDate: { day: '1', month: 1, year: 1990 } }), { profile: { individual: { birthDate: { day: 'must be a whole number' } } } }],
      ['invalid SSN', individual({}, { governmentID: { ssn: { full: '000-12-3456' } } }), { profile: { individual: { governmentID: { ssn: { full: 'must be a valid social security number' } } } } }],
      ['invalid ITIN', individual({}, { governmentID: { itin: { full: '123-45-6789' } } }), { profile: { individual: { governmentID: { itin: { full: 'must be a valid individual taxpayer identification number' } } } } }],
      ['invalid EIN', business({}, { taxID: { ein: { number: '00-1234567' } } }), { profile: { business: { taxID: { ein: { number: 'must be a valid employer identification number' } } } } }],
      ['short description', business({}, { description: 'short' }), { profile: { business: { description: 'the length must be between 10 and 100' } } }],
      ['bad website', business({}, { website: 'not a url' }), { profile: { business: { website: 'must be a valid URL' } } }],
      ['profile of the other type', { accountType: 'individual', profile: { individual: { name: { firstName: 'A', lastName: 'B' } }, business: { legalBusinessName: 'X' } } }, { accountType: 'profile.business is not allowed for an individual account' }],
      ['metadata with a number', individual({ metadata: { a: 1 } }), { metadata: /must be an object/ }],
      ['Moov-managed capability', individual({ capabilities: ['transfers', 'production-app'] }), { capabilities: { '1': 'is managed by Moov and cannot be requested' } }],
      ['unknown capability', individual({ capabilities: ['teleport'] }), { capabilities: { '0': /.+/ } }],
      ['card settings on an individual', individual({ settings: { cardPayment: { statementDescriptor: 'Jordan' } } }), { settings: { cardPayment: { statementDescriptor: 'only allowed on a business account' } } }],
      ['ToS with neither token nor manual', individual({ termsOfService: {} }), { termsOfService: { token: 'cannot be blank' } }],
      ['unknown ToS token', individual({ termsOfService: { token: 'nope' } }), { termsOfService: { token: 'must be a valid, unused terms of service token' } }],
      ['manual ToS with a bad IP', individual({ termsOfService: { manual: { acceptedDate: '2024-01-01T00:00:00Z', acceptedIP: '999.1.1.1', acceptedUserAgent: 'UA', acceptedDomain: 'https://a.example.com' } } }), { termsOfService: { manual: { acceptedIP: 'must be a valid IP address' } } }],
      ['foreignID too long', individual({ foreignID: 'x'.repeat(65) }), { foreignID: 'the length must be no more than 64' }],
    ];
    for (const [name, body, expected] of invalid) {
      it(`422 for ${name}`, async () => {
        const response = await post(body);
        assert.equal(response.status, 422, response.text);
        assertMatches(response.json, expected);
      });
    }

    it('records a manual ToS acceptance', async () => {
      const account = await create(
        s,
        individual({ termsOfService: { manual: { acceptedDate: '2024-05-06T12:20:38Z', acceptedIP: '172.217.2.46', acceptedUserAgent: 'Mozilla/5.0', acceptedDomain: 'https://app.example.com' } } }),
      );
      assert.deepEqual(account.termsOfService, { acceptedDate: '2024-05-06T12:20:38.000Z', acceptedIP: '172.217.2.46' });
    });

    it('400 for malformed JSON, 413 for an oversized body, 401 without credentials', async () => {
      const malformed = await s.request('POST', '/accounts', { rawBody: '{"accountType":', headers: { 'content-type': 'application/json' } });
      assert.equal(malformed.status, 400);
      assert.equal(typeof malformed.json.error, 'string');
      const huge = await s.request('POST', '/accounts', { body: individual({ metadata: { a: 'x'.repeat(300_000) } }) });
      assert.equal(huge.status, 413);
      assert.equal(typeof huge.json.error, 'string');
      const anonymous = await s.request('POST', '/accounts', { body: individual(), auth: null });
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.text, '');
    });

    it('404 with an empty body for a malformed X-Moov-Version', async () => {
      const response = await post(individual(), { 'x-moov-version': '2022' });
      assert.equal(response.status, 404);
      assert.equal(response.text, '');
    });

    it('nothing is written when validation fails', async () => {
      const before = await s.services.store.read((sql) => sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts'));
      await post(individual({ termsOfService: { token: 'unknown' } }));
      const after = await s.services.store.read((sql) => sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts'));
      assert.equal(Number(after!.n), Number(before!.n));
    });
  });
}
