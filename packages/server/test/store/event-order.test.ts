import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eventOf, recordEvent, recordEvents } from '../../src/kernel/events.ts';
import { migrations } from '../../src/store/migrations.ts';
import type { Dialect, Sql, Store } from '../../src/store/port.ts';
import { listEventsAfter, MAX_EVENTS_PER_READ } from '../../src/store/repos/events.ts';
import { MAX_ROWS_PER_INSERT } from '../../src/store/repos/multi-row.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { storeBeforeMigration } from '../support/old-schema.ts';

// Events of one unit of work share a timestamp and have random IDs; their
// order is kept by `event_seq` (migration 12), assigned by the database.
const frozen = { now: () => new Date('2026-03-02T15:00:00.000Z') };
const EVENT_ORDER_MIGRATION = 12;

async function steps(store: Store, platformID: string): Promise<Array<{ seq: number; label: string }>> {
  const rows = await store.read((sql) => listEventsAfter(sql, platformID, 0, MAX_EVENTS_PER_READ));
  return rows.map((row) => ({ seq: Number(row.event_seq), label: (JSON.parse(row.data) as { label: string }).label }));
}

const record = (store: Store, platformID: string, labels: string[]) =>
  store.write(async (sql) => {
    for (const label of labels) await recordEvent(sql, frozen, platformID, 'test.step', { label });
  });

