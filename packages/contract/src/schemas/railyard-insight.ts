import { z } from 'zod';
import { Timestamp } from './common.ts';

/*
 * What the dashboard shows that Moov's API hides: a transfer's ledger postings,
 * the events that name it, and the platform's job queue. Railyard-only shapes.
 */

export const MAX_TRANSFER_EVENTS = 500;
export const MAX_JOBS_PAGE = 200;
export const DEFAULT_JOBS_PAGE = 50;

export const LedgerAccountSummary = z
  .object({
    ledgerAccountID: z.string(),
    kind: z.string().describe('What the ledger account holds: `wallet`, `outside-world`, `clearing`… (docs/ledger.md).'),
    ownerID: z.string().describe('The wallet, platform or other owner the ledger account belongs to.'),
    accountID: z.string().nullable().describe('The Moov account of a wallet ledger account; null for platform-wide ones.'),
  })
  .meta({ id: 'LedgerAccountSummary' });

export const TransferLedgerPosting = z
  .object({
    line: z.number().int(),
    ledgerAccount: LedgerAccountSummary,
    bucket: z.enum(['available', 'pending']),
    amount: z.number().int().describe('Minor units; positive adds to the bucket, negative takes from it.'),
    currency: z.string(),
    availableAfter: z.number().int().describe("The ledger account's available balance right after this posting."),
    pendingAfter: z.number().int().describe("The ledger account's pending balance right after this posting."),
  })
  .meta({ id: 'TransferLedgerPosting' });

export const TransferLedgerEntry = z
  .object({
    entryID: z.string(),
    entryType: z.string().describe('`transfer`, `hold`, `settle-hold`, `release-hold`, `reversal`… (docs/ledger.md).'),
    description: z.string(),
    reversesEntryID: z.string().nullable(),
    createdOn: Timestamp,
    postings: z.array(TransferLedgerPosting).describe('Balanced: per currency the amounts sum to zero.'),
  })
  .meta({ id: 'TransferLedgerEntry' });

export const TransferLedgerEntries = z
  .object({ transferID: z.string(), entries: z.array(TransferLedgerEntry).describe('Oldest first.') })
  .meta({ id: 'TransferLedgerEntries' });

export const TransferEventList = z
  .object({
    transferID: z.string(),
    events: z
      .array(z.object({ eventID: z.string(), type: z.string(), data: z.record(z.string(), z.unknown()), createdOn: Timestamp }))
      .describe(`Oldest first, at most ${MAX_TRANSFER_EVENTS}.`),
  })
  .meta({ id: 'TransferEventList' });

export const JOB_STATUSES = ['pending', 'claimed', 'completed', 'failed'] as const;

export const ListJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional().describe('Only jobs in this status; all when absent.'),
  count: z.coerce.number().int().min(1).max(MAX_JOBS_PAGE).optional().describe(`At most ${MAX_JOBS_PAGE}; default ${DEFAULT_JOBS_PAGE}.`),
});
export const ListJobsError = z.object({ status: z.string().optional(), count: z.string().optional() }).meta({ id: 'ListJobsError' });

export const JobView = z
  .object({
    jobID: z.string(),
    kind: z.string().describe('What the job does, such as `rail.wallet.complete`.'),
    status: z.enum(JOB_STATUSES),
    runAt: Timestamp.describe('When it is (or was) due, on the platform clock.'),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    transferID: z.string().nullable().describe('The transfer the job works on, when it works on one.'),
    createdOn: Timestamp,
    finishedOn: Timestamp.nullable(),
  })
  .meta({ id: 'JobView' });

export const JobList = z
  .object({
    jobs: z.array(JobView).describe('Waiting jobs (pending, claimed) earliest due first, then finished ones (completed, failed) latest first.'),
    counts: z.object({ pending: z.number().int(), claimed: z.number().int(), completed: z.number().int(), failed: z.number().int() }),
  })
  .meta({ id: 'JobList' });

export type TransferLedgerEntriesView = z.output<typeof TransferLedgerEntries>;
export type TransferEventListView = z.output<typeof TransferEventList>;
export type JobListView = z.output<typeof JobList>;
export type JobViewShape = z.output<typeof JobView>;
