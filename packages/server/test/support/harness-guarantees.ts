import assert from 'node:assert/strict';
import { openStore } from '../../src/compose/open-store.ts';
import type { DeliveryReceiver } from './delivery-receiver.ts';
import { allEvents } from './serve-process.ts';
import { runCli } from './harness-child.ts';
import { call, send, type Journal, type Parties } from './harness-workload.ts';

/**
 * The checks every reliability test ends with, against a server started again
 * on the database that went through the faults. Each one fails with what was
 * lost or doubled, not just "false".
 */

/** A client's part: every request whose outcome it never learned is sent again with its key. Answers how many. */
export async function resolveUncertain(url: string, auth: string, parties: Parties, journal: Journal): Promise<number> {
  const uncertain = [...journal.uncertain.values()];
  for (const sent of uncertain) {
    const outcome = await send(url, auth, parties, sent);
    journal.record(sent, outcome);
    assert.equal(outcome.kind, 'ok', `a retry of ${sent.key} after the faults: ${JSON.stringify(outcome)}`);
  }
  return uncertain.length;
}

/** Replays of acknowledged keys answer the transfer first created, never a second one. Answers how many were replayed. */
export async function checkReplays(url: string, auth: string, parties: Parties, journal: Journal, count = 25): Promise<number> {
  const acknowledged = [...journal.acknowledged.values()];
  const sample = acknowledged.sort(() => Math.random() - 0.5).slice(0, count);
  for (const sent of sample) {
    const outcome = await send(url, auth, parties, sent);
    assert.equal(outcome.kind, 'ok', `replay of ${sent.key}: ${JSON.stringify(outcome)}`);
    assert.equal((outcome as { transferID: string }).transferID, sent.transferID, `replay of ${sent.key} answered another transfer`);
  }
  return sample.length;
}

async function transferStatus(url: string, auth: string, platformID: string, transferID: string): Promise<string> {
  const answer = await call(url, auth, 'GET', `/accounts/${platformID}/transfers/${transferID}`);
  assert.equal(answer.status, 200, `GET transfer ${transferID}: ${answer.status} ${answer.text}`);
  return answer.json.status as string;
}

