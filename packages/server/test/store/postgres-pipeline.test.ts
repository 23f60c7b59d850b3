import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { rowShapeReuse, runPipeline, type PipelinedStatement } from '../../src/store/postgres/pipeline.ts';

// The PostgreSQL unit of work sends its statements as one pipeline closed by one
// Sync (decision 2001, amendment "One Sync per message"). What the adapter relies
// on: answers in order with their rows and counts, values sent unchanged, the
// first error failing the call, and every named statement parsed once per
// connection, including after an error cut a pipeline short; a named statement's
// answer shape (its parsers) built once and reused only while PostgreSQL describes
// the same columns (decision 2001, amendment "What node-pg redoes per answer").
const kinds = await storeKinds();

if (kinds.includes('postgres')) {
  describe('PostgreSQL pipeline (one Sync)', () => {
    let client: pg.Client;
    /** Statement names of this run, so that a rerun on the same server cannot meet them. */
    const prefix = `pipeline_test_${randomBytes(4).toString('hex')}`;
    const named = (suffix: string, text: string, values: PipelinedStatement['values'] = []): PipelinedStatement => ({
      name: `${prefix}_${suffix}`,
      text,
      values,
    });

    before(async () => {
      client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query('CREATE TEMP TABLE pipeline_rows (id TEXT PRIMARY KEY, amount BIGINT, note TEXT)');
    });
    after(async () => {
      await client.end();
    });

    const preparedHere = async (): Promise<string[]> =>
      (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE name LIKE $1 ORDER BY name', [`${prefix}%`])).rows.map(
        (row) => row.name,
      );

    it('answers every statement in order: rows with their field names and changed-row counts', async () => {
      const results = await runPipeline(pg, client, [
        named('insert', 'INSERT INTO pipeline_rows (id, amount, note) VALUES ($1, $2, $3)', ['a', 5, 'first']),
        named('insert', 'INSERT INTO pipeline_rows (id, amount, note) VALUES ($1, $2, $3)', ['b', 7, null]),
        named('add', 'UPDATE pipeline_rows SET amount = amount + $1 WHERE id = $2 RETURNING amount', [10, 'a']),
        named('add', 'UPDATE pipeline_rows SET amount = amount + $1 WHERE id = $2 RETURNING amount', [10, 'missing']),
        { name: undefined, text: 'SELECT id, amount, note FROM pipeline_rows ORDER BY id', values: [] },
      ]);
      assert.equal(results.length, 5);
      assert.deepEqual(
        results.map((result) => result.rowCount),
        [1, 1, 1, 0, 2],
      );
      // BIGINT is compared by value: whether it parses to a string or a number is the driver's type parser's choice.
      assert.deepEqual(results[2]!.rows.map((row) => Number(row.amount)), [15]);
      assert.deepEqual(results[3]!.rows, []);
      assert.deepEqual(
        results[4]!.rows.map((row) => ({ ...row, amount: Number(row.amount) })),
        [
          { id: 'a', amount: 15, note: 'first' },
          { id: 'b', amount: 7, note: null },
        ],
      );
    });

    it('sends values unchanged: quotes, backslashes, dollar signs, question marks, unicode, null, 2^53−1 and bigints', async () => {
      const values = ["it's", 'back\\slash', '$1 $$ ?', 'ünï — 😀', null];
      const results = await runPipeline(pg, client, [
        ...values.map((note, index) => named('insert', 'INSERT INTO pipeline_rows (id, amount, note) VALUES ($1, $2, $3)', [`v${index}`, index, note])),
        named('amounts', 'SELECT CAST($1 AS BIGINT) AS big, CAST($2 AS BIGINT) AS bigint', [Number.MAX_SAFE_INTEGER, 2n ** 62n]),
        { name: undefined, text: "SELECT note FROM pipeline_rows WHERE id LIKE 'v%' ORDER BY id", values: [] },
      ]);
      const amounts = results.at(-2)!.rows[0];
      assert.deepEqual([String(amounts.big), String(amounts.bigint)], [String(Number.MAX_SAFE_INTEGER), String(2n ** 62n)]);
      assert.deepEqual(
        results.at(-1)!.rows.map((row) => row.note),
        values,
      );
    });

    it('parses a named statement once per connection, even when a pipeline uses it twice before it is known', async () => {
      const select = named('once', 'SELECT $1::int + 1 AS n', [1]);
      const first = await runPipeline(pg, client, [select, { ...select, values: [2] }]);
      assert.deepEqual(
        first.map((result) => result.rows[0]),
        [{ n: 2 }, { n: 3 }],
      );
      // A second Parse of a name PostgreSQL knows would fail ("prepared statement already exists").
      const second = await runPipeline(pg, client, [{ ...select, values: [41] }]);
      assert.deepEqual(second[0]!.rows, [{ n: 42 }]);
      assert.ok((await preparedHere()).includes(select.name!));
    });

    it('fails at the first error, skips the rest, and parses next time exactly the statements the error kept from being created', async () => {
      const before = named('before_error', 'SELECT $1::text AS v', ['x']);
      const failing = named('failing', 'SELECT 1 / $1::int AS v', [0]);
      const after = named('after_error', 'SELECT $1::text || $2::text AS v', ['y', 'z']);
      await assert.rejects(runPipeline(pg, client, [before, failing, after]), /division by zero/);
      const prepared = await preparedHere();
      // Parsed and kept: the statements before the error and the failing one (its Parse succeeded).
      assert.ok(prepared.includes(before.name!) && prepared.includes(failing.name!));
      assert.ok(!prepared.includes(after.name!), 'a Parse skipped after the error created nothing');
      // Were `after` taken as parsed, its Bind would fail; were `before` parsed again, its Parse would.
      const results = await runPipeline(pg, client, [before, { ...failing, values: [1] }, after]);
      assert.deepEqual(
        results.map((result) => result.rows[0]?.v),
        ['x', 1, 'yz'],
      );
    });

    it('reuses a named statement\'s answer shape: later answers, several in one pipeline, parse as the first', async () => {
      const select = named('shape', 'SELECT $1::int AS n, $2::text AS label, NULL::text AS nothing, $3::bigint AS big', [1, 'one', 10]);
      const first = await runPipeline(pg, client, [select]);
      const reusedBefore = rowShapeReuse.count;
      const later = await runPipeline(pg, client, [
        { ...select, values: [2, 'two', 20] },
        named('other', 'SELECT $1::text AS label', ['between']),
        { ...select, values: [3, 'three', 2n ** 60n] },
      ]);
      assert.ok(rowShapeReuse.count >= reusedBefore + 2, 'the second and third answers of the name took the kept shape');
      const rows = [first[0]!.rows[0], later[0]!.rows[0], later[2]!.rows[0]].map((row) => ({ ...row, big: String(row.big) }));
      assert.deepEqual(rows, [
        { n: 1, label: 'one', nothing: null, big: '10' },
        { n: 2, label: 'two', nothing: null, big: '20' },
        { n: 3, label: 'three', nothing: null, big: String(2n ** 60n) },
      ]);
      assert.deepEqual(later[1]!.rows, [{ label: 'between' }]);
      assert.deepEqual(
        later[0]!.fields.map((field) => field.name),
        ['n', 'label', 'nothing', 'big'],
      );
      // Each answer's rows are its own objects, though their empty row is shared.
      later[0]!.rows[0].n = 99;
      assert.equal(later[2]!.rows[0].n, 3);
    });

    it('parses by the columns described now when one name answers other columns (another connection\'s table of that name)', async () => {
      const other = new pg.Client({ connectionString: POSTGRES_URL });
      await other.connect();
      try {
        await client.query('CREATE TEMP TABLE shape_rows (v INTEGER)');
        await client.query('INSERT INTO shape_rows VALUES (7)');
        await other.query('CREATE TEMP TABLE shape_rows (v TEXT, w TEXT)');
        await other.query("INSERT INTO shape_rows VALUES ('7', 'x')");
        const read = named('shape_rows', 'SELECT * FROM shape_rows', []);
        const asInteger = await runPipeline(pg, client, [read]);
        const asText = await runPipeline(pg, other, [read]);
        const againAsInteger = await runPipeline(pg, client, [read]);
        assert.deepEqual(asInteger[0]!.rows, [{ v: 7 }]);
        assert.deepEqual(asText[0]!.rows, [{ v: '7', w: 'x' }]);
        assert.deepEqual(againAsInteger[0]!.rows, [{ v: 7 }]);
      } finally {
        await other.end();
      }
    });

    it('parses each client\'s answers by that client\'s own type parsers, whatever another client kept for the name', async () => {
      const typed = new pg.Client({
        connectionString: POSTGRES_URL,
        types: { getTypeParser: (oid: number, format?: string) => (oid === 23 ? (value: string) => `int4:${value}` : pg.types.getTypeParser(oid, format as 'text')) },
      });
      await typed.connect();
      try {
        const read = named('typed', 'SELECT $1::int AS v', [5]);
        const plain = [await runPipeline(pg, client, [read]), await runPipeline(pg, client, [read])];
        const custom = [await runPipeline(pg, typed, [read]), await runPipeline(pg, typed, [read])];
        assert.deepEqual(
          plain.map((results) => results[0]!.rows[0].v),
          [5, 5],
        );
        assert.deepEqual(
          custom.map((results) => results[0]!.rows[0].v),
          ['int4:5', 'int4:5'],
        );
      } finally {
        await typed.end();
      }
    });

    it('an error inside an explicit transaction rolls back what ran before it in the same pipeline', async () => {
      const insert = named('insert', 'INSERT INTO pipeline_rows (id, amount, note) VALUES ($1, $2, $3)', ['tx-1', 1, 'kept?']);
      await assert.rejects(
        runPipeline(pg, client, [
          { name: undefined, text: 'BEGIN', values: [] },
          insert,
          { ...insert, values: ['tx-1', 2, 'duplicate'] },
          { name: undefined, text: 'COMMIT', values: [] },
        ]),
        (error: Error & { code?: string }) => error.code === '23505',
      );
      await client.query('ROLLBACK');
      const left = await client.query("SELECT count(*)::int AS n FROM pipeline_rows WHERE id = 'tx-1'");
      assert.equal(left.rows[0].n, 0);
    });
  });
}
