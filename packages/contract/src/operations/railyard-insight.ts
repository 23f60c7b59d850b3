import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { Uuid } from '../schemas/common.ts';
import { JobList, ListJobsError, ListJobsQuery, MAX_TRANSFER_EVENTS, TransferEventList, TransferLedgerEntries } from '../schemas/railyard-insight.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Railyard-only reads the dashboard needs and Moov's API does not offer: the
 * ledger under a transfer, the events that name it, and the platform's job
 * queue (what is due on its clock). Scoped to the calling platform, like the
 * clock: `{accountID}` in the scopes is the caller's platform ID, and another
 * platform's transfer is the same 404 as an unknown one.
 */

const TransferParams = z.object({ transferID: Uuid });
const noTransfer = { description: "No such transfer (or another platform's)" } as const;
const READ = ['/accounts/{accountID}/transfers.read'] as const;

export const listTransferLedgerEntries = defineOperation({
  id: 'sandbox.listTransferLedgerEntries',
  method: 'GET',
  path: '/railyard/transfers/{transferID}/ledger-entries',
  summary: 'The ledger entries of a transfer (Railyard only)',
  description:
    "Lists the double-entry ledger entries a transfer posted, oldest first, each with its balanced postings: which ledger " +
    'account (wallet, outside world, clearing…), which bucket (available or pending), the amount and the balances right ' +
    'after. Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: TransferParams },
  response: { status: 200, description: 'The entries, oldest first', body: TransferLedgerEntries },
  errors: { 401: noCredentials, 403: missingScope, 404: noTransfer },
});

export const listTransferEvents = defineOperation({
  id: 'sandbox.listTransferEvents',
  method: 'GET',
  path: '/railyard/transfers/{transferID}/events',
  summary: 'The events of a transfer (Railyard only)',
  description:
    `Lists the platform's recorded events whose data names the transfer (\`transfer.created\`, \`transfer.updated\`…), oldest ` +
    `first, at most ${MAX_TRANSFER_EVENTS}: the transfer's history of statuses with their times. Railyard-only: not part ` +
    'of the Moov API.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: TransferParams },
  response: { status: 200, description: 'The events, oldest first', body: TransferEventList },
  errors: { 401: noCredentials, 403: missingScope, 404: noTransfer },
});

export const listJobs = defineOperation({
  id: 'sandbox.listJobs',
  method: 'GET',
  path: '/railyard/jobs',
  summary: "The platform's job queue (Railyard only)",
  description:
    "Lists the calling platform's background jobs (the steps simulated rails take on the platform clock): waiting ones " +
    'earliest due first, then finished ones latest first, with counts by status. After `POST /railyard/clock/advance`, ' +
    'the jobs that became due show as completed (or failed). Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { query: ListJobsQuery },
  response: { status: 200, description: 'The jobs and counts', body: JobList },
  errors: { 401: noCredentials, 403: missingScope, 422: { description: 'Invalid status or count', body: ListJobsError } },
});

export const railyardInsightOperations = [listTransferLedgerEntries, listTransferEvents, listJobs] as const;
