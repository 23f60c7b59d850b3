import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { UniqueViolation } from '../../src/store/port.ts';
import { roundTrips } from '../../src/store/postgres/postgres-store.ts';

// `Sql.defer` (decision 2001): a write the unit does not read the outcome of may
// travel with the unit's next statement or its COMMIT. Whatever the adapter
// does with it, the unit must mean the same thing: in order, seen by every later
// statement, all or nothing, and a failure fails the unit.
const CREATED = '2026-01-01T00:00:00.000Z';
const insertPlatform = 'INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)';
const nameOf = 'SELECT name FROM platforms WHERE platform_id = ?';

for (const kind of await storeKinds()) {
  describe(`deferred writes (${kind})`, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(kind);
    });
    after(async () => {
      await t.destroy();
    });

    async function nameStored(id: string): Promise<string | undefined> {
      return (await t.store.read((sql) => sql.get<{ name: string }>(nameOf, [id])))?.name;
    }

    it('a later statement of the unit sees them, in the order they were deferred', async () => {
      const seen = await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['d-1', 'first', CREATED]);
        await sql.defer('UPDATE platforms SET name = ? WHERE platform_id = ?', ['second', 'd-1']);
        return sql.get<{ name: string }>(nameOf, ['d-1']);
      });
      assert.equal(seen?.name, 'second');
      assert.equal(await nameStored('d-1'), 'second');
    });

    it('a unit holds no lock until it sends something inside its transaction (PostgreSQL); SQLite\'s holds the write lock throughout', async () => {
      const seen = await t.store.write(async (sql) => {
        const states = [sql.holdsNoLock()];
        await sql.readBeforeWrites(nameOf, ['none']);
        await sql.defer(insertPlatform, ['d-lock', 'deferred', CREATED]);
        states.push(sql.holdsNoLock());
        await sql.get(nameOf, ['d-lock']);
        states.push(sql.holdsNoLock());
        return states;
      });
      assert.deepEqual(seen, kind === 'postgres' ? [true, true, false] : [false, false, false]);
      assert.equal(await t.store.read(async (sql) => sql.holdsNoLock()), true, 'a read holds none');
      assert.equal(await nameStored('d-lock'), 'deferred');
    });

    it('tasks left for the end run after the work, in order, in its transaction; a task may leave another', async () => {
      const order: string[] = [];
      const seen = await t.store.write(async (sql) => {
        await sql.beforeCommit(async () => {
          order.push('first');
          await sql.defer(insertPlatform, ['e-1', 'by the first task', CREATED]);
          await sql.beforeCommit(async () => {
            order.push('left by the first');
            await sql.run('UPDATE platforms SET name = ? WHERE platform_id = ?', ['by the task it left', 'e-1']);
          });
        });
        await sql.beforeCommit(async () => void order.push('second'));
        order.push('work');
        return sql.get<{ name: string }>(nameOf, ['e-1']);
      });
      assert.equal(seen, undefined, 'the work ran before any task');
      assert.deepEqual(order, ['work', 'first', 'second', 'left by the first']);
      assert.equal(await nameStored('e-1'), 'by the task it left');
    });

    it("a task's error fails the unit: nothing of the work nor of the tasks stays", async () => {
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['e-2', 'lost', CREATED]);
          await sql.beforeCommit(async () => {
            await sql.defer(insertPlatform, ['e-3', 'lost too', CREATED]);
            throw new Error('task refused');
          });
        }),
        /task refused/,
      );
      assert.equal(await nameStored('e-2'), undefined);
      assert.equal(await nameStored('e-3'), undefined);
    });

    it('a unit that throws runs none of its tasks, and the next units run only their own', async () => {
      const ran: string[] = [];
      const failing = t.store.write(async (sql) => {
        await sql.beforeCommit(async () => void ran.push('failed unit'));
        throw new Error('refused');
      });
      // Queued together: on SQLite they share one transaction and one connection (a group).
      const next = t.store.write(async (sql) => {
        await sql.beforeCommit(async () => void ran.push('next unit'));
      });
      const third = t.store.write(async () => undefined);
      await assert.rejects(failing, /refused/);
      await next;
      await third;
      assert.deepEqual(ran, ['next unit']);
    });

    it('outside a unit of work a task runs at once', async () => {
      const ran = await t.store.read(async (sql) => {
        let done = false;
        await sql.beforeCommit(async () => void (done = true));
        return done;
      });
      assert.equal(ran, true);
    });

    it('a unit that only defers commits them', async () => {
      await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['d-2', 'only deferred', CREATED]);
      });
      assert.equal(await nameStored('d-2'), 'only deferred');
    });

    it('a unit that throws after deferring writes nothing', async () => {
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['d-3', 'lost', CREATED]);
          await sql.get(nameOf, ['d-3']);
          await sql.defer(insertPlatform, ['d-4', 'lost too', CREATED]);
          throw new Error('refused');
        }),
        /refused/,
      );
      assert.equal(await nameStored('d-3'), undefined);
      assert.equal(await nameStored('d-4'), undefined);
    });

    it("a deferred write's unique violation fails the unit at its commit, as a UniqueViolation, and nothing of the unit stays", async () => {
      await t.store.write((sql) => sql.run(insertPlatform, ['d-5', 'taken', CREATED]));
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.run(insertPlatform, ['d-6', 'written before', CREATED]);
          await sql.defer(insertPlatform, ['d-5', 'duplicate', CREATED]);
        }),
        UniqueViolation,
      );
      assert.equal(await nameStored('d-5'), 'taken');
      assert.equal(await nameStored('d-6'), undefined);
    });

    it("a deferred write's failure surfaces from the unit's next statement at the latest", async () => {
      await t.store.write((sql) => sql.run(insertPlatform, ['d-7', 'taken', CREATED]));
      let failedAt: string | undefined;
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['d-7', 'duplicate', CREATED]).catch((error: unknown) => {
            failedAt = 'defer';
            throw error;
          });
          await sql.get(nameOf, ['d-7']).catch((error: unknown) => {
            failedAt ??= 'next statement';
            throw error;
          });
        }),
        UniqueViolation,
      );
      // SQLite runs it at once; PostgreSQL sends it with the read.
      assert.equal(failedAt, kind === 'sqlite' ? 'defer' : 'next statement');
    });

    it('values travel unchanged: quotes, backslashes, question marks, NUL-free unicode, null, numbers', async () => {
      const awkward = ["it's", 'back\\slash\\', 'what?', "'; DROP TABLE platforms; --", 'ünïcødé ✓ 𝄞', '$1 $$ $tag$'];
      await t.store.write(async (sql) => {
        for (const [index, name] of awkward.entries()) await sql.defer(insertPlatform, [`d-v${index}`, name, CREATED]);
      });
      for (const [index, name] of awkward.entries()) assert.equal(await nameStored(`d-v${index}`), name, `value ${index}`);
      // null and numbers in their columns: a ledger account row (NOT NULL columns filled, a nullable one null).
      const row = await t.store.write(async (sql) => {
        await sql.defer('CREATE TEMPORARY TABLE IF NOT EXISTS deferred_values (label TEXT, amount BIGINT, note TEXT)');
        await sql.defer('INSERT INTO deferred_values (label, amount, note) VALUES (?, ?, ?)', ['big', 9_007_199_254_740_991, null]);
        return sql.get<{ amount: number; note: string | null }>('SELECT amount, note FROM deferred_values WHERE label = ?', ['big']);
      });
      assert.deepEqual({ amount: Number(row?.amount), note: row?.note }, { amount: 9_007_199_254_740_991, note: null });
    });

    it('a savepoint rolled back in deferred statements undoes only what followed it', async () => {
      await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['d-8', 'kept', CREATED]);
        await sql.defer('SAVEPOINT probe');
        await sql.defer(insertPlatform, ['d-9', 'undone', CREATED]);
        await sql.defer('ROLLBACK TO SAVEPOINT probe');
        await sql.defer('RELEASE SAVEPOINT probe');
      });
      assert.equal(await nameStored('d-8'), 'kept');
      assert.equal(await nameStored('d-9'), undefined);
    });

    it('a statement with placeholders and values that do not match is refused, nothing written', async () => {
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['d-10', 'short']);
          await sql.get(nameOf, ['d-10']);
        }),
      );
      assert.equal(await nameStored('d-10'), undefined);
    });

    it('a batch runs every statement in order after what was deferred, and answers each one’s rows and changes', async () => {
      const results = await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['b-1', 'batch one', CREATED]);
        return sql.batch([
          { sql: 'UPDATE platforms SET name = ? WHERE platform_id = ? RETURNING name', params: ["it's two", 'b-1'] },
          { sql: 'UPDATE platforms SET name = ? WHERE platform_id = ? RETURNING name', params: ['nobody', 'b-none'] },
          { sql: insertPlatform, params: ['b-2', 'batch two', CREATED] },
          { sql: 'SELECT name FROM platforms WHERE platform_id IN (?, ?) ORDER BY platform_id', params: ['b-1', 'b-2'] },
        ]);
      });
      assert.deepEqual(
        results.map((r) => [r.rows, r.changes]),
        [
          [[{ name: "it's two" }], 1],
          [[], 0],
          [[], 1],
          [[{ name: "it's two" }, { name: 'batch two' }], 2],
        ],
      );
      assert.equal(await nameStored('b-2'), 'batch two');
    });

    it('a batch whose statement fails fails the unit: nothing of it, nor of the unit, stays', async () => {
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['b-3', 'lost', CREATED]);
          await sql.batch([
            { sql: insertPlatform, params: ['b-4', 'lost too', CREATED] },
            { sql: insertPlatform, params: ['b-4', 'the same ID again', CREATED] },
          ]);
        }),
        (error: unknown) => error instanceof UniqueViolation,
      );
      assert.equal(await nameStored('b-3'), undefined);
      assert.equal(await nameStored('b-4'), undefined);
    });

    it('a savepoint rolled back after a batch undoes all of it, even the statements after one that changed nothing', async () => {
      await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['b-5', 'kept', CREATED]);
        await sql.defer('SAVEPOINT batch_test');
        const [refused, applied] = await sql.batch([
          { sql: 'UPDATE platforms SET name = ? WHERE platform_id = ? RETURNING name', params: ['x', 'b-missing'] },
          { sql: 'UPDATE platforms SET name = ? WHERE platform_id = ? RETURNING name', params: ['changed', 'b-5'] },
        ]);
        assert.equal(refused!.changes, 0);
        assert.equal(applied!.changes, 1, 'the later statement ran although the first changed nothing');
        await sql.defer('ROLLBACK TO SAVEPOINT batch_test');
        await sql.defer('RELEASE SAVEPOINT batch_test');
      });
      assert.equal(await nameStored('b-5'), 'kept');
    });

    it('a read before writes sees what is committed, and the unit after it is still all or nothing', async () => {
      await t.store.write((sql) => sql.run(insertPlatform, ['r-1', 'committed', CREATED]));
      const seen = await t.store.write(async (sql) => {
        const rows = await sql.readBeforeWrites<{ name: string }>(nameOf, ['r-1']);
        await sql.defer('UPDATE platforms SET name = ? WHERE platform_id = ?', ['updated', 'r-1']);
        return rows[0]?.name;
      });
      assert.equal(seen, 'committed');
      assert.equal(await nameStored('r-1'), 'updated');
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.readBeforeWrites(nameOf, ['r-1']);
          await sql.defer('UPDATE platforms SET name = ? WHERE platform_id = ?', ['lost', 'r-1']);
          await sql.run(insertPlatform, ['r-1', 'duplicate', CREATED]);
        }),
        UniqueViolation,
      );
      assert.equal(await nameStored('r-1'), 'updated', 'the failed unit changed nothing');
    });

    it("a read before writes made after the unit wrote sees the unit's own writes", async () => {
      const seen = await t.store.write(async (sql) => {
        await sql.defer(insertPlatform, ['r-2', 'deferred', CREATED]);
        return (await sql.readBeforeWrites<{ name: string }>(nameOf, ['r-2']))[0]?.name;
      });
      assert.equal(seen, 'deferred');
    });

    if (kind === 'postgres') {
      it('PostgreSQL: BEGIN, deferred writes and COMMIT cost no round trip of their own', async () => {
        const before = roundTrips.count;
        await t.store.write(async (sql) => {
          for (let index = 0; index < 5; index++) await sql.defer(insertPlatform, [`d-rt${index}`, 'x', CREATED]);
          await sql.get(nameOf, ['d-rt0']); // BEGIN + five inserts + this read: one message
          await sql.defer('UPDATE platforms SET name = ? WHERE platform_id = ?', ['y', 'd-rt1']);
        }); // the update + COMMIT: one message
        assert.equal(roundTrips.count - before, 2);
        assert.equal(await nameStored('d-rt1'), 'y');
      });

      it('PostgreSQL: a batch and what was deferred before it are one message', async () => {
        const before = roundTrips.count;
        await t.store.write(async (sql) => {
          await sql.defer(insertPlatform, ['b-rt', 'x', CREATED]);
          await sql.batch([
            { sql: 'UPDATE platforms SET name = ? WHERE platform_id = ? RETURNING name', params: ['y', 'b-rt'] },
            { sql: nameOf, params: ['b-rt'] },
          ]); // BEGIN + the insert + both statements: one message
        }); // COMMIT: one message
        assert.equal(roundTrips.count - before, 2);
        assert.equal(await nameStored('b-rt'), 'y');
      });

      it('PostgreSQL: a read before writes goes alone and prepared, and BEGIN travels with the next message', async () => {
        const marker = `rbw_${Date.now()}`;
        const before = roundTrips.count;
        const prepared = await t.store.write(async (sql) => {
          await sql.readBeforeWrites(`SELECT 1 AS ${marker}`);
          await sql.defer(insertPlatform, ['r-3', 'x', CREATED]);
          // BEGIN + the insert + this read: one message, on the unit's connection.
          return sql.get<{ n: number | string }>('SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE ?', [`%${marker}%`]);
        }); // COMMIT: one message
        assert.equal(Number(prepared?.n), 1, 'the read is a named statement of the connection, not inlined text');
        assert.equal(roundTrips.count - before, 3);
        assert.equal(await nameStored('r-3'), 'x');
      });

      it('PostgreSQL: a unit that reads and writes nothing sends nothing', async () => {
        const before = roundTrips.count;
        await t.store.write(async () => undefined);
        assert.equal(roundTrips.count - before, 0);
      });
    }
  });
}
