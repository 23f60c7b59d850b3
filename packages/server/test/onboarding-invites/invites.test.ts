import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { accountCount, createInvite, inviteBody, submitForm } from './helpers.ts';
import { V2026 } from '../support/versions.ts';
import { bearer, mintToken } from '../support/auth.ts';

const DAY_S = 86_400;

for (const kind of await storeKinds()) {
  describe(`onboarding invites (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('creates an invite with a code, a link to the page, and the platform as partner', async () => {
      const invite = await createInvite(s, {
        returnURL: 'https://platform.example.com/done',
        termsOfServiceURL: 'https://platform.example.com/terms',
        grantScopes: ['transfers.read'],
        prefill: { accountType: 'business', profile: { business: { legalBusinessName: 'Whole Body Fitness LLC' } } },
      });
      assert.match(invite.code, /^[A-Za-z0-9]{10}$/);
      assert.equal(invite.link, `${s.url}/onboarding/${invite.code}`);
      assert.deepEqual(invite.scopes, ['accounts.read', 'transfers.write']);
      assert.deepEqual(invite.grantScopes, ['transfers.read']);
      assert.deepEqual(invite.capabilities, ['transfers', 'send-funds', 'wallet']);
      assert.deepEqual(invite.feePlanCodes, ['merchant-direct']);
      assert.equal(invite.returnURL, 'https://platform.example.com/done');
      assert.equal(invite.prefill.profile.business.legalBusinessName, 'Whole Body Fitness LLC');
      assert.deepEqual(invite.partner, { accountID: s.platform.accountID, accountMode: 'sandbox', displayName: 'Platform One' });
      assert.ok(!Number.isNaN(Date.parse(invite.createdOn)));
      for (const absent of ['revokedOn', 'redeemedOn', 'redeemedAccountID']) assert.equal(absent in invite, false, absent);

      const got = await s.request('GET', `/onboarding-invites/${invite.code}`, { headers: V2026 });
      assert.equal(got.status, 200);
      assert.deepEqual(got.json, invite);
      const listed = await s.request('GET', '/onboarding-invites', { headers: V2026 });
      assert.equal(listed.status, 200);
      assert.ok(listed.json.some((i: any) => i.code === invite.code));
    });

    it('refuses bad requests with 422 keyed like the SDK, and writes nothing', async () => {
      const before = (await s.request('GET', '/onboarding-invites')).json.length;
      const bad = await s.request('POST', '/onboarding-invites', {
        body: inviteBody({ scopes: ['accounts.read', 'nope.write'], capabilities: ['flying'], feePlanCodes: ['Not A Code'], returnURL: 'javascript:alert(1)' }),
      });
      assert.equal(bad.status, 422, bad.text);
      assert.match(bad.json.scopes['1'], /.+/);
      assert.match(bad.json.capabilities['0'], /.+/);
      assert.match(bad.json.feePlanCodes['0'], /lower-case/);
      assert.match(bad.json.returnURL, /http or https/);
      const empty = await s.request('POST', '/onboarding-invites', { body: inviteBody({ scopes: [] }) });
      assert.equal(empty.status, 422);
      assert.equal(empty.json.scopes, 'cannot be blank');
      const twice = await s.request('POST', '/onboarding-invites', { body: inviteBody({ capabilities: ['wallet', 'wallet'] }) });
      assert.equal(twice.status, 422);
      assert.match(twice.json.capabilities['1'], /listed twice/);
      const badPrefill = await s.request('POST', '/onboarding-invites', {
        body: inviteBody({ prefill: { accountType: 'business', profile: { business: { legalBusinessName: 'Fine LLC', email: 'not-an-email' } } } }),
      });
      assert.equal(badPrefill.status, 422, badPrefill.text);
      assert.match(badPrefill.json.prefill.profile.business.email, /.+/);
      const mixedPrefill = await s.request('POST', '/onboarding-invites', {
        body: inviteBody({ prefill: { accountType: 'individual', profile: { business: { legalBusinessName: 'Fine LLC' } } } }),
      });
      assert.equal(mixedPrefill.status, 422, mixedPrefill.text);
      const notObject = await s.request('POST', '/onboarding-invites', { rawBody: '[1]', headers: { 'content-type': 'application/json' } });
      assert.equal(notObject.status, 400);
      assert.equal((await s.request('GET', '/onboarding-invites')).json.length, before);
    });

    it("answers another platform's and unknown codes with the same empty 404", async () => {
      const invite = await createInvite(s);
      const other = s.otherPlatform.basic;
      for (const [method, path] of [
        ['GET', `/onboarding-invites/${invite.code}`],
        ['DELETE', `/onboarding-invites/${invite.code}`],
        ['GET', '/onboarding-invites/ZZZZZZZZZZ'],
        ['DELETE', '/onboarding-invites/ZZZZZZZZZZ'],
        ['GET', '/onboarding-invites/short'],
      ] as const) {
        const response = await s.request(method, path, { auth: path.includes(invite.code) ? other : undefined });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(response.text, '', `${method} ${path}`);
      }
      assert.equal((await s.request('GET', '/onboarding-invites', { auth: other })).json.some((i: any) => i.code === invite.code), false);
      // The other platform's DELETE changed nothing.
      assert.equal((await s.request('GET', `/onboarding-invites/${invite.code}`)).json.revokedOn, undefined);
    });

    it('needs /accounts.write to create and revoke, /accounts.read to read', async () => {
      const read = await mintToken(s, '/accounts.read');
      const write = await mintToken(s, '/accounts.write');
      assert.equal((await s.request('POST', '/onboarding-invites', { body: inviteBody(), auth: bearer(read.access_token) })).status, 403);
      const created = await s.request('POST', '/onboarding-invites', { body: inviteBody(), auth: bearer(write.access_token) });
      assert.equal(created.status, 200);
      assert.equal((await s.request('GET', '/onboarding-invites', { auth: bearer(write.access_token) })).status, 403);
      assert.equal((await s.request('GET', `/onboarding-invites/${created.json.code}`, { auth: bearer(read.access_token) })).status, 200);
      assert.equal((await s.request('DELETE', `/onboarding-invites/${created.json.code}`, { auth: bearer(read.access_token) })).status, 403);
    });

    it('the link opens a form; submitting it creates a connected account with the requested capabilities, once', async () => {
      const invite = await createInvite(s, { prefill: { accountType: 'business', profile: { business: { legalBusinessName: 'Prefilled Co' } } } });
      const page = await fetch(invite.link);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'.*form-action 'self'.*frame-ancestors 'none'/);
      assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(page.headers.get('x-frame-options'), 'DENY');
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
      const html = await page.text();
      assert.match(html, /value="Prefilled Co"/);
      assert.match(html, /<label for="f-business-legalBusinessName">/);

      const accountsBefore = await accountCount(s);
      const done = await submitForm(invite.link, { 'business.legalBusinessName': 'Acme Tools LLC', 'business.email': 'ops@acme-tools.com', acceptTerms: 'yes' });
      assert.equal(done.status, 201, done.text);
      const accountID = /id="account-id">([0-9a-f-]{36})</.exec(done.text)?.[1];
      assert.ok(accountID, done.text);
      assert.equal(await accountCount(s), accountsBefore + 1);

      const account = await s.request('GET', `/accounts/${accountID}`, { headers: V2026 });
      assert.equal(account.status, 200);
      assert.equal(account.json.profile.business.legalBusinessName, 'Acme Tools LLC');
      assert.equal(account.json.termsOfService.acceptedIP, '127.0.0.1');
      const capabilities = await s.request('GET', `/accounts/${accountID}/capabilities`, { headers: V2026 });
      const ids = capabilities.json.map((c: any) => c.capability);
      for (const wanted of ['transfers', 'send-funds', 'wallet']) assert.ok(ids.includes(wanted), `${wanted} in ${ids}`);

      const redeemed = await s.request('GET', `/onboarding-invites/${invite.code}`, { headers: V2026 });
      assert.equal(redeemed.json.redeemedAccountID, accountID);
      assert.ok(redeemed.json.redeemedOn);

      // The link is used up: the page and a second submission answer 410, and no account is added.
      assert.equal((await fetch(invite.link)).status, 410);
      const again = await submitForm(invite.link, { 'business.legalBusinessName': 'Second Try LLC', acceptTerms: 'yes' });
      assert.equal(again.status, 410);
      assert.match(again.text, /data-state="redeemed"/);
      assert.equal(await accountCount(s), accountsBefore + 1);
      // A redeemed invite cannot be revoked.
      assert.equal((await s.request('DELETE', `/onboarding-invites/${invite.code}`)).status, 409);
    });

    it('sends the person on to the return URL with the account ID', async () => {
      const invite = await createInvite(s, { returnURL: 'https://platform.example.com/welcome?from=invite' });
      const form = await fetch(invite.link);
      assert.match(form.headers.get('content-security-policy') ?? '', /form-action 'self' https:\/\/platform\.example\.com;/);
      const done = await submitForm(invite.link, { accountType: 'individual', 'individual.firstName': 'Ada', 'individual.lastName': 'Lovelace', acceptTerms: 'yes' });
      assert.equal(done.status, 303);
      const location = new URL(done.headers.get('location')!);
      assert.equal(location.origin + location.pathname, 'https://platform.example.com/welcome');
      assert.equal(location.searchParams.get('from'), 'invite');
      const accountID = location.searchParams.get('accountID')!;
      assert.equal((await s.request('GET', `/accounts/${accountID}`)).json.profile.individual.name.firstName, 'Ada');
    });

    it('a refused form comes back with the messages and nothing written; the invite stays open', async () => {
      const invite = await createInvite(s);
      const accountsBefore = await accountCount(s);
      const noType = await submitForm(invite.link, { acceptTerms: 'yes' });
      assert.equal(noType.status, 422);
      assert.match(noType.text, /choose business or individual/);
      const noTerms = await submitForm(invite.link, { accountType: 'business', 'business.legalBusinessName': 'X LLC' });
      assert.equal(noTerms.status, 422);
      assert.match(noTerms.text, /id="f-acceptTerms-error">the terms of service must be accepted/);
      const badEmail = await submitForm(invite.link, { accountType: 'business', 'business.legalBusinessName': 'X LLC', 'business.email': 'not-an-email', acceptTerms: 'yes' });
      assert.equal(badEmail.status, 422);
      assert.match(badEmail.text, /id="f-business-email-error"/);
      assert.match(badEmail.text, /value="not-an-email"/);
      const tooLong = await submitForm(invite.link, { accountType: 'business', 'business.legalBusinessName': 'L'.repeat(300), acceptTerms: 'yes' });
      assert.equal(tooLong.status, 422);
      const blank = await submitForm(invite.link, { accountType: 'business', acceptTerms: 'yes' });
      assert.equal(blank.status, 422);
      assert.match(blank.text, /id="f-business-legalBusinessName-error"/);
      assert.equal(await accountCount(s), accountsBefore);
      assert.equal((await fetch(invite.link)).status, 200);
      assert.equal((await s.request('GET', `/onboarding-invites/${invite.code}`)).json.redeemedOn, undefined);
    });

    it('a revoked link answers 410 and creates nothing; revoking twice keeps the first time', async () => {
      const invite = await createInvite(s);
      assert.equal((await s.request('DELETE', `/onboarding-invites/${invite.code}`)).status, 204);
      const first = (await s.request('GET', `/onboarding-invites/${invite.code}`)).json.revokedOn;
      assert.ok(first);
      assert.equal((await s.request('DELETE', `/onboarding-invites/${invite.code}`)).status, 204);
      assert.equal((await s.request('GET', `/onboarding-invites/${invite.code}`)).json.revokedOn, first);
      const page = await fetch(invite.link);
      assert.equal(page.status, 410);
      assert.match(await page.text(), /data-state="revoked"/);
      const accountsBefore = await accountCount(s);
      const submitted = await submitForm(invite.link, { accountType: 'individual', 'individual.firstName': 'A', 'individual.lastName': 'B', acceptTerms: 'yes' });
      assert.equal(submitted.status, 410);
      assert.equal(await accountCount(s), accountsBefore);
    });

    it('unknown and malformed codes answer the 404 page', async () => {
      for (const path of ['/onboarding/ZZZZZZZZZZ', '/onboarding/short', '/onboarding/%3Cscript%3E']) {
        const response = await fetch(s.url + path);
        assert.equal(response.status, 404, path);
        assert.match(await response.text(), /Invitation not found/);
        const posted = await submitForm(s.url + path, { accountType: 'business', acceptTerms: 'yes' });
        assert.equal(posted.status, 404, path);
      }
    });

    it('a link expires after 30 days of platform time', async () => {
      // The second platform's clock, so the first platform's other tests keep real time.
      const invite = await createInvite(s, {}, s.otherPlatform.basic);
      assert.equal((await fetch(invite.link)).status, 200);
      const advanced = await s.request('POST', '/railyard/clock/advance', { auth: s.otherPlatform.basic, body: { seconds: 30 * DAY_S + 1 } });
      assert.equal(advanced.status, 200, advanced.text);
      const page = await fetch(invite.link);
      assert.equal(page.status, 410);
      assert.match(await page.text(), /data-state="expired"/);
      const submitted = await submitForm(invite.link, { accountType: 'individual', 'individual.firstName': 'A', 'individual.lastName': 'B', acceptTerms: 'yes' });
      assert.equal(submitted.status, 410);
      assert.equal((await s.request('GET', `/onboarding-invites/${invite.code}`, { auth: s.otherPlatform.basic })).json.redeemedOn, undefined);
    });

    it("a platform whose clock was moved ahead can still have its links redeemed (the acceptance is dated by the server's clock)", async () => {
      const invite = await createInvite(s, {}, s.otherPlatform.basic);
      assert.equal((await s.request('POST', '/railyard/clock/advance', { auth: s.otherPlatform.basic, body: { seconds: DAY_S } })).status, 200);
      const done = await submitForm(invite.link, { accountType: 'individual', 'individual.firstName': 'Time', 'individual.lastName': 'Traveller', acceptTerms: 'yes' });
      assert.equal(done.status, 201, done.text);
    });

    it('two submissions of one link at once make one account', async () => {
      const invite = await createInvite(s);
      const accountsBefore = await accountCount(s);
      const fields = { accountType: 'individual', 'individual.firstName': 'Race', 'individual.lastName': 'Condition', acceptTerms: 'yes' };
      const outcomes = await Promise.all([submitForm(invite.link, fields), submitForm(invite.link, fields), submitForm(invite.link, fields)]);
      const statuses = outcomes.map((o) => o.status).sort();
      assert.deepEqual(statuses, [201, 410, 410], outcomes.map((o) => `${o.status}`).join(','));
      assert.equal(await accountCount(s), accountsBefore + 1);
    });
  });
}
