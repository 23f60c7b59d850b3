import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fundWalletFromOutside } from '../support/funding.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { basicAuth } from '../support/harness-child.ts';
import { startInProcess, type InProcess } from './in-process.ts';
import { V2026 } from '../support/versions.ts';
import { completeIndividual } from '../support/accounts.ts';
import { accountPayload, cardBody } from '../support/sources.ts';

/**
 * Secrets never reach the log (issue 14, item 5; docs/security.md): a full,
 * realistic run — accounts with SSNs, bank accounts, cards with their number
 * and CVV, OAuth tokens, a webhook and its secret, transfers, failed logins,
 * errors — with the server logging at its most verbose level (trace), then the
 * whole log is searched for every secret that went through it.
 */

const SSN = '123-45-6789';
const ACCOUNT_NUMBER = '0004321567000';
const CARD_NUMBER = '4111111111111111';
const CARD_CVV = '917';

describe('secrets in logs', () => {
  let s: InProcess;
  before(async () => {
    s = await startInProcess('sqlite', { logLevel: 'trace' });
  });
  after(() => s.close());

  async function call(method: string, path: string, body?: unknown, auth = s.platform.auth, headers: Record<string, string> = {}) {
    const response = await fetch(s.url + path, {
      method,
      headers: { ...V2026, authorization: auth, ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined, text };
  }

  it('a full run logs no API secret, token, webhook secret, card number, CVV, account number or SSN', async () => {
    const secrets: Record<string, string> = {
      'API secret': s.platform.secret,
      SSN,
      'SSN digits': SSN.replaceAll('-', ''),
      'account number': ACCOUNT_NUMBER,
      'card number': CARD_NUMBER,
    };
    const person = await call('POST', '/accounts', completeIndividual(['wallet.balance', 'send-funds', 'collect-funds', 'money-transfer.pull-from-card']));
    assert.equal(person.status, 200, person.text);
    const accountID = person.json.accountID as string;
    const bank = await call('POST', `/accounts/${accountID}/bank-accounts`, accountPayload({ accountNumber: ACCOUNT_NUMBER }));
    assert.equal(bank.status, 200, bank.text);
    const card = await call('POST', `/accounts/${accountID}/cards`, cardBody({ cardNumber: CARD_NUMBER, cardCvv: CARD_CVV }));
    assert.equal(card.status, 200, card.text);
    // The same card again, and a malformed card: errors on the way must not echo the number either.
    await call('POST', `/accounts/${accountID}/cards`, cardBody({ cardNumber: CARD_NUMBER, cardCvv: CARD_CVV }));
    await call('POST', `/accounts/${accountID}/cards`, cardBody({ cardNumber: `${CARD_NUMBER}9`, cardCvv: 'abcd' }));
    await call('POST', '/accounts', { ...completeIndividual(), profile: { individual: { name: { firstName: 'X' }, governmentID: { ssn: { full: '000-00-0000' } } } } });

    const token = await call('POST', '/oauth2/token', { grant_type: 'client_credentials', scope: `/accounts/${accountID}/profile.read /accounts.read` });
    assert.equal(token.status, 200, token.text);
    secrets['access token'] = token.json.access_token;
    if (token.json.refresh_token) secrets['refresh token'] = token.json.refresh_token;
    assert.equal((await call('GET', `/accounts/${accountID}`, undefined, `Bearer ${token.json.access_token}`)).status, 200);
    // A refresh and a revocation carry the refresh token in the body.
    if (token.json.refresh_token) {
      await call('POST', '/oauth2/token', { grant_type: 'refresh_token', refresh_token: token.json.refresh_token });
    }
    await call('POST', '/oauth2/revoke', { token: token.json.access_token });

    // Failed logins are logged with the key tried and never its secret (0207).
    const wrongSecret = randomBytes(24).toString('base64url');
    secrets['wrong secret'] = wrongSecret;
    assert.equal((await call('GET', `/accounts/${accountID}`, undefined, basicAuth(`${s.platform.publicKey}:${wrongSecret}`))).status, 401);
    const wrongToken = randomBytes(32).toString('base64url');
    secrets['wrong token'] = wrongToken;
    assert.equal((await call('GET', `/accounts/${accountID}`, undefined, `Bearer ${wrongToken}`)).status, 401);

    const webhook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', status: 'enabled', eventTypes: ['*'], description: 'log test' });
    assert.equal(webhook.status, 201, webhook.text);
    const webhookSecret = await call('GET', `/webhooks/${webhook.json.webhookID}/secret`);
    secrets['webhook secret'] = webhookSecret.json.secret;

    // Money moves: a funded wallet pays another, with an idempotency key, then a replay.
    const payee = await call('POST', '/accounts', completeIndividual(['wallet.balance']));
    const wallet = async (id: string) => ({
      walletID: (await call('GET', `/accounts/${id}/wallets`)).json[0].walletID as string,
      methodID: (await call('GET', `/accounts/${id}/payment-methods?paymentMethodType=moov-wallet`)).json[0].paymentMethodID as string,
    });
    const from = await wallet(accountID);
    const to = await wallet(payee.json.accountID);
    await fundWalletFromOutside(s.testStore.store, systemClock, { accountID, walletID: from.walletID, cents: 10_000 });
    const transfer = { source: { paymentMethodID: from.methodID }, destination: { paymentMethodID: to.methodID }, amount: { currency: 'USD', value: 250 } };
    const key = randomBytes(8).toString('hex');
    assert.equal((await call('POST', `/accounts/${s.platform.accountID}/transfers`, transfer, undefined, { 'x-idempotency-key': key })).status, 200);
    assert.equal((await call('POST', `/accounts/${s.platform.accountID}/transfers`, transfer, undefined, { 'x-idempotency-key': key })).status, 409);
    // A card pull, whose rail sees the card.
    const pull = await call('GET', `/accounts/${accountID}/payment-methods?paymentMethodType=card-payment`);
    if (pull.status === 200 && pull.json[0]) {
      await call('POST', `/accounts/${s.platform.accountID}/transfers`, { ...transfer, source: { paymentMethodID: pull.json[0].paymentMethodID } }, undefined, { 'x-idempotency-key': randomBytes(8).toString('hex') });
    }
    // Let the delivery loop try the webhook (the receiver is closed: errors get logged).
    s.services.webhookDelivery.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await s.services.webhookDelivery.stop();

    const log = s.log();
    if (process.env['RAILYARD_KEEP_LOG']) (await import('node:fs')).writeFileSync(process.env['RAILYARD_KEEP_LOG'], log);
    // Every request is logged twice at least (incoming, completed).
    assert.ok(log.split('\n').length > 40, `the run was logged (${log.split('\n').length} lines)`);
    assert.ok(log.includes('failed login'), 'the failed logins are in the log');
    const found = Object.entries(secrets).filter(([, value]) => value && log.includes(value));
    assert.deepEqual(found.map(([name]) => name), [], 'secrets found in the log');
    // A CVV is too short to search for alone; it must not appear as a field.
    assert.doesNotMatch(log, /cvv"?\s*[:=]\s*"?\d{3,4}/i);
    assert.doesNotMatch(log, /authorization"?\s*:\s*"(Basic|Bearer) /i, 'no Authorization header is logged');
  });
});
