import { describe, it, before, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../support/browser.ts';
import { serverPerSuite } from '../support/server.ts';
import { startReceiver, type TestReceiver } from '../support/webhook-receiver.ts';
import { ensureDashboardBuilt } from './built.ts';

/*
 * The dashboard end to end in headless Chromium: everything a new user does
 * by clicking, from signing in to seeing a webhook delivery, against a real
 * server with its job loop and webhook worker running. Screenshots of the main
 * pages go to docs/screenshots/ (linked from the README).
 */
const SCREENSHOTS = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url));
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const skip = browserSkipReason();

describe('the dashboard in a browser', { skip: skip ? `skipped: ${skip}` : false, timeout: 180_000 }, () => {
  before(() => {
    ensureDashboardBuilt();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  const s = serverPerSuite('sqlite', undefined, {
    beforeClose: async (server) => {
      await browser?.close();
      await receiver?.close();
      await server.services.jobs.stop();
    },
  });
  let receiver: TestReceiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  const pageErrors: string[] = [];
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, animations: 'disabled' });
  const main = () => page.locator('main');
  /** Every form control on the page has an accessible name (a label, or aria-label). */
  const assertLabelled = async () => {
    const unlabelled = await page.$$eval('input, select, textarea, button', (elements) =>
      elements.filter((e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label') && !(e.textContent ?? '').trim()).map((e) => e.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unlabelled, []);
  };
  /** Opens a section from the navigation. */
  const section = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();

  before(async () => {
    s.services.jobs.start();
    s.services.webhookDelivery.start();
    receiver = await startReceiver();
    key = `${s.platform.publicKey}:${s.platform.secret}`;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    // Generous for a loaded CI machine (the whole suite runs beside it); a passing run takes 25-40 s in all.
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A CSP violation is logged as a console error: the pages must need none.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) pageErrors.push(message.text());
    });
  });

  // The page as a failed step left it, for whoever reads the failure.
  afterEach(async (t) => {
    const name = t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await page?.screenshot({ path: `${process.env.RAILYARD_BROWSER_ARTIFACTS ?? tmpdir()}/railyard-dashboard-${name}.png` }).catch(() => {});
  });

  it('sends a browser at / to the dashboard, which asks for a key and refuses a wrong one with a clear message', async () => {
    await page.goto(`${s.url}/`);
    assert.equal(new URL(page.url()).pathname, '/dashboard/');
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    await page.getByLabel('API key').fill(`${s.platform.publicKey}:not-the-secret`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That API key was not accepted').waitFor();
    assert.equal(await page.getByLabel('API key').getAttribute('aria-invalid'), 'true');
    await shot('sign-in');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    // From the top of a freshly loaded page (the session survives a reload), the first Tab reaches
    // "Skip to content", which moves focus to the content.
    await page.reload();
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    // The key is in this tab's session only: not in the URL, not in a cookie.
    assert.ok(!page.url().includes(s.platform.secret));
    assert.deepEqual(await context.cookies(), []);
  });

  it('shows the API’s 422 message next to the field it names', async () => {
    await page.getByRole('button', { name: 'New account' }).click();
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Create account' }).click();
    const error = page.locator('[id="profile.individual.name.firstName-error"]');
    await error.waitFor();
    assert.match(await error.innerText(), /cannot be blank/);
    assert.equal(await page.getByLabel('First name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('First name').getAttribute('aria-describedby'), 'profile.individual.name.firstName-error');
  });

  it('creates an account with capabilities, links and verifies a bank account, and funds its wallet', async () => {
    await page.getByLabel('First name').fill('Ada');
    await page.getByText('Verification details').click();
    await page.getByRole('button', { name: 'Fill in sandbox values' }).click();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    await main().getByText('wallet', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Link bank account' }).click();
    await page.getByRole('button', { name: 'Fill in the sandbox bank' }).click();
    await page.getByRole('form', { name: 'Link bank account' }).getByRole('button', { name: 'Link bank account' }).click();
    await page.getByRole('button', { name: 'Verify (sandbox micro-deposits)' }).click();
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Verified').waitFor();
    await page.getByLabel('Amount (USD)').fill('100');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await page.getByRole('link', { name: 'follow it' }).waitFor();
    await assertLabelled();
  });

  it('follows the funding transfer, advances the clock, and sees what became due and the transfer complete', async () => {
    await page.getByRole('link', { name: 'follow it' }).click();
    await page.getByRole('heading', { name: '$100.00 transfer' }).waitFor();
    await section('Clock & jobs');
    await page.getByRole('button', { name: '+1 hour' }).click();
    const due = page.getByRole('table', { name: 'Jobs that became due' });
    await due.waitFor();
    assert.match(await due.innerText(), /rail\.ach\./);
    await shot('clock');
    await assertLabelled();
    await page.goBack();
    await page.getByTestId('transfer-status').getByText('Completed').waitFor();
    const ledger = page.getByRole('table', { name: 'Ledger postings' });
    assert.match(await ledger.innerText(), /Wallet/);
    assert.match(await page.getByRole('list', { name: 'Statuses and sub-statuses in time order' }).innerText(), /Source ACH: originated/);
    await page.screenshot({ path: `${SCREENSHOTS}transfer.png`, fullPage: true, animations: 'disabled' });
    // The money is in the wallet, as the account's page shows.
    await main().getByRole('region', { name: 'Source' }).getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.getByTestId('wallet-balance').getByText('$100.00').waitFor();
    await page.getByRole('table', { name: 'Wallet transactions' }).getByText('Account funding').waitFor();
    await assertLabelled();
    await page.screenshot({ path: `${SCREENSHOTS}account.png`, fullPage: true, animations: 'disabled' });
  });

  it('creates a webhook to a local receiver from the dashboard', async () => {
    await section('Webhooks');
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor();
  });

  it('refuses a hostile account name with the field’s message, rendering what was typed as text only', async () => {
    await section('Accounts');
    // After a navigation, focus is on the new page's heading.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Accounts');
    await page.getByRole('button', { name: 'New account' }).click();
    await page.getByLabel('First name').fill(HOSTILE);
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Create account' }).click();
    const error = page.locator('[id="profile.individual.name.firstName-error"]');
    await error.waitFor();
    assert.match(await error.innerText(), /valid format/);
    assert.equal(await main().locator('img').count(), 0);
    await page.getByLabel('First name').fill('Grace');
    await page.getByText('Verification details').click();
    await page.getByRole('button', { name: 'Fill in sandbox values' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await section('Accounts');
    await main().getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await shot('accounts');
  });

  it('creates a wallet-to-wallet transfer with the transfer options and watches it complete', async () => {
    await section('Transfers');
    await page.getByRole('button', { name: 'New transfer' }).click();
    const form = page.getByRole('form', { name: 'New transfer' });
    const ada = await form.getByLabel('From account').locator('option', { hasText: 'Ada Lovelace' }).getAttribute('value');
    const hopper = await form.getByLabel('To account').locator('option', { hasText: 'Hopper' }).getAttribute('value');
    await form.getByLabel('From account').selectOption(ada!);
    await form.getByLabel('To account').selectOption(hopper!);
    await form.getByLabel('Amount (USD)').fill('25.50');
    // The API takes any text as a description: the hostile string must come back as text.
    await form.getByLabel('Description').fill(`Invoice 42 ${HOSTILE}`);
    await form.getByLabel('Source payment method').locator('option', { hasText: 'Moov wallet' }).first().waitFor({ state: 'attached' });
    await form.getByLabel('Source payment method').selectOption({ label: 'Moov wallet' });
    await form.getByLabel('Destination payment method').selectOption({ label: 'Moov wallet' });
    await form.getByRole('button', { name: 'Create transfer' }).click();
    await page.getByRole('heading', { name: '$25.50 transfer' }).waitFor();
    await page.getByTestId('transfer-status').getByText('Completed').waitFor();
    await page.getByRole('table', { name: 'Ledger postings' }).waitFor();
    await page.getByText('transfer.created').first().waitFor();
    await main().getByText(`Invoice 42 ${HOSTILE}`).first().waitFor();
    assert.equal(await main().locator('img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    await section('Transfers');
    await main().getByRole('table', { name: 'Transfers' }).getByText(`Invoice 42 ${HOSTILE}`).waitFor();
    assert.equal(await main().locator('img').count(), 0);
    // Filters: no transfer failed; both completed.
    const filters = page.getByRole('form', { name: 'Filter transfers' });
    await filters.getByLabel('Status').selectOption('failed');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await main().getByText('No transfers match').waitFor();
    await filters.getByLabel('Status').selectOption('completed');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const rows = main().getByRole('table', { name: 'Transfers' }).locator('tbody tr');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    await shot('transfers');
    await assertLabelled();
  });

  it('sees the webhook deliveries and redelivers one', async () => {
    await section('Webhooks');
    const deliveries = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await deliveries.getByText('transfer.updated').first().waitFor({ timeout: 15_000 });
    await deliveries.getByText('Delivered').first().waitFor();
    const before = receiver.received.length;
    assert.ok(before > 0, 'the receiver got the deliveries');
    await deliveries.getByRole('button', { name: /^Redeliver transfer\.created/ }).first().click();
    await page.getByText('Queued for redelivery').waitFor();
    const deadline = Date.now() + 10_000;
    while (receiver.received.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(receiver.received.length > before, 'the redelivery reached the receiver');
    await shot('webhooks');
    await assertLabelled();
  });

  it('lists the events, newest first, and the disputes', async () => {
    await section('Events');
    const events = page.getByRole('table', { name: 'Events' });
    await events.getByText('transfer.created').first().waitFor();
    await shot('events');
    // Later areas slot in as sections: disputes list the platform's chargebacks (none here).
    await section('Disputes');
    await page.getByRole('heading', { name: 'Disputes', level: 1 }).waitFor();
    await main().getByText('No disputes.').waitFor();
  });

  it('serves the API reference at /docs from the package, with no CSP violation anywhere', async () => {
    const reference = await context.newPage();
    reference.on('pageerror', (error) => pageErrors.push(`docs: ${error.message}`));
    reference.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) pageErrors.push(`docs: ${message.text()}`);
    });
    const external: string[] = [];
    reference.on('request', (request) => {
      if (!request.url().startsWith(s.url) && !request.url().startsWith('data:')) external.push(request.url());
    });
    await reference.goto(`${s.url}/docs`);
    // Swagger UI breaks long paths with zero-width spaces; its data-path attribute keeps the path whole.
    await reference.locator('[data-path="/railyard/clock/advance"]').first().waitFor({ timeout: 20_000 });
    await reference.screenshot({ path: `${SCREENSHOTS}api-reference.png` });
    assert.deepEqual(external, [], 'nothing is fetched from another origin');
    await reference.close();
    assert.deepEqual(pageErrors, []);
  });

  it('is usable at a phone’s width: the menu opens the sections', async () => {
    // The same tab (the session lives in its sessionStorage), narrowed to a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Transfers' }).click();
    await page.getByRole('heading', { name: 'Transfers', level: 1 }).waitFor();
    // The menu closes after a choice; waited for (bounded), since the page renders in frames.
    await page.getByRole('navigation', { name: 'Sections' }).waitFor({ state: 'hidden', timeout: 5_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await shot('phone-transfers');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('asks to sign in again once the session has expired, which its own refreshes do not prevent', async () => {
    await page.evaluate(() => {
      const raw = sessionStorage.getItem('railyard.session')!;
      // Ends in a second and a half; the pages keep refreshing meanwhile, which must not renew it.
      sessionStorage.setItem('railyard.session', JSON.stringify({ ...JSON.parse(raw), expiresAt: Date.now() + 1_500 }));
    });
    // The next request (a click, or a page's own refresh) finds the session over.
    await page.getByText('Your session expired. Sign in again to continue.').waitFor();
    await page.getByLabel('API key').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('railyard.session')), null);
  });
});