for (const kind of await storeKinds()) {
  describe(`event order (${kind})`, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(kind);
    });
    after(async () => {
      await t.destroy();
    });

    it('events of one unit of work come back in write order, though their timestamps tie', async () => {
      const platformID = randomUUID();
      const labels = Array.from({ length: 40 }, (_, i) => `step-${String(39 - i).padStart(2, '0')}`); // sorts backwards as text
      await record(t.store, platformID, labels);
      const read = await steps(t.store, platformID);
      assert.deepEqual(read.map((e) => e.label), labels);
      for (let i = 1; i < read.length; i++) assert.ok(read[i]!.seq > read[i - 1]!.seq, 'event_seq only grows');
    });

    it('events recorded together keep the order given, between events recorded one by one, past one statement’s rows', async () => {
      const platformID = randomUUID();
      const together = Array.from({ length: MAX_ROWS_PER_INSERT + 3 }, (_, i) => `together-${String(99 - i).padStart(2, '0')}`);
      await t.store.write(async (sql) => {
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'before' });
        await recordEvents(sql, frozen, together.map((label) => eventOf(platformID, 'test.step', { label })));
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'after' });
        await recordEvents(sql, frozen, []);
      });
      const read = await steps(t.store, platformID);
      assert.deepEqual(read.map((e) => e.label), ['before', ...together, 'after']);
      for (let i = 1; i < read.length; i++) assert.ok(read[i]!.seq > read[i - 1]!.seq, 'event_seq only grows');
    });

    it('every event a unit records, from any part of it, is written at its end in one statement, in the order recorded', async () => {
      const platformID = randomUUID();
      const inserts: string[] = [];
      await t.store.write(async (unit) => {
        // Counts the unit's event inserts, whoever makes them.
        const sql: Sql = { ...unit, all: unit.all.bind(unit), get: unit.get.bind(unit), readBeforeWrites: unit.readBeforeWrites.bind(unit), batch: unit.batch.bind(unit), beforeCommit: unit.beforeCommit.bind(unit),
          run: (text, params) => (noteInsert(text), unit.run(text, params)),
          defer: (text, params) => (noteInsert(text), unit.defer(text, params)) };
        const noteInsert = (text: string) => void (/^\s*INSERT INTO events\b/.test(text) && inserts.push(text));
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'first' });
        await sql.run('UPDATE platforms SET name = name WHERE platform_id = ?', [platformID]);
        await recordEvents(sql, frozen, ['second', 'third'].map((label) => eventOf(platformID, 'test.step', { label })));
        await sql.get('SELECT 1 AS one');
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'fourth' });
        assert.deepEqual(inserts, [], 'nothing written before the end of the unit');
      });
      assert.equal(inserts.length, 1, 'one insert for the four events');
      assert.deepEqual((await steps(t.store, platformID)).map((e) => e.label), ['first', 'second', 'third', 'fourth']);
    });

    it('the events of a refused unit are not written, nor mixed into the units queued with it', async () => {
      const platformID = randomUUID();
      const refused = t.store.write(async (sql) => {
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'refused' });
        throw new Error('refused');
      });
      const next = record(t.store, platformID, ['next-0', 'next-1']);
      await assert.rejects(refused, /refused/);
      await next;
      await record(t.store, platformID, ['later']);
      assert.deepEqual((await steps(t.store, platformID)).map((e) => e.label), ['next-0', 'next-1', 'later']);
    });

    it('concurrent units of work each keep their order; a refused one leaves no events and no disorder', async () => {
      const platformID = randomUUID();
      const units = Array.from({ length: 12 }, (_, u) => Array.from({ length: 5 }, (_, i) => `u${u}-${i}`));
      const refused = t.store.write(async (sql) => {
        await recordEvent(sql, frozen, platformID, 'test.step', { label: 'refused-0' });
        throw new Error('refused');
      });
      await Promise.all([...units.map((labels) => record(t.store, platformID, labels)), assert.rejects(refused, /refused/)]);
      const read = await steps(t.store, platformID);
      assert.equal(read.length, 60);
      assert.equal(new Set(read.map((e) => e.seq)).size, 60, 'no two events share a sequence number');
      for (const labels of units) assert.deepEqual(read.filter((e) => labels.includes(e.label)).map((e) => e.label), labels);
      // A later unit of work comes after everything committed before it.
      await record(t.store, platformID, ['last']);
      const after = await steps(t.store, platformID);
      assert.equal(after.at(-1)?.label, 'last');
    });

    it('reads resume after a sequence number, a bounded page at a time, one platform only', async () => {
      const platformID = randomUUID();
      await record(t.store, platformID, ['a', 'b', 'c', 'd']);
      await record(t.store, randomUUID(), ['other platform']);
      const first = await t.store.read((sql) => listEventsAfter(sql, platformID, 0, 2));
      assert.deepEqual(first.map((row) => JSON.parse(row.data).label), ['a', 'b']);
      const rest = await t.store.read((sql) => listEventsAfter(sql, platformID, Number(first.at(-1)!.event_seq), 10_000_000));
      assert.deepEqual(rest.map((row) => JSON.parse(row.data).label), ['c', 'd']);
      const none = await t.store.read((sql) => listEventsAfter(sql, platformID, 0, 0));
      assert.equal(none.length, 1, 'a limit below one still reads one');
    });

    it('numbers the events stored before migration 12 in the order they were written', async () => {
      const old = await storeBeforeEventOrder(kind);
      try {
        const platformID = randomUUID();
        await old.insertLegacyEvents(platformID, ['z', 'y', 'x']);
        const store = old.open();
        assert.deepEqual(await store.migrate(), migrations.filter((m) => m.id >= EVENT_ORDER_MIGRATION).map((m) => m.id));
        await record(store, platformID, ['w']);
        assert.deepEqual((await steps(store, platformID)).map((e) => e.label), ['z', 'y', 'x', 'w']);
        await store.close();
      } finally {
        await old.destroy();
      }
    });
  });
}

const LEGACY_EVENT = 'INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES ';

/** A database migrated up to, not including, migration 12: the schema a running Railyard had before event order. */
async function storeBeforeEventOrder(kind: Dialect) {
  const old = await storeBeforeMigration(kind, EVENT_ORDER_MIGRATION);
  return {
    ...old,
    insertLegacyEvents: async (platformID: string, labels: string[]) => {
      for (const label of labels) {
        await old.run(`${LEGACY_EVENT}(?, ?, ?, ?, ?)`, [randomUUID(), platformID, 'test.step', JSON.stringify({ label }), frozen.now().toISOString()]);
      }
    },
  };
}
