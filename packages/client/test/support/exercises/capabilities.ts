import assert from 'node:assert/strict';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, type Exercises } from './context.ts';

export const capabilityExercises: Exercises = {
  'capabilities.request': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const requested = await client.capabilities.request({ accountID: account.accountID, body: { capabilities: ['wallet.balance', 'wallet.balance'] } });
    assert.deepEqual(requested.map((c) => [c.capability, c.status, c.accountID]), [['wallet.balance', 'pending', account.accountID]]);
    assert.ok(requested[0]!.requirements?.currentlyDue?.includes('account.tos-acceptance'));
    await assert.rejects(
      client.capabilities.request({ accountID: account.accountID, body: { capabilities: ['transfers', 'collect-funds.ach'] } }),
      apiError(422, (e) => JSON.stringify(e.body).includes('only available to business accounts')),
    );
  },

  'capabilities.list': async ({ server, client }) => {
    const own = await client.capabilities.list({ accountID: server.platform.accountID });
    assert.ok(own.length > 0);
    assert.ok(own.every((c) => c.status === 'enabled' && c.accountID === server.platform.accountID));
    const account = await client.accounts.create({ body: individualAccountBody() });
    await client.capabilities.request({ accountID: account.accountID, body: { capabilities: ['transfers'] } });
    const list = await client.capabilities.list({ accountID: account.accountID });
    assert.ok(list.some((c) => c.capability === 'transfers' && c.status === 'enabled'));
  },

  'capabilities.get': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    await client.capabilities.request({ accountID: account.accountID, body: { capabilities: ['wallet'] } });
    const got = await client.capabilities.get({ accountID: account.accountID, capabilityID: 'wallet' });
    assert.equal(got.capability, 'wallet');
    assert.equal(got.status, 'pending');
    assert.ok(Date.parse(got.updatedOn) >= Date.parse(got.createdOn));
    await assert.rejects(client.capabilities.get({ accountID: account.accountID, capabilityID: 'card-issuing' }), apiError(404));
  },

  'capabilities.disable': async ({ server, client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    await client.capabilities.request({ accountID: account.accountID, body: { capabilities: ['transfers'] } });
    assert.equal(await client.capabilities.disable({ accountID: account.accountID, capabilityID: 'transfers' }), undefined);
    const disabled = await client.capabilities.get({ accountID: account.accountID, capabilityID: 'transfers' });
    assert.equal(disabled.status, 'disabled');
    assert.ok(disabled.disabledOn);
    await assert.rejects(client.capabilities.disable({ accountID: server.platform.accountID, capabilityID: 'wallet' }), apiError(400));
  },
};
