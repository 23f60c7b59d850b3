import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Sql, Store } from '../../src/store/port.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { Conflict } from '../../src/kernel/errors.ts';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, balance, platformCaller, transferBody, walletParty, type WalletParty } from '../support/transfers.ts';
import { fundWalletFromOutside } from '../support/funding.ts';

// A create on PostgreSQL forecasts its wallets' balances from its start read
// (src/ledger/forecast.ts): 2 messages. When a wallet moves between that read and
// the COMMIT (another process's create), the unit fails, nothing of it is
// committed, and the service runs it again without a forecast.

/** A store that, once, lets `interfere` commit on another connection after a unit's work and before its COMMIT. */
function interferingStore(store: Store, interfere: () => Promise<void>): Store & { units: number } {
  let pending = true;
  const wrapped = {
    dialect: store.dialect,
    units: 0,
    read: <T>(work: (sql: Sql) => Promise<T>) => store.read(work),
    write: <T>(work: (sql: Sql) => Promise<T>) =>
      store.write(async (sql) => {
        wrapped.units++;
        const value = await work(sql);
        if (pending) {
          pending = false;
          await interfere();
        }
        return value;
      }),
    migrate: () => store.migrate(),
    close: () => store.close(),
  };
  return wrapped;
}

if ((await storeKinds()).includes('postgres')) {
  describe('a create forecasting its wallets (postgres)', () => {
    let s: TestServer;
    let from: WalletParty;
    let to: WalletParty;
    before(async () => {
      s = await startTestServer('postgres');
      from = await walletParty(s, 10_000);
      to = await walletParty(s);
    });
    after(async () => {
      await s.close();
    });

    const serviceOn = (store: Store) =>
      new TransferService(store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: s.services.railPacing });
    const create = (service: TransferService, cents: number, idempotencyKey: string = randomUUID()) => {
      const caller = platformCaller(s);
      return service.create(caller, { accountID: caller.platformID, idempotencyKey, waitForRail: true, body: transferBody(from, to, cents) });
    };

    it('runs again without the forecast when the source wallet moved before its COMMIT, and moves the money once', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      // Another process's deposit into the source wallet lands between this create's read and its COMMIT.
      const store = interferingStore(s.testStore.store, async () => {
        await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: from.accountID, walletID: from.walletID, cents: 7 });
      });
      const service = serviceOn(store);
      const outcome = await create(service, 300);
      assert.equal((outcome.body as { status?: string }).status, 'completed');
      assert.equal(store.units, 2, 'the unit ran twice: with the forecast, then without');
      assert.equal(await balance(s, from), startFrom + 7 - 300);
      assert.equal(await balance(s, to), startTo + 300);
      assert.equal(service.accountsInFlight.size, 0);
      const listed = await s.request('GET', `/accounts/${s.platform.accountID}/transfers?count=200`, { headers: { 'x-moov-version': 'v2026.01.00' } });
      const transferID = (outcome.body as { transferID: string }).transferID;
      assert.equal(listed.json.filter((t: { transferID: string }) => t.transferID === transferID).length, 1);
      await assertLedgerOk(s);
    });

    it('a replayed key answers the first transfer, with or without the forecast', async () => {
      const service = serviceOn(s.testStore.store);
      const key = randomUUID();
      const first = await create(service, 111, key);
      const startFrom = await balance(s, from);
      await assert.rejects(create(service, 111, key), Conflict);
      assert.equal(await balance(s, from), startFrom, 'the replay moved nothing');
      assert.equal(service.accountsInFlight.size, 0);
      assert.ok((first.body as { transferID?: string }).transferID);
    });

    it('concurrent creates from one wallet through two services (two processes) all complete, none overdraws', async () => {
      const source = await walletParty(s, 1_000);
      const target = await walletParty(s);
      const [one, two] = [serviceOn(s.testStore.store), serviceOn(s.testStore.store)];
      const caller = platformCaller(s);
      const send = (service: TransferService) =>
        service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(source, target, 40) });
      const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i % 2 === 0 ? one : two)));
      const statuses = outcomes.map((o) => (o.body as { status?: string }).status);
      const completed = statuses.filter((status) => status === 'completed').length;
      assert.equal(completed + statuses.filter((status) => status === 'failed').length, 30);
      assert.equal(completed, 25, '1,000 cents carry 25 transfers of 40');
      assert.equal(await balance(s, source), 0);
      assert.equal(await balance(s, target), 1_000);
      assert.equal(one.accountsInFlight.size + two.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });
  });
}
