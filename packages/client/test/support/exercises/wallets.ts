import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, UUID, type Exercises } from './context.ts';
import { walletParty } from './parties.ts';

export const walletExercises: Exercises = {
  'wallets.list': async ({ server, client }) => {
    const party = await walletParty(server, client, 1_234);
    const wallets = await client.wallets.list({ accountID: party.accountID });
    assert.deepEqual(wallets.map((w) => [w.walletID, w.walletType, w.status]), [[party.walletID, 'default', 'active']]);
    assert.deepEqual(wallets[0]!.availableBalance, { currency: 'USD', value: 1_234, valueDecimal: '12.34' });
    assert.deepEqual(await client.wallets.list({ accountID: party.accountID, walletType: 'general' }), []);
    await assert.rejects(client.wallets.list({ accountID: randomUUID() }), apiError(404));
  },

  'wallets.get': async ({ server, client }) => {
    const party = await walletParty(server, client, 500);
    const wallet = await client.wallets.get({ accountID: party.accountID, walletID: party.walletID });
    assert.equal(wallet.walletID, party.walletID);
    assert.equal(wallet.partnerAccountID, server.platform.accountID, 'the platform is the partner');
    assert.equal(wallet.availableBalance.value, 500);
    await assert.rejects(client.wallets.get({ accountID: party.accountID, walletID: randomUUID() }), apiError(404));
  },

  'wallets.create': async ({ server, client }) => {
    const party = await walletParty(server, client);
    const created = await client.wallets.create({ accountID: party.accountID, body: { name: 'Savings', description: 'rainy days', metadata: { goal: 'car' } } });
    assert.match(created.walletID, UUID);
    assert.deepEqual([created.walletType, created.name, created.description, created.availableBalance.value], ['general', 'Savings', 'rainy days', 0]);
    assert.deepEqual(created.metadata, { goal: 'car' });
    await assert.rejects(client.wallets.create({ accountID: party.accountID, body: { name: '' } }), apiError(422, (e) => e.fields?.['name'] !== undefined));
    // No wallet capability enabled: refused.
    const plain = await client.accounts.create({ body: individualAccountBody() });
    await assert.rejects(client.wallets.create({ accountID: plain.accountID, body: { name: 'Nope' } }), apiError(409));
  },

  'wallets.update': async ({ server, client }) => {
    const party = await walletParty(server, client);
    const general = await client.wallets.create({ accountID: party.accountID, body: { name: 'Trip' } });
    const renamed = await client.wallets.update({ accountID: party.accountID, walletID: general.walletID, body: { name: 'Trip 2026', metadata: { k: 'v' } } });
    assert.deepEqual([renamed.name, renamed.metadata], ['Trip 2026', { k: 'v' }]);
    const closed = await client.wallets.update({ accountID: party.accountID, walletID: general.walletID, body: { status: 'closed' } });
    assert.equal(closed.status, 'closed');
    assert.ok(closed.closedOn);
    await assert.rejects(client.wallets.update({ accountID: party.accountID, walletID: party.walletID, body: { status: 'closed' } }), apiError(409));
  },

  'walletTransactions.list': async ({ server, client }) => {
    const party = await walletParty(server, client, 2_000);
    const transactions = await client.walletTransactions.list({ accountID: party.accountID, walletID: party.walletID });
    assert.equal(transactions.length, 1);
    const [funding] = transactions;
    assert.deepEqual([funding!.walletID, funding!.status, funding!.netAmount, funding!.currency], [party.walletID, 'completed', 2_000, 'USD']);
    assert.equal(funding!.transactionType, 'adjustment');
    assert.deepEqual(await client.walletTransactions.list({ accountID: party.accountID, walletID: party.walletID, status: 'failed' }), []);
    await assert.rejects(
      client.walletTransactions.list({ accountID: party.accountID, walletID: party.walletID, createdStartDateTime: 'yesterday' }),
      apiError(422, (e) => e.fields?.['createdStartDateTime'] !== undefined),
    );
  },

  'walletTransactions.get': async ({ server, client }) => {
    const party = await walletParty(server, client, 750);
    const [listed] = await client.walletTransactions.list({ accountID: party.accountID, walletID: party.walletID });
    assert.ok(listed);
    const got = await client.walletTransactions.get({ accountID: party.accountID, walletID: party.walletID, transactionID: listed.transactionID });
    assert.deepEqual(got, listed);
    assert.equal(got.grossAmountDecimal, '7.50');
    await assert.rejects(
      client.walletTransactions.get({ accountID: party.accountID, walletID: party.walletID, transactionID: randomUUID() }),
      apiError(404),
    );
  },
};
