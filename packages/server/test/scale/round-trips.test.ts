import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { transferBody, walletParty } from '../support/transfers.ts';
import { roundTrips } from '../../src/store/postgres/postgres-store.ts';

// Decision 2001 pins the messages a wallet→wallet create sends to PostgreSQL: the
// start read (the clock and both parties with their accounts' enabled capabilities
// and their wallets' ledger accounts, ahead of BEGIN), then BEGIN, the ledger entry
// written from the forecast balances (amendment "Forecast balances"), the transfer
// row as the rail left it, the events and the COMMIT, in one message. A change that
// adds a round trip to the hottest path fails here instead of only in the bench.
const CREATE_ROUND_TRIPS = 2;

if ((await storeKinds()).includes('postgres')) {
  describe('round trips of a wallet→wallet create (postgres)', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer('postgres');
    });
    after(async () => {
      await s.close();
    });

    it(`sends ${CREATE_ROUND_TRIPS} messages and completes with the money moved`, async () => {
      const from = await walletParty(s, 10_000);
      const to = await walletParty(s);
      const caller = { platformID: s.platform.accountID, publicKey: 'round-trips' };
      const create = () =>
        s.services.transfers.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(from, to, 125) });
      await create(); // warm: named statements prepared on this connection
      const before = roundTrips.count;
      const outcome = await create();
      assert.equal(roundTrips.count - before, CREATE_ROUND_TRIPS);
      assert.equal((outcome.body as { status?: string }).status, 'completed');
      const balance = await s.request('GET', `/accounts/${to.accountID}/wallets/${to.walletID}`, { headers: { 'x-moov-version': 'v2026.01.00' } });
      assert.equal(balance.json.availableBalance.value, 250);
    });
  });
}
