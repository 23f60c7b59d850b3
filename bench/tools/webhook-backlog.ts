// Bench diagnostic (issue 13): the webhook worker's backlog when a full-speed run starts, so a
// run that starts with work left over from the one before it shows in the figures. Prints one
// JSON object: {"queued":N,"pending":N,"claimed":N} (events waiting for their fan-out, and
// deliveries waiting for or in their attempt).
//   node --import tsx bench/tools/webhook-backlog.ts --db URL
import { parseArgs } from 'node:util';
import { openStore } from '@railyard/server';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
if (!values.db) throw new Error('usage: webhook-backlog --db URL');

const store = openStore(values.db);
try {
  const [queued, deliveries] = await store.read(async (sql) => [
    await sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM webhook_fanout'),
    await sql.all<{ status: string; n: number | string }>(
      "SELECT status, COUNT(*) AS n FROM webhook_deliveries WHERE status IN ('pending', 'claimed') GROUP BY status",
    ),
  ] as const);
  const byStatus = Object.fromEntries(deliveries.map((row) => [row.status, Number(row.n)]));
  process.stdout.write(JSON.stringify({ queued: Number(queued?.n ?? 0), pending: byStatus['pending'] ?? 0, claimed: byStatus['claimed'] ?? 0 }) + '\n');
} finally {
  await store.close();
}
