// CPU per transfer read, in-process, without HTTP: what `GET /accounts/{id}/transfers/{id}` costs
// the transfer service and the store (statements outside a unit of work, each on a pooled
// connection on PostgreSQL). Node's CPU from process.cpuUsage; PostgreSQL's from /proc
// (tools/postgres-cpu.ts), where it runs on this machine.
//   node --import tsx bench/tools/read-cpu.ts [--n 20000] [--concurrency 8] [--kind sqlite|postgres] [--warmup 2000]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { roundTrips } from '../../packages/server/src/store/postgres/postgres-store.ts';
import { postgresCpuSeconds } from './postgres-cpu.ts';
import { startTestServer } from '../../packages/server/test/support/server.ts';
import { walletParty, transferBody } from '../../packages/server/test/transfers/helpers.ts';

const MAX_N = 1_000_000;
const MAX_CONCURRENCY = 512;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '8' },
    kind: { type: 'string', default: 'sqlite' },
    warmup: { type: 'string', default: '2000' },
  },
});
const n = Number(values.n);
const concurrency = Number(values.concurrency);
const warmup = Number(values.warmup);
if (!Number.isSafeInteger(n) || n < 1 || n > MAX_N) throw new Error(`--n must be 1..${MAX_N}`);
if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) throw new Error(`--concurrency must be 1..${MAX_CONCURRENCY}`);
if (!Number.isSafeInteger(warmup) || warmup < 0 || warmup > MAX_N) throw new Error(`--warmup must be 0..${MAX_N}`);
const kind = values.kind === 'postgres' ? 'postgres' : 'sqlite';

const s = await startTestServer(kind);
try {
  const caller = { platformID: s.platform.accountID, publicKey: 'bench' };
  const body = transferBody(await walletParty(s, 100_000), await walletParty(s), 1);
  const created = await s.services.transfers.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body });
  if (created.kind === 'accepted' || created.body.status !== 'completed') throw new Error('the transfer to read did not complete');
  const transferID = created.body.transferID;
  /** `count` reads, `concurrency` at a time; each must answer the transfer. */
  const runReads = async (count: number): Promise<void> => {
    let next = 0;
    const worker = async () => {
      while (next++ < count) {
        const view = await s.services.transfers.get(caller, caller.platformID, transferID);
        if (view.transferID !== transferID) throw new Error('read another transfer');
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  await runReads(warmup);
  const roundTrips0 = roundTrips.count;
  const cpu0 = process.cpuUsage();
  const postgres0 = kind === 'postgres' ? postgresCpuSeconds() : undefined;
  const t0 = performance.now();
  await runReads(n);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const postgres1 = kind === 'postgres' ? postgresCpuSeconds() : undefined;
  console.log(`${kind}: ${n} transfer reads, ${concurrency} in flight`);
  console.log(`cpu µs/read ${((cpu.user + cpu.system) / n).toFixed(1)}  reads/s ${((n / wallMs) * 1000).toFixed(0)}`);
  if (kind === 'postgres') console.log(`round trips/read ${((roundTrips.count - roundTrips0) / n).toFixed(1)}`);
  if (postgres0 !== undefined && postgres1 !== undefined) console.log(`postgres cpu µs/read ${(((postgres1 - postgres0) * 1e6) / n).toFixed(1)}`);
} finally {
  await s.close();
}
