import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, type Exercises } from './context.ts';
import { walletParty } from './parties.ts';

const methodIDs = (methods: Array<{ paymentMethodID: string }> | undefined) => (methods ?? []).map((m) => m.paymentMethodID).sort();

export const transferOptionExercises: Exercises = {
  'transfers.generateOptions': async ({ server, client }) => {
    const alice = await walletParty(server, client, 1_000);
    const bob = await walletParty(server, client);
    const options = await client.transfers.generateOptions({
      accountID: server.platform.accountID,
      body: { source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: { currency: 'USD', value: 500 } },
    });
    assert.deepEqual(methodIDs(options.sourceOptions), [alice.paymentMethodID]);
    assert.deepEqual(methodIDs(options.destinationOptions), [bob.paymentMethodID]);
    const [source] = options.sourceOptions ?? [];
    assert.ok(source?.paymentMethodType === 'moov-wallet' && source.wallet.walletID === alice.walletID);
    const ask = (source: { accountID: string }, value: number) =>
      client.transfers.generateOptions({
        accountID: server.platform.accountID,
        body: { source, destination: { accountID: bob.accountID }, amount: { currency: 'USD', value } },
      });
    await assert.rejects(ask({ accountID: alice.accountID }, 0), apiError(422, (e) => e.fields?.['amount'] !== undefined));
    await assert.rejects(ask({ accountID: randomUUID() }, 100), apiError(422, (e) => e.fields?.['source'] !== undefined));
  },

  'transfers.generateOptionsLegacy': async ({ server, client }) => {
    const alice = await walletParty(server, client, 1_000);
    const bob = await walletParty(server, client);
    const options = await client.transfers.generateOptionsLegacy({
      body: { source: { paymentMethodID: alice.paymentMethodID }, destination: { accountID: bob.accountID }, amount: { currency: 'USD', value: 250 } },
    });
    assert.deepEqual(methodIDs(options.sourceOptions), [alice.paymentMethodID]);
    assert.deepEqual(methodIDs(options.destinationOptions), [bob.paymentMethodID]);
  },
};
