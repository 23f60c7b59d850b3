import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { StoreKind } from '../support/stores.ts';
import { startDeliveryReceiver } from '../support/delivery-receiver.ts';
import { allEvents } from '../support/serve-process.ts';
import { basicAuth, startServe, type ServeChild } from '../support/harness-child.ts';
import { createChildDatabase, restartPostgres } from '../support/harness-databases.ts';
import { awaitJobsDone, checkBalances, checkDatabase, checkDeliveries, checkReplays, resolveUncertain } from '../support/harness-guarantees.ts';
import { call, Journal, setUpParties, startLoad } from '../support/harness-workload.ts';

/**
 * Crash safety (issue 14, item 1): `railyard serve` takes concurrent transfer
 * creates (wallet → wallet, and ACH credits that background jobs settle) and
 * delivers every event to a webhook, while it is killed with SIGKILL at random
 * moments and started again on the same database, `kills` times. On
 * PostgreSQL the database server itself can also be restarted under load.
 * Then every guarantee of docs/reliability.md is checked (guarantees.ts).
 */

export interface CrashOptions {
  kind: StoreKind;
  kills: number;
  /** How many times PostgreSQL (the local cluster) restarts under load after the kills, without restarting Railyard. */
  postgresRestarts: number;
  /** How long the load runs before each kill: uniformly random in [min, max] ms. */
  loadMs: [number, number];
}

export interface CrashFigures {
  kind: StoreKind;
  kills: number;
  killsMidRequest: number;
  postgresRestarts: number;
  requests: number;
  acknowledged: number;
  retriedAfterCutOff: number;
  replaysChecked: number;
  achTransfers: number;
  jobsCompleted: number;
  events: number;
  deliveries: number;
  unavailableAnswers: number;
  seconds: number;
}

const LEASE_MS = 1_000;
/** Concurrent clients of the load (RAILYARD_CRASH_WORKERS; default 4). */
const LOAD_WORKERS = Math.min(64, Math.max(1, Number(process.env['RAILYARD_CRASH_WORKERS'] ?? 4) || 4));
/**
 * The transfer events only: they come from creates and from the ACH jobs alike,
 * and keep the delivery backlog one that drains within the test's time (each
 * transfer also records wallet and balance events, several per transfer).
 */
const DELIVERED_TYPES = ['transfer.created', 'transfer.updated'];

export async function runCrashScenario(options: CrashOptions): Promise<CrashFigures> {
  const started = Date.now();
  const database = await createChildDatabase(options.kind, 'crash');
  const receiver = await startDeliveryReceiver();
  const key = `pk_crash_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
  const auth = basicAuth(key);
  const env = { RAILYARD_BOOTSTRAP_KEY: key, RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  // Errors only: what a failed run needs to say why (a crash's trace, a unit's error), and little else.
  const args = ['--db', database.url, '--log-level', 'error', '--job-poll-ms', '20', '--webhook-lease-ms', String(LEASE_MS), '--rail-pacing', 'fast'];
  const journal = new Journal();
  let server: ServeChild | undefined;
  try {
    server = await startServe(args, env);
    const parties = await setUpParties(server.url, auth, server.platformID, database.url);
    const webhook = await call(server.url, auth, 'POST', '/webhooks', { url: receiver.url('/crash'), status: 'enabled', eventTypes: DELIVERED_TYPES, description: 'crash test' });
    assert.equal(webhook.status, 201, webhook.text);
    const webhookID = webhook.json.webhookID as string;
    receiver.secrets.set(webhookID, (await call(server.url, auth, 'GET', `/webhooks/${webhookID}/secret`)).json.secret);
    receiver.modes.set('/crash', { kind: 'status', status: 200, delayMs: 10 });
    const earlierEvents = (await allEvents(server.url, auth)).length;

    let killsMidRequest = 0;
    for (let kill = 0; kill < options.kills; kill++) {
      const load = startLoad(server.url, auth, parties, journal, LOAD_WORKERS);
      await new Promise((resolve) => setTimeout(resolve, randomInt(options.loadMs[0], options.loadMs[1] + 1)));
      const before = journal.requests;
      await server.kill();
      await load.stop();
      // Requests the kill cut off are the uncertain ones; count the kills that landed with some in flight.
      if (journal.requests > before) killsMidRequest++;
      server = await startServe(args, env);
      // Replays after each restart answer the original transfer.
      await checkReplays(server.url, auth, parties, journal, 5);
    }

    let postgresRestarts = 0;
    for (let restart = 0; restart < options.postgresRestarts; restart++) {
      const load = startLoad(server.url, auth, parties, journal, LOAD_WORKERS);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const acknowledgedBefore = journal.acknowledged.size;
      await restartPostgres();
      postgresRestarts++;
      // Railyard was not restarted: it must take writes again on its own once PostgreSQL is back.
      const resumed = journal.acknowledged.size;
      // The pool reconnects on the next request; on a loaded machine the first answers can take seconds.
      const deadline = Date.now() + 30_000;
      while (journal.acknowledged.size <= resumed + 5 && Date.now() < deadline && server.alive()) await new Promise((resolve) => setTimeout(resolve, 100));
      await load.stop();
      // A server that died under the restart stops the load (connection refused): say so, with its last words.
      assert.ok(server.alive(), `the server survived PostgreSQL restart ${restart + 1} (exit ${server.child.exitCode ?? server.child.signalCode}): ${server.output().slice(-2000)}`);
      assert.ok(
        journal.acknowledged.size > resumed,
        `writes resumed after PostgreSQL restart ${restart + 1} (${acknowledgedBefore} → ${resumed} → ${journal.acknowledged.size}; ${journal.requests} requests, ${journal.unavailable} answered 503; ${journal.unexpected.slice(-3).join(' | ')}); the server's last lines: ${server.output().slice(-3000)}`,
      );
    }

    assert.deepEqual(journal.unexpected.slice(0, 10), [], `${journal.unexpected.length} answers were neither a success, a cut-off nor a 503`);
    const retriedAfterCutOff = await resolveUncertain(server.url, auth, parties, journal);
    const replaysChecked = await checkReplays(server.url, auth, parties, journal, 50);
    const achTransfers = await awaitJobsDone(server.url, auth, parties, journal);
    await checkBalances(server.url, auth, parties, journal);
    const delivered = await checkDeliveries(server.url, auth, receiver, { webhookID, types: DELIVERED_TYPES }, earlierEvents);
    await server.stop();
    server = undefined;
    const { jobs } = await checkDatabase(database.url, parties, journal);

    const figures: CrashFigures = {
      kind: options.kind,
      kills: options.kills,
      killsMidRequest,
      postgresRestarts,
      requests: journal.requests,
      acknowledged: journal.acknowledged.size,
      retriedAfterCutOff,
      replaysChecked,
      achTransfers,
      jobsCompleted: jobs,
      events: delivered.events,
      deliveries: delivered.arrivals,
      unavailableAnswers: journal.unavailable,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    // The long run writes its figures down for docs/reliability.md.
    const report = process.env['RAILYARD_CRASH_REPORT'];
    if (report) appendFileSync(report, JSON.stringify({ at: new Date().toISOString(), ...figures }) + '\n');
    return figures;
  } finally {
    await server?.kill();
    await receiver.close();
    await database.drop();
  }
}
