import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createRailyardClient, RailyardApiError, type RailyardClient } from '../../src/index.ts';
import type { TestServer } from '../../../server/test/support/server.ts';
import { clientFor, individualAccountBody } from './fixtures.ts';
import { UUID, type Exercises } from './exercises/context.ts';
import { capabilityExercises } from './exercises/capabilities.ts';
import { walletExercises } from './exercises/wallets.ts';
import { paymentMethodExercises } from './exercises/payment-methods.ts';
import { cardExercises } from './exercises/cards.ts';
import { sandboxExercises } from './exercises/sandbox.ts';
import { bankAccountExercises } from './exercises/bank-accounts.ts';
import { transferExercises } from './exercises/transfers.ts';
import { transferOptionExercises } from './exercises/transfer-options.ts';
import { cancellationExercises } from './exercises/cancellations.ts';
import { refundExercises } from './exercises/refunds.ts';
import { receiptExercises } from './exercises/receipts.ts';
import { webhookExercises } from './exercises/webhooks.ts';
import { onboardingExercises } from './exercises/onboarding.ts';
import { businessOnboardingExercises } from './exercises/business-onboarding.ts';
import { railyardInsightExercises } from './exercises/railyard-insight.ts';
import { disputeExercises } from './exercises/disputes.ts';

export type { ExerciseContext } from './exercises/context.ts';

async function createAccount(client: RailyardClient, tag?: string) {
  return client.accounts.create({ body: individualAccountBody(tag) });
}

/**
 * One exercise per registry operation, driven through the client against a real
 * server. The registry test fails for an operation missing here, so a new
 * operation cannot ship without its client path being run.
 */
export const exercises: Exercises = {
  'ping.ping': async ({ client }) => {
    assert.equal(await client.ping.ping(), undefined);
  },

  'authentication.createAccessToken': async ({ server, client }) => {
    const token = await client.authentication.createAccessToken({
      body: { grant_type: 'client_credentials', scope: '/ping.read /accounts.read' },
    });
    assert.equal(token.token_type, 'Bearer');
    assert.ok(token.access_token.length > 10);
    assert.deepEqual(token.scope.split(' ').sort(), ['/accounts.read', '/ping.read']);
    const bearer = clientFor(server, { accessToken: token.access_token, username: undefined, password: undefined });
    assert.equal(await bearer.ping.ping(), undefined);
  },

  'authentication.revokeAccessToken': async ({ server, client }) => {
    const token = await client.authentication.createAccessToken({ body: { grant_type: 'client_credentials', scope: '/ping.read' } });
    const bearer = clientFor(server, { accessToken: token.access_token, username: undefined, password: undefined });
    await bearer.ping.ping();
    assert.equal(await client.authentication.revokeAccessToken({ body: { token: token.access_token } }), undefined);
    await assert.rejects(bearer.ping.ping(), (error: unknown) => error instanceof RailyardApiError && error.status === 401);
  },

  'accounts.create': async ({ server, client }) => {
    const account = await createAccount(client);
    assert.match(account.accountID, UUID);
    assert.equal(account.accountType, 'individual');
    assert.equal(account.profile.individual?.name.firstName, 'Ada');
    const seen = await server.request('GET', `/accounts/${account.accountID}`, { headers: { 'x-moov-version': 'v2026.01.00' } });
    assert.equal(seen.status, 200);
    assert.equal(seen.json.accountID, account.accountID);
  },

  'accounts.list': async ({ client }) => {
    const tag = randomUUID().slice(0, 8);
    const account = await createAccount(client, tag);
    await createAccount(client);
    const found = await client.accounts.list({ foreignID: `fid-${tag}` });
    assert.deepEqual(found.map((a) => a.accountID), [account.accountID]);
    const page = await client.accounts.list({ count: 1 });
    assert.equal(page.length, 1);
  },

  'accounts.get': async ({ client }) => {
    const account = await createAccount(client);
    const got = await client.accounts.get({ accountID: account.accountID });
    assert.equal(got.accountID, account.accountID);
    await assert.rejects(client.accounts.get({ accountID: randomUUID() }), (e: unknown) => e instanceof RailyardApiError && e.status === 404);
  },

  'accounts.update': async ({ client }) => {
    const account = await createAccount(client);
    const updated = await client.accounts.update({ accountID: account.accountID, body: { foreignID: 'updated-fid', metadata: { tier: 'gold' } } });
    assert.equal(updated.foreignID, 'updated-fid');
    assert.deepEqual(updated.metadata, { tier: 'gold' });
    assert.equal((await client.accounts.get({ accountID: account.accountID })).foreignID, 'updated-fid');
  },

  'accounts.disconnect': async ({ client }) => {
    const tag = randomUUID().slice(0, 8);
    const account = await createAccount(client, tag);
    assert.equal(await client.accounts.disconnect({ accountID: account.accountID }), undefined);
    assert.deepEqual(await client.accounts.list({ foreignID: `fid-${tag}` }), []);
    const withDisconnected = await client.accounts.list({ foreignID: `fid-${tag}`, includeDisconnected: true });
    assert.deepEqual(withDisconnected.map((a) => a.accountID), [account.accountID]);
  },

  'accounts.connect': async ({ client }) => {
    const account = await createAccount(client);
    const principal = await createAccount(client);
    const result = await client.accounts.connect({ accountID: account.accountID, body: { principalAccountID: principal.accountID } });
    assert.equal(result, undefined);
    const connected = await client.accounts.listConnected({ accountID: principal.accountID });
    assert.deepEqual(connected.map((a) => a.accountID), [account.accountID]);
    await assert.rejects(
      client.accounts.connect({ accountID: account.accountID, body: { principalAccountID: 'not-an-id' } }),
      (e: unknown) => e instanceof RailyardApiError && e.status === 422 && e.fields?.['principalAccountID'] !== undefined,
    );
  },

  'accounts.listConnected': async ({ server, client }) => {
    const account = await createAccount(client);
    const connected = await client.accounts.listConnected({ accountID: server.platform.accountID, count: 200 });
    assert.ok(connected.some((a) => a.accountID === account.accountID));
  },

  'accounts.getTermsOfServiceToken': async ({ client }) => {
    const { token } = await client.accounts.getTermsOfServiceToken({ origin: 'https://shop.example' });
    assert.ok(token.length > 0);
    const account = await client.accounts.create({ body: { ...individualAccountBody(), termsOfService: { token } } });
    assert.ok(account.termsOfService?.acceptedDate);
    await assert.rejects(client.accounts.getTermsOfServiceToken(), (e: unknown) => e instanceof RailyardApiError && e.status === 400);
  },

  ...capabilityExercises,
  ...walletExercises,
  ...paymentMethodExercises,
  ...cardExercises,
  ...sandboxExercises,
  ...bankAccountExercises,
  ...transferExercises,
  ...transferOptionExercises,
  ...cancellationExercises,
  ...refundExercises,
  ...receiptExercises,
  ...webhookExercises,
  ...onboardingExercises,
  ...businessOnboardingExercises,
  ...railyardInsightExercises,
  ...disputeExercises,
};

/** A client with a Bearer token holding `scopes`, minted through the client itself. */
export async function bearerClient(server: TestServer, client: RailyardClient, scopes: string): Promise<RailyardClient> {
  const token = await client.authentication.createAccessToken({ body: { grant_type: 'client_credentials', scope: scopes } });
  return createRailyardClient({ serverURL: server.url, accessToken: token.access_token, retries: { maxAttempts: 1 } });
}
