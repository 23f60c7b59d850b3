import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Sql, SqlValue, Store } from '../../src/store/port.ts';
import type { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { Conflict } from '../../src/kernel/errors.ts';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, balance, platformCaller, transferBody, walletParty, type WalletParty } from '../support/transfers.ts';
import { fundWalletFromOutside } from '../support/funding.ts';
import { notingSql } from '../support/noting-sql.ts';

// A create on PostgreSQL forecasts its wallets' balances from its start read
// (src/ledger/forecast.ts): 2 messages. When a wallet moves between that read and
// the COMMIT (another process's create), the unit fails, nothing of it is
// committed, and the service runs it again without a forecast.

/** What a test's wrapper of a store leaves as the store does it: all but `write`. */
function passingThrough(store: Store): Omit<Store, 'write'> {
  return {
    dialect: store.dialect,
    read: (work) => store.read(work),
    migrate: () => store.migrate(),
    close: () => store.close(),
  };
}

/** A store that, once, lets `interfere` commit on another connection after a unit's work and before its COMMIT. */
function interferingStore(store: Store, interfere: () => Promise<void>): Store & { units: number } {
  let pending = true;
  const wrapped = {
    ...passingThrough(store),
    units: 0,
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
  };
  return wrapped;
}

/**
 * A store whose first unit, once its work is done (its tip published), starts
 * `next` and holds its COMMIT until the next unit asks whether it holds a lock,
 * which a create asks just before it waits on the create whose tip it used;
 * then, 50 ms later and after `meanwhile`, the first commits, or fails when told to.
 */
function chainingStore(store: Store, next: () => Promise<unknown>, firstFails: boolean, meanwhile?: () => Promise<void>): Store & { units: number; following: () => Promise<unknown> } {
  let following: Promise<unknown> | undefined;
  let asked = (): void => undefined;
  const nextWaits = new Promise<void>((resolve) => (asked = resolve));
  const wrapped = {
    ...passingThrough(store),
    units: 0,
    following: () => following ?? Promise.reject(new Error('the next create never started')),
    write: <T>(work: (sql: Sql) => Promise<T>) =>
      store.write(async (sql) => {
        const unit = ++wrapped.units;
        const given = unit === 2 ? { ...notingSql(sql, () => undefined), holdsNoLock: () => (asked(), sql.holdsNoLock()) } : sql;
        const value = await work(given);
        if (unit === 1) {
          following = next();
          following.catch(() => undefined);
          const timedOut = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the next create never waited on this one')), 5_000).unref());
          await Promise.race([nextWaits, timedOut]);
          // Long enough for the next unit's COMMIT to reach PostgreSQL first, were it not waiting on this one.
          await new Promise((resolve) => setTimeout(resolve, 50));
          await meanwhile?.();
          if (firstFails) throw new Error('the first unit fails after its work');
        }
        return value;
      }),
  };
  return wrapped;
}

/**
 * A store whose first unit, once it joined its wallets' queues (at its first write), starts `next` (a create
 * on the same wallets) and lets it read and join the queues behind; then it does the rest of its work and, after the point where the create behind may
 * hand on its writes (its own have their place among the shared commits), holds its COMMIT 300 ms inside PostgreSQL
 * (`pg_sleep`), or fails there (a division by zero). `times` records when the second unit's work returned
 * (its message leaves then) and when the first unit ended.
 */
