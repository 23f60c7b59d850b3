import type { TestServer } from '../support/server.ts';

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
