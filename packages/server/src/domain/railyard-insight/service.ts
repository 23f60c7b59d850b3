import {
  DEFAULT_JOBS_PAGE,
  MAX_JOBS_PAGE,
  MAX_TRANSFER_EVENTS,
  type JobListView,
  type JobViewShape,
  type TransferEventListView,
  type TransferLedgerEntriesView,
} from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import { countJobsByStatus, type JobStatus } from '../../store/repos/jobs.ts';
import {
  finishedJobRows,
  ledgerAccountRowsByID,
  transferEventRows,
  waitingJobRows,
  type JobViewRow,
} from '../../store/repos/railyard-insight.ts';
import { entriesByReference } from '../../ledger/index.ts';
import { NotFound } from '../../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';

const WAITING: readonly JobStatus[] = ['pending', 'claimed'];
const FINISHED: readonly JobStatus[] = ['completed', 'failed'];

/** The transfer a job works on: rail jobs carry `{transferID}` (rails/job-helpers.ts). */
function transferOfPayload(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as { transferID?: unknown } | null;
    return value && typeof value.transferID === 'string' ? value.transferID : null;
  } catch {
    return null;
  }
}

function renderJob(row: JobViewRow): JobViewShape {
  return {
    jobID: row.job_id,
    kind: row.kind,
    status: row.status,
    runAt: row.run_at,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
    transferID: transferOfPayload(row.payload),
    createdOn: row.created_on,
    finishedOn: row.finished_on,
  };
}

/**
 * What the dashboard shows beyond Moov's API: a transfer's ledger entries and
 * events, and the platform's job queue. Every read is scoped to the caller's
 * platform; another platform's transfer is the same NotFound as a missing one.
 */
export class RailyardInsightService {
  constructor(private readonly store: Store) {}

  async transferLedgerEntries(caller: Caller, transferID: string): Promise<TransferLedgerEntriesView> {
    return this.store.read(async (sql) => {
      const id = await this.mustFindTransfer(sql, caller, transferID);
      const entries = await entriesByReference(sql, caller.platformID, id);
      const accountIDs = [...new Set(entries.flatMap((entry) => entry.postings.map((posting) => posting.ledgerAccountID)))];
      const accounts = new Map((await ledgerAccountRowsByID(sql, caller.platformID, accountIDs)).map((row) => [row.ledger_account_id, row]));
      return {
        transferID: id,
        entries: entries.map((entry) => ({
          entryID: entry.entryID,
          entryType: entry.entryType,
          description: entry.description,
          reversesEntryID: entry.reversesEntryID,
          createdOn: entry.createdOn,
          postings: entry.postings.map((posting) => {
            const account = accounts.get(posting.ledgerAccountID);
            return {
              line: posting.line,
              ledgerAccount: {
                ledgerAccountID: posting.ledgerAccountID,
                kind: account?.kind ?? 'unknown',
                ownerID: account?.owner_id ?? '',
                accountID: account?.account_id ?? null,
              },
              bucket: posting.bucket,
              amount: posting.amount,
              currency: posting.currency,
              availableAfter: posting.availableAfter,
              pendingAfter: posting.pendingAfter,
            };
          }),
        })),
      };
    });
  }

  async transferEvents(caller: Caller, transferID: string): Promise<TransferEventListView> {
    return this.store.read(async (sql) => {
      const id = await this.mustFindTransfer(sql, caller, transferID);
      const rows = await transferEventRows(sql, caller.platformID, id, MAX_TRANSFER_EVENTS);
      return {
        transferID: id,
        events: rows.map((row) => ({
          eventID: row.event_id,
          type: row.event_type,
          data: JSON.parse(row.data) as Record<string, unknown>,
          createdOn: row.created_on,
        })),
      };
    });
  }

  async listJobs(caller: Caller, query: { status?: JobStatus | undefined; count?: number | undefined }): Promise<JobListView> {
    const count = Math.min(query.count ?? DEFAULT_JOBS_PAGE, MAX_JOBS_PAGE);
    const only = (statuses: readonly JobStatus[]) => (query.status === undefined ? statuses : statuses.filter((s) => s === query.status));
    return this.store.read(async (sql) => {
      const waiting = await waitingJobRows(sql, caller.platformID, only(WAITING), count);
      const finished = await finishedJobRows(sql, caller.platformID, only(FINISHED), count - waiting.length);
      return { jobs: [...waiting, ...finished].map(renderJob), counts: await countJobsByStatus(sql, caller.platformID) };
    });
  }

  private async mustFindTransfer(sql: Sql, caller: Caller, transferID: string): Promise<string> {
    const id = transferID.toLowerCase();
    if (!(await findTransferRow(sql, caller.platformID, id))) throw new NotFound('transfer');
    return id;
  }
}