/** Every ACH credit acknowledged reaches `completed` through its jobs (originate, complete), however often the server died. */
export async function awaitJobsDone(url: string, auth: string, parties: Parties, journal: Journal, timeoutMs = 90_000): Promise<number> {
  const ach = [...journal.acknowledged.values()].filter((sent) => sent.kind === 'ach');
  const deadline = Date.now() + timeoutMs;
  for (const sent of ach) {
    for (;;) {
      const status = await transferStatus(url, auth, parties.platformID, sent.transferID);
      if (status === 'completed') break;
      assert.ok(status === 'pending', `ACH transfer ${sent.transferID} is ${status}`);
      assert.ok(Date.now() < deadline, `ACH transfer ${sent.transferID} still ${status} after ${timeoutMs} ms: a due job did not run`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return ach.length;
}

/** Money: the payee holds exactly the wallet transfers, the payer the funding less every transfer, each counted once. */
export async function checkBalances(url: string, auth: string, parties: Parties, journal: Journal): Promise<void> {
  const balance = async (party: { accountID: string; walletID: string }) => {
    const answer = await call(url, auth, 'GET', `/accounts/${party.accountID}/wallets/${party.walletID}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.json.availableBalance.value as number;
  };
  const sent = [...journal.acknowledged.values()];
  const toWallet = sent.filter((s) => s.kind === 'wallet').reduce((sum, s) => sum + s.cents, 0);
  const total = sent.reduce((sum, s) => sum + s.cents, 0);
  assert.equal(await balance(parties.payee), toWallet, 'the payee wallet holds every wallet transfer exactly once');
  assert.equal(await balance(parties.payer), parties.fundedCents - total, 'the payer wallet paid every transfer exactly once');
}

/** Every event recorded reached the webhook receiver at least once (receivers deduplicate by eventID). Answers the counts. */
export async function checkDeliveries(url: string, auth: string, receiver: DeliveryReceiver, webhook: { webhookID: string; types: string[] }, earlierEvents: number, timeoutMs = 30_000) {
  const webhookID = webhook.webhookID;
  // Events recorded before the webhook existed are not sent to it, nor those of other types.
  const events = (await allEvents(url, auth)).slice(earlierEvents).filter((event) => webhook.types.includes(event.type));
  const arrived = (eventID: string) => receiver.counts.has(`${webhookID}/${eventID}`);
  // A backlog drains at the delivery worker's pace, slow on a loaded machine: wait while it makes
  // progress, and fail only once no new event has arrived for `timeoutMs` (a delivery lost, not late).
  for (let waiting = events.filter((event) => !arrived(event.eventID)).length; waiting > 0; ) {
    await receiver.until(() => events.every((event) => arrived(event.eventID)), timeoutMs).catch(() => undefined);
    const still = events.filter((event) => !arrived(event.eventID)).length;
    if (still >= waiting) break;
    waiting = still;
  }
  const missing = events.filter((event) => !arrived(event.eventID)).map((event) => `${event.type} ${event.eventID}`);
  assert.deepEqual(missing.slice(0, 10), [], `${missing.length} recorded events never reached the receiver`);
  const ids = new Set(events.map((event) => event.eventID));
  assert.ok(receiver.arrivals.every((arrival) => ids.has(arrival.body.eventID)), 'nothing that was not recorded arrived');
  return { events: events.length, arrivals: receiver.arrivals.filter((a) => ids.has(a.body.eventID)).length };
}

/**
 * With the server stopped, straight from the database: exactly one transfer
 * per acknowledged key and none for a key never sent (so no key moved money
 * twice), no job failed or left due. Then `railyard admin verify-ledger`.
 */
export async function checkDatabase(databaseUrl: string, parties: Parties, journal: Journal): Promise<{ jobs: number }> {
  const store = openStore(databaseUrl);
  let jobs = 0;
  try {
    const rows = await store.read((sql) =>
      sql.all<{ transfer_id: string; idempotency_key: string; amount: number }>('SELECT transfer_id, idempotency_key, amount FROM transfers WHERE platform_id = ?', [parties.platformID]),
    );
    const byKey = new Map(rows.map((row) => [row.idempotency_key, row]));
    assert.equal(byKey.size, rows.length, 'no idempotency key has two transfers');
    const lost = [...journal.acknowledged.values()].filter((sent) => byKey.get(sent.key)?.transfer_id !== sent.transferID);
    assert.deepEqual(lost.map((sent) => sent.key).slice(0, 10), [], `${lost.length} acknowledged transfers are missing or changed`);
    const unknown = rows.filter((row) => !journal.acknowledged.has(row.idempotency_key));
    assert.deepEqual(unknown.map((row) => row.transfer_id), [], 'every stored transfer was acknowledged (after the retries)');
    const states = await store.read((sql) => sql.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM jobs GROUP BY status'));
    const count = (status: string) => Number(states.find((row) => row.status === status)?.n ?? 0);
    jobs = count('completed');
    assert.equal(count('failed'), 0, `failed jobs: ${JSON.stringify(states)}`);
    const due = await store.read((sql) =>
      sql.all<{ job_id: string; kind: string }>("SELECT job_id, kind FROM jobs WHERE status IN ('pending', 'claimed') AND run_at_ms <= ?", [Date.now()]),
    );
    assert.deepEqual(due, [], 'no due job is left unrun');
  } finally {
    await store.close();
  }
  const verified = await runCli(['admin', 'verify-ledger', '--db', databaseUrl]);
  assert.equal(verified.stdout.trim(), 'ok', `verify-ledger: ${verified.stdout}${verified.stderr}`);
  assert.equal(verified.code, 0);
  return { jobs };
}