function lockWaitStore(store: Store, next: () => Promise<unknown>, firstFails: boolean) {
  let following: Promise<unknown> | undefined;
  let secondRead = (): void => undefined;
  const secondJoined = new Promise<void>((resolve) => (secondRead = resolve));
  const wrapped = {
    ...passingThrough(store),
    units: 0,
    times: {} as { secondSent?: number; firstEnded?: number },
    following: () => following ?? Promise.reject(new Error('the next create never started')),
    write: async <T>(work: (sql: Sql) => Promise<T>): Promise<T> => {
      const unit = ++wrapped.units;
      try {
        return await store.write(async (sql) => {
          if (unit === 1) {
            // Its first write comes after it joined the queues: the second starts then, and joins behind it.
            const given: Sql = {
              ...notingSql(sql, () => undefined),
              defer: async (text, params) => {
                if (following === undefined) {
                  following = next();
                  following.catch(() => undefined);
                  await secondJoined;
                  await new Promise((resolve) => setTimeout(resolve, 20)); // it joins right after its read
                }
                return sql.defer(text, params);
              },
            };
            const value = await work(given);
            await sql.defer(firstFails ? 'SELECT 1 / 0' : 'SELECT pg_sleep(0.3)');
            return value;
          }
          if (unit !== 2) return work(sql);
          const given: Sql = {
            ...notingSql(sql, () => undefined),
            readBeforeWrites: async <R>(text: string, params?: readonly SqlValue[]) => {
              const rows = await sql.readBeforeWrites<R>(text, params);
              secondRead();
              return rows;
            },
          };
          const value = await work(given);
          wrapped.times.secondSent = performance.now();
          return value;
        });
      } finally {
        if (unit === 1) wrapped.times.firstEnded = performance.now();
      }
    },
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

    /** A service on the store `wrap` makes of the test store, given the service's second create (200 cents) to start. */
    const servedBy = <S extends Store>(wrap: (next: () => Promise<unknown>) => S) => {
      let service!: TransferService;
      const store = wrap(() => create(service, 200));
      service = serviceOn(store);
      return { service, store };
    };

    /** A service on a `chainingStore` whose second create starts while the first one's COMMIT is held. */
    const chainedService = (firstFails: boolean, meanwhile?: () => Promise<void>) =>
      servedBy((next) => chainingStore(s.testStore.store, next, firstFails, meanwhile));

    it('a create on a wallet another create is moving forecasts from where that one leaves it, waits for its COMMIT, and misses nothing', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      const { service, store } = chainedService(false);
      const first = await create(service, 100);
      const second = await store.following();
      assert.equal((first.body as { status?: string }).status, 'completed');
      assert.equal((second as { body: { status?: string } }).body.status, 'completed');
      assert.equal(store.units, 2, 'each unit ran once: the second one\'s forecast, taken from the first one\'s tip, held');
      assert.equal(await balance(s, from), startFrom - 300);
      assert.equal(await balance(s, to), startTo + 300);
      assert.equal(service.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });

    it('when the create whose tip it forecast from fails, the create runs again without a forecast and moves its money once', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      const { service, store } = chainedService(true);
      await assert.rejects(create(service, 100), /the first unit fails after its work/);
      const second = await store.following();
      assert.equal((second as { body: { status?: string } }).body.status, 'completed');
      assert.equal(store.units, 3, 'the second unit missed its forecast (the first never committed) and ran again');
      assert.equal(await balance(s, from), startFrom - 200);
      assert.equal(await balance(s, to), startTo + 200);
      assert.equal(service.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });

    it('a forecast from a failed create\'s tip misses even when another posting brought the wallet to the count it expects', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      // While the second create waits, another process's deposits make each wallet's next posting: the
      // counts the second one forecast from are there, with other balances.
      const deposit = async () => {
        await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: from.accountID, walletID: from.walletID, cents: 7 });
        await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: to.accountID, walletID: to.walletID, cents: 5 });
      };
      const { service, store } = chainedService(true, deposit);
      await assert.rejects(create(service, 100), /the first unit fails after its work/);
      const second = await store.following();
      assert.equal((second as { body: { status?: string } }).body.status, 'completed');
      assert.equal(store.units, 3, 'the second unit missed its forecast and ran again');
      assert.equal(await balance(s, from), startFrom + 7 - 200);
      assert.equal(await balance(s, to), startTo + 5 + 200);
      await assertLedgerOk(s);
    });

    /** A service on a `lockWaitStore` whose second create joins the queues behind the first one before that one's writes. */
    const lockWaitService = (firstFails: boolean) => servedBy((next) => lockWaitStore(s.testStore.store, next, firstFails));

    it('the create behind hands on its writes while the first one still commits, and commits after it, as forecast', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      const { service, store } = lockWaitService(false);
      const first = await create(service, 100);
      const second = await store.following();
      assert.equal((first.body as { status?: string }).status, 'completed');
      assert.equal((second as { body: { status?: string } }).body.status, 'completed');
      assert.ok(store.times.secondSent! < store.times.firstEnded!, 'the second unit\'s message left while the first was still committing');
      assert.equal(store.units, 2, 'no miss: the second one\'s update came after the first one\'s commit and found the row as forecast');
      assert.equal(await balance(s, from), startFrom - 300);
      assert.equal(await balance(s, to), startTo + 300);
      assert.equal(service.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });

    it('when the first fails after its writes ran, the create behind (waiting on its row lock) misses, runs again and moves its money once', async () => {
      const startFrom = await balance(s, from);
      const startTo = await balance(s, to);
      const { service, store } = lockWaitService(true);
      await assert.rejects(create(service, 100), /division by zero/);
      const second = await store.following();
      assert.equal((second as { body: { status?: string } }).body.status, 'completed');
      assert.ok(store.times.secondSent! < store.times.firstEnded!, 'the second unit\'s message left before the first failed');
      assert.equal(store.units, 3, 'the second unit found the row as it was before the first one and ran again');
      assert.equal(await balance(s, from), startFrom - 200);
      assert.equal(await balance(s, to), startTo + 200);
      assert.equal(service.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });

    it('concurrent creates from one wallet through one service chain their forecasts and share commits: all complete, none overdraws', async () => {
      const source = await walletParty(s, 1_000);
      const target = await walletParty(s);
      const service = serviceOn(s.testStore.store);
      const caller = platformCaller(s);
      const send = () => service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(source, target, 40) });
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => send()));
      const statuses = outcomes.map((o) => (o.body as { status?: string }).status);
      assert.equal(statuses.filter((status) => status === 'completed').length, 25, '1,000 cents carry 25 transfers of 40');
      assert.equal(statuses.filter((status) => status === 'failed').length, 5);
      assert.equal(await balance(s, source), 0);
      assert.equal(await balance(s, target), 1_000);
      assert.equal(service.accountsInFlight.size, 0);
      // Each transfer row is written once, by the transaction that committed its create: fewer transactions than creates.
      const ids = outcomes.map((o) => (o.body as { transferID: string }).transferID);
      const writers = await s.testStore.store.read((sql) =>
        sql.all<{ xmin: string }>(`SELECT DISTINCT xmin::text AS xmin FROM transfers WHERE transfer_id IN (${ids.map(() => '?').join(', ')})`, ids),
      );
      assert.ok(writers.length < ids.length, `${ids.length} creates committed in ${writers.length} transactions`);
      assert.equal((s.testStore.store as PostgresStore).sharedCommits.size, 0, 'no shared transaction left');
      await assertLedgerOk(s);
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

    it('concurrent creates from one wallet through two stores (two processes: two pools, each sharing its own commits) all end, and none overdraws', { timeout: 60_000 }, async () => {
      const source = await walletParty(s, 100_000);
      const target = await walletParty(s);
      const other = s.testStore.openAnother!();
      try {
        const [one, two] = [serviceOn(s.testStore.store), serviceOn(other)];
        const caller = platformCaller(s);
        const send = (service: TransferService) =>
          service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(source, target, 10) });
        // Each process's creates queue on the wallet and share commits, while the other's make their forecasts miss.
        const outcomes = await Promise.all(Array.from({ length: 400 }, (_, i) => send(i % 2 === 0 ? one : two)));
        const completed = outcomes.filter((o) => (o.body as { status?: string }).status === 'completed').length;
        assert.equal(completed, 400);
        assert.equal(await balance(s, source), 100_000 - 4_000);
        assert.equal(await balance(s, target), 4_000);
        assert.equal(one.accountsInFlight.size + two.accountsInFlight.size, 0);
        assert.equal((s.testStore.store as PostgresStore).sharedCommits.size + other.sharedCommits.size, 0);
        await assertLedgerOk(s);
      } finally {
        await other.close();
      }
    });

    it('concurrent creates on different wallets through one service share commits with each other: all complete, in fewer transactions than creates', async () => {
      const pairs = await Promise.all(Array.from({ length: 8 }, async () => ({ source: await walletParty(s, 1_000), target: await walletParty(s) })));
      const service = serviceOn(s.testStore.store);
      const caller = platformCaller(s);
      const outcomes = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(pairs[i % 8]!.source, pairs[i % 8]!.target, 10) }),
        ),
      );
      assert.equal(outcomes.filter((o) => (o.body as { status?: string }).status === 'completed').length, 32);
      for (const { source, target } of pairs) {
        assert.equal(await balance(s, source), 1_000 - 40);
        assert.equal(await balance(s, target), 40);
      }
      const ids = outcomes.map((o) => (o.body as { transferID: string }).transferID);
      const writers = await s.testStore.store.read((sql) =>
        sql.all<{ xmin: string }>(`SELECT DISTINCT xmin::text AS xmin FROM transfers WHERE transfer_id IN (${ids.map(() => '?').join(', ')})`, ids),
      );
      assert.ok(writers.length < ids.length, `${ids.length} creates committed in ${writers.length} transactions`);
      assert.equal((s.testStore.store as PostgresStore).sharedCommits.sentAgainWhole, 0, 'no deadlock');
      assert.equal(service.accountsInFlight.size, 0);
      await assertLedgerOk(s);
    });

    it('concurrent creates around a ring of wallets, both ways, through two stores (two processes) all complete without a deadlock, and the money adds up', { timeout: 60_000 }, async () => {
      const ring = await Promise.all(Array.from({ length: 6 }, () => walletParty(s, 10_000)));
      const other = s.testStore.openAnother!();
      try {
        const stores = [s.testStore.store as PostgresStore, other];
        const [one, two] = stores.map((store) => serviceOn(store));
        const caller = platformCaller(s);
        const resentBefore = stores.map((store) => store.sharedCommits.sentAgainWhole);
        // Each create moves 10 from a wallet to its neighbour, clockwise or back: every wallet is locked by both processes.
        const moves = Array.from({ length: 240 }, (_, i) => ({ from: i % 6, to: (i % 6) + (i % 4 < 2 ? 1 : 5), service: i % 2 === 0 ? one! : two! }));
        const outcomes = await Promise.all(
          moves.map(({ from, to, service }) =>
            service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(ring[from]!, ring[to % 6]!, 10) }),
          ),
        );
        assert.equal(outcomes.filter((o) => (o.body as { status?: string }).status === 'completed').length, moves.length);
        const expected = ring.map(() => 10_000);
        for (const { from, to } of moves) {
          expected[from]! -= 10;
          expected[to % 6]! += 10;
        }
        assert.deepEqual(await Promise.all(ring.map((wallet) => balance(s, wallet))), expected);
        assert.deepEqual(
          stores.map((store, index) => store.sharedCommits.sentAgainWhole - resentBefore[index]!),
          [0, 0],
          'no shared transaction was a deadlock\'s victim',
        );
        assert.equal(one!.accountsInFlight.size + two!.accountsInFlight.size, 0);
        assert.deepEqual(stores.map((store) => store.sharedCommits.size), [0, 0]);
        await assertLedgerOk(s);
      } finally {
        await other.close();
      }
    });
  });
}
