import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RailyardClient } from '../../../src/index.ts';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, UUID, type Exercises } from './context.ts';
import { bankAccountBody, CHASE_ROUTING } from './parties.ts';

/** A new account with one freshly linked (`new`) bank account. */
async function linkedBank(client: RailyardClient) {
  const account = await client.accounts.create({ body: individualAccountBody() });
  const bank = await client.bankAccounts.link({ accountID: account.accountID, body: bankAccountBody() });
  return { accountID: account.accountID, bankAccountID: bank.bankAccountID };
}

export const bankAccountExercises: Exercises = {
  'bankAccounts.link': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const bank = await client.bankAccounts.link({ accountID: account.accountID, xWaitFor: 'payment-method', body: bankAccountBody('123456789') });
    assert.match(bank.bankAccountID, UUID);
    assert.deepEqual([bank.status, bank.statusReason, bank.lastFourAccountNumber, bank.routingNumber], ['new', 'bank-account-created', '6789', CHASE_ROUTING]);
    assert.ok(bank.bankName.length > 0);
    assert.ok((bank.paymentMethods ?? []).length > 0, 'X-Wait-For: payment-method lists the methods');
    await assert.rejects(
      client.bankAccounts.link({ accountID: account.accountID, body: bankAccountBody('123456789') }),
      apiError(409, (e) => JSON.stringify(e.body).includes(bank.bankAccountID)),
    );
    await assert.rejects(
      client.bankAccounts.link({ accountID: account.accountID, body: { account: { ...bankAccountBody().account, routingNumber: '021000022' } } }),
      apiError(422, (e) => e.fields?.['account'] !== undefined),
    );
  },

  'bankAccounts.list': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    const second = await client.bankAccounts.link({ accountID, body: bankAccountBody('55556666') });
    const list = await client.bankAccounts.list({ accountID });
    assert.deepEqual(list.map((b) => b.bankAccountID), [bankAccountID, second.bankAccountID]);
    await assert.rejects(client.bankAccounts.list({ accountID: randomUUID() }), apiError(404));
  },

  'bankAccounts.get': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    const bank = await client.bankAccounts.get({ accountID, bankAccountID });
    assert.deepEqual([bank.bankAccountID, bank.holderName, bank.bankAccountType, bank.status], [bankAccountID, 'Jules Jackson', 'checking', 'new']);
    await assert.rejects(client.bankAccounts.get({ accountID, bankAccountID: randomUUID() }), apiError(404));
  },

  'bankAccounts.disable': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    assert.equal(await client.bankAccounts.disable({ accountID, bankAccountID }), undefined);
    await assert.rejects(client.bankAccounts.get({ accountID, bankAccountID }), apiError(404));
    assert.deepEqual(await client.paymentMethods.list({ accountID, sourceID: bankAccountID }), []);
    await assert.rejects(client.bankAccounts.disable({ accountID, bankAccountID }), apiError(404));
  },

  'bankAccounts.initiateMicroDeposits': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    assert.equal(await client.bankAccounts.initiateMicroDeposits({ accountID, bankAccountID }), undefined);
    const bank = await client.bankAccounts.get({ accountID, bankAccountID });
    assert.deepEqual([bank.status, bank.statusReason], ['pending', 'verification-initiated']);
    await assert.rejects(client.bankAccounts.initiateMicroDeposits({ accountID, bankAccountID }), apiError(409));
  },

  'bankAccounts.completeMicroDeposits': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    await assert.rejects(client.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, body: { amounts: [0, 0] } }), apiError(409));
    await client.bankAccounts.initiateMicroDeposits({ accountID, bankAccountID });
    await assert.rejects(
      client.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, body: { amounts: [50, 0] } }),
      apiError(422, (e) => e.fields?.['amounts'] !== undefined),
    );
    await assert.rejects(client.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, body: { amounts: [1, 2] } }), apiError(400));
    assert.deepEqual(await client.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, body: { amounts: [0, 0] } }), { status: 'verified' });
    const bank = await client.bankAccounts.get({ accountID, bankAccountID });
    assert.deepEqual([bank.status, bank.statusReason], ['verified', 'verification-successful']);
  },

  'bankAccounts.initiateVerification': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    const started = await client.bankAccounts.initiateVerification({ accountID, bankAccountID, xWaitFor: 'rail-response' });
    // Chase is reachable over RTP/FedNow, so the credit goes instantly.
    assert.deepEqual(started, { verificationMethod: 'instant', status: 'sent-credit' });
    assert.equal((await client.bankAccounts.get({ accountID, bankAccountID })).status, 'pending');
    await assert.rejects(client.bankAccounts.initiateVerification({ accountID, bankAccountID }), apiError(409));
  },

  'bankAccounts.completeVerification': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    await client.bankAccounts.initiateVerification({ accountID, bankAccountID });
    await assert.rejects(
      client.bankAccounts.completeVerification({ accountID, bankAccountID, body: { code: 'MV1234' } }),
      apiError(400, (e) => /tries? left/.test(JSON.stringify(e.body))),
    );
    const done = await client.bankAccounts.completeVerification({ accountID, bankAccountID, body: { code: 'MV0000' } });
    assert.deepEqual([done.verificationMethod, done.status], ['instant', 'successful']);
    assert.equal((await client.bankAccounts.get({ accountID, bankAccountID })).status, 'verified');
  },

  'bankAccounts.getVerification': async ({ client }) => {
    const { accountID, bankAccountID } = await linkedBank(client);
    await assert.rejects(client.bankAccounts.getVerification({ accountID, bankAccountID }), apiError(404));
    await client.bankAccounts.initiateVerification({ accountID, bankAccountID });
    const pending = await client.bankAccounts.getVerification({ accountID, bankAccountID });
    assert.deepEqual([pending.verificationMethod, pending.status], ['instant', 'sent-credit']);
    await client.bankAccounts.completeVerification({ accountID, bankAccountID, body: { code: '0000' } });
    assert.equal((await client.bankAccounts.getVerification({ accountID, bankAccountID })).status, 'successful');
  },
};
