// Bench check: how many transfers whose idempotency key starts with a run's
// prefix ended in each status. Prints one JSON object, e.g. {"completed":1234}.
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
  const rows = await store.read((sql) =>
    sql.all<{ status: string; n: number | string }>(
      'SELECT status, COUNT(*) AS n FROM transfers WHERE platform_id = ? AND idempotency_key LIKE ? GROUP BY status',
      [platform, `${prefix}%`],
    ),
  );
  process.stdout.write(JSON.stringify(Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]))) + '\n');
} finally {
  await store.close();
}
