// Bench check: how many transfers whose idempotency key starts with a run's
// prefix ended in each status, and from how many source payment methods (one
// per source wallet in the bench) they came. Prints one JSON object, e.g.
// {"statuses":{"completed":1234},"sources":32}.
//   node --import tsx bench/tools/count-transfers.ts --db URL --platform ID --key-prefix P
import { parseArgs } from 'node:util';
import { openStore } from '@railyard/server';

const { values } = parseArgs({ options: { db: { type: 'string' }, platform: { type: 'string' }, 'key-prefix': { type: 'string' } } });
const prefix = values['key-prefix'] ?? '';
// The prefix goes into LIKE, so it is limited to characters LIKE does not treat specially.
if (!values.db || !values.platform || !/^[A-Za-z0-9-]{1,40}$/.test(prefix)) {
  throw new Error('usage: count-transfers --db URL --platform ID --key-prefix [A-Za-z0-9-]{1,40}');
}
const { platform } = values;

const store = openStore(values.db);
try {
  const [rows, sources] = await store.read(async (sql) => [
    await sql.all<{ status: string; n: number | string }>(
      'SELECT status, COUNT(*) AS n FROM transfers WHERE platform_id = ? AND idempotency_key LIKE ? GROUP BY status',
      [platform, `${prefix}%`],
    ),
    await sql.get<{ n: number | string }>(
      'SELECT COUNT(DISTINCT source_payment_method_id) AS n FROM transfers WHERE platform_id = ? AND idempotency_key LIKE ?',
      [platform, `${prefix}%`],
    ),
  ] as const);
  const statuses = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  process.stdout.write(JSON.stringify({ statuses, sources: Number(sources?.n ?? 0) }) + '\n');
} finally {
  await store.close();
}
