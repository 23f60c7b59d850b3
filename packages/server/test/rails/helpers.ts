import assert from 'node:assert/strict';
import type { TestServer } from '../support/server.ts';
import type { JobHandler } from '../../src/jobs/index.ts';
import type { Sql } from '../../src/store/port.ts';

// Shared with every feature's tests: test/support/ (import from there).
export { MONEY_CAPABILITIES, completeBusiness, moneyWallet, methodOf, cardMethod, bankMethod, type SourceMethod } from '../support/parties.ts';
export { methodTransferBody as body, getTransfer, advance, updateStatuses, v2024TransferValidator } from '../support/transfers.ts';


/**
 * What a rail stored for a transfer: its rail state, its ledger entries' step
 * names (`transfer:<id>:` stripped from the idempotency references), and its
 * rail jobs as `[kind, dedupe key without the prefix, due ms after creation]`,
 * earliest first; `createdMs` is the transfer's creation instant.
 */
export async function railFootprint(s: TestServer, transferID: string) {
  const prefix = `transfer:${transferID}:`;
  return s.testStore.store.read(async (sql) => {
    const row = await sql.get<{ rail_state: string; created_on: string }>('SELECT rail_state, created_on FROM transfers WHERE transfer_id = ?', [transferID]);
    if (!row) throw new Error(`transfer ${transferID} is not stored`);
    const createdMs = Date.parse(row.created_on);
    const entries = await sql.all<{ idempotency_ref: string }>('SELECT idempotency_ref FROM ledger_entries WHERE reference_id = ? ORDER BY idempotency_ref', [transferID]);
    const jobs = await sql.all<{ kind: string; run_at: string; dedupe_key: string }>(
      "SELECT kind, run_at, dedupe_key FROM jobs WHERE payload LIKE ? AND kind LIKE 'rail.%' ORDER BY run_at_ms, kind",
      [`%${transferID}%`],
    );
    return {
      createdMs,
      railState: JSON.parse(row.rail_state) as Record<string, unknown>,
      refs: entries.map((entry) => entry.idempotency_ref.replace(prefix, '')),
      jobs: jobs.map((job) => [job.kind, job.dedupe_key.replace(prefix, ''), Date.parse(job.run_at) - createdMs]),
    };
  });
}

/** A wallet's events among `events`, sorted, a `walletTransaction.updated` written `transaction <status>`. */
export function walletNews(events: ReadonlyArray<{ type: string; data: any }>, walletID: string): string[] {
  return events
    .filter((event) => event.data.walletID === walletID)
    .map((event) => (event.type === 'walletTransaction.updated' ? `transaction ${event.data.status}` : event.type))
    .sort();
}

/** A job as the runner hands it to its handler after a claim: for delivering a rail step by hand. */
export const fakeJob = (s: TestServer, kind: string, payload: unknown) =>
  ({ jobID: `again-${kind}`, platformID: s.platform.accountID, kind, payload, status: 'claimed', claimToken: 't', claimedBy: 'w', leaseExpiresMs: 0 }) as never;

/** What a rail step delivered again must leave as it is: the transfer's row, and the platform's events, entries and jobs. */
function jobFootprint(s: TestServer, transferID: string) {
  const count = async (sql: Sql, table: string) =>
    Number((await sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE platform_id = ?`, [s.platform.accountID]))?.n);
  return s.testStore.store.read(async (sql) => ({
    transfer: await sql.get<{ status: string; updated_on: string; source_details: string; destination_details: string }>(
      'SELECT status, updated_on, source_details, destination_details FROM transfers WHERE platform_id = ? AND transfer_id = ?',
      [s.platform.accountID, transferID],
    ),
    events: await count(sql, 'events'),
    entries: await count(sql, 'ledger_entries'),
    jobs: await count(sql, 'jobs'),
  }));
}

/**
 * Runs a rail job's handler again by hand (a retry after a crash, a duplicate)
 * and asserts it changed nothing: no status, detail, event, entry or job.
 */
export async function runJobAgain(s: TestServer, handler: JobHandler | undefined, jobKind: string, payload: { transferID: string } & Record<string, unknown>): Promise<void> {
  assert.ok(handler, `${jobKind} has a handler`);
  const before = await jobFootprint(s, payload.transferID);
  const ctx = { clock: s.services.clock, liveClock: s.services.clock } as never;
  await s.testStore.store.write((sql) => handler(sql, fakeJob(s, jobKind, payload), ctx));
  assert.deepEqual(await jobFootprint(s, payload.transferID), before, `${jobKind} run again on a ${before.transfer?.status} transfer`);
}
