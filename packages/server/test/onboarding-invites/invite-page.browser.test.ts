import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../support/browser.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { createInvite } from './helpers.ts';
import { V2026 } from '../support/versions.ts';

/*
 * The invite page as a person meets it: headless Chromium (Debian's package,
 * driven by playwright-core) opens an invite's link, fills the form by its
 * labels and submits it. Hostile text typed or prefilled must come back as text,
 * never markup, and the page must need no exception to its CSP.
 */
const HOSTILE = '<img src=x onerror="window.__pwned=1">"\'&';
const skip = browserSkipReason();

/** A stand-in for the platform's site, where the return URL points. */
async function startPlatformSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Welcome back</title><h1>Welcome back to the platform</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

for (const kind of await storeKinds()) {
  describe(`the invite page in a browser (${kind})`, { skip: skip ? `skipped: ${skip}` : false, timeout: 90_000 }, () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof startPlatformSite>>;
    const s = serverPerSuite(kind, undefined, {
      beforeClose: async () => {
        await browser?.close();
        await site?.close();
      },
    });
    const problems: string[] = [];

    before(async () => {
      site = await startPlatformSite();
      browser = await launchBrowser();
    });

    async function openPage(): Promise<Page> {
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (error) => problems.push(error.message));
      // A CSP violation is logged as a console error: the pages must need none.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
      });
      return page;
    }

    it('a business fills the form by its labels, hostile text stays text, and the account is created once', async () => {
      // A prefill must pass the account rules (no < or > in a business name), so it carries quotes and an ampersand.
      const prefilled = `Tom's "Best" & Co`;
      const invite = await createInvite(s, {
        capabilities: ['transfers', 'collect-funds'],
        prefill: { accountType: 'business', profile: { business: { legalBusinessName: prefilled } } },
      });
      const page = await openPage();
      const response = await page.goto(invite.link);
      assert.equal(response?.status(), 200);
      assert.match(await page.locator('h1').innerText(), /Create your account with Platform One/);

      // The prefill is shown as the value it is: its quotes did not end the attribute.
      const name = page.getByLabel('Legal business name');
      assert.equal(await name.inputValue(), prefilled);

      // A hostile name typed in comes back, refused (business names are printable ASCII without < or >,
      // as Moov's), with each message under its field and what was typed shown as text, not markup.
      await name.fill(`${HOSTILE} Tools`);
      await page.getByLabel('Business email').fill('not-an-email');
      await page.getByLabel(/I accept the terms of service/).check();
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Create account' }).click()]);
      assert.match(await page.locator('#f-business-email-error').innerText(), /.+/);
      assert.match(await page.locator('#f-business-legalBusinessName-error').innerText(), /valid format/);
      assert.equal(await page.getByLabel('Business email').getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByLabel('Legal business name').inputValue(), `${HOSTILE} Tools`);
      assert.equal(await page.getByLabel('Business email').inputValue(), 'not-an-email');
      assert.equal(await page.locator('img').count(), 0);
      assert.equal((await s.request('GET', `/onboarding-invites/${invite.code}`)).json.redeemedOn, undefined);

      const legalName = `O'Brien & "Sons" Tools`;
      await page.getByLabel('Legal business name').fill(legalName);
      await page.getByLabel('Business email').fill('ops@obrien-tools.com');
      await page.getByLabel(/I accept the terms of service/).check();
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Create account' }).click()]);
      assert.match(await page.locator('h1').innerText(), /Your account is ready/);
      const accountID = (await page.locator('#account-id').innerText()).trim();
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);

      const account = await s.request('GET', `/accounts/${accountID}`, { headers: V2026 });
      assert.equal(account.status, 200);
      assert.equal(account.json.profile.business.legalBusinessName, legalName);
      assert.equal(account.json.profile.business.email, 'ops@obrien-tools.com');
      const capabilities = (await s.request('GET', `/accounts/${accountID}/capabilities`, { headers: V2026 })).json.map((c: any) => c.capability);
      assert.ok(capabilities.includes('transfers') && capabilities.includes('collect-funds'), String(capabilities));

      // Back to the link: it is used up.
      const again = await page.goto(invite.link);
      assert.equal(again?.status(), 410);
      assert.match(await page.locator('#closed').innerText(), /already been used/);
      await page.close();
    });

    it('an individual is sent on to the return URL with the new account ID', async () => {
      const invite = await createInvite(s, { returnURL: `${site.url}/welcome`, termsOfServiceURL: 'https://platform.example.com/terms' });
      const page = await openPage();
      await page.goto(invite.link);
      await page.getByLabel('Individual').check();
      await page.getByLabel('First name').fill('Grace');
      await page.getByLabel('Last name').fill('Hopper');
      await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
      assert.equal(await page.getByRole('link', { name: 'read them' }).getAttribute('href'), 'https://platform.example.com/terms');
      await page.getByLabel(/I accept the terms of service/).check();
      await Promise.all([page.waitForURL(`${site.url}/welcome?**`), page.getByRole('button', { name: 'Create account' }).click()]);
      const landed = new URL(page.url());
      const accountID = landed.searchParams.get('accountID')!;
      assert.match(accountID, /^[0-9a-f-]{36}$/);
      assert.match(await page.locator('h1').innerText(), /Welcome back/);
      const account = await s.request('GET', `/accounts/${accountID}`, { headers: V2026 });
      assert.equal(account.json.profile.individual.name.lastName, 'Hopper');
      await page.close();
    });

    it('a revoked link shows why it cannot be used; no page needed an exception to its policy', async () => {
      const invite = await createInvite(s);
      assert.equal((await s.request('DELETE', `/onboarding-invites/${invite.code}`)).status, 204);
      const page = await openPage();
      const response = await page.goto(invite.link);
      assert.equal(response?.status(), 410);
      assert.match(await page.locator('#closed').innerText(), /withdrawn/);
      await page.close();
      assert.deepEqual(problems, []);
    });
  });
}
