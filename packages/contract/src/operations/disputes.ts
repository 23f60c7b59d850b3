import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import {
  CreateEvidenceText,
  Dispute,
  DisputeEvidence,
  DisputeEvidenceList,
  DisputeList,
  EVIDENCE_FILE_MEDIA_TYPES,
  EVIDENCE_TYPES,
  EvidenceTextResponse,
  EvidenceUploadResponse,
  FileUploadValidationError,
  ListDisputesQuery,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_TEXT_LENGTH,
  UpdateEvidence,
} from '../schemas/disputes.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Disputes (docs/disputes.md, decision 1650), SDK 26.2.0 `funcs/disputes*`.
 * `accountID` is the platform's own account (every dispute of the platform) or
 * a connected merchant account (the disputes of payments it received). Moov's
 * scopes: `transfers.read` for reads and for accept (sic), `transfers.write`
 * for evidence changes and submission.
 */

const DisputeParams = z.object({ accountID: Uuid, disputeID: Uuid });
const EvidenceParams = z.object({ accountID: Uuid, disputeID: Uuid, evidenceID: Uuid });
const READ = ['/accounts/{accountID}/transfers.read'] as const;
const WRITE = ['/accounts/{accountID}/transfers.write'] as const;
const noDispute = { description: "No such dispute visible to this account (or another platform's)" } as const;
const noEvidence = { description: 'No such dispute or evidence' } as const;
const closed = { description: 'The dispute no longer awaits a response (accepted, submitted, expired, decided)', body: GenericError } as const;

export const listDisputes = defineOperation({
  id: 'disputes.list',
  method: 'GET',
  path: '/accounts/{accountID}/disputes',
  summary: 'List disputes',
  description:
    'Lists disputes of card payments, newest first: every dispute of the platform for its own account, a merchant’s ' +
    'for a connected account. Filters: created (`startDateTime`/`endDateTime`) and respond-by ' +
    '(`respondStartDateTime`/`respondEndDateTime`) windows, inclusive; `status`; `merchantAccountID`; ' +
    '`cardholderAccountID`; `disputeIDs` and `transferIDs` (comma-separated); `orderBy` (`createdOn`, `respondBy`, ' +
    '`amount` or `status`, with `:asc` or `:desc`); `skip`/`count` paging.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: z.object({ accountID: Uuid }), query: ListDisputesQuery },
  response: { status: 200, description: 'The disputes', body: DisputeList },
  errors: {
    400: { description: 'A filter is malformed', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account visible to the platform' },
  },
});

export const getDispute = defineOperation({
  id: 'disputes.get',
  method: 'GET',
  path: '/accounts/{accountID}/disputes/{disputeID}',
  summary: 'Get a dispute',
  description: 'Answers one dispute: its amount, network reason, status, phase and the date a response is due by (`respondBy`).',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: DisputeParams },
  response: { status: 200, description: 'The dispute', body: Dispute },
  errors: { 401: noCredentials, 403: missingScope, 404: noDispute },
});

export const acceptDispute = defineOperation({
  id: 'disputes.accept',
  method: 'POST',
  path: '/accounts/{accountID}/disputes/{disputeID}/accept',
  summary: 'Accept a dispute',
  description:
    'Accepts liability for a dispute that awaits a response: it becomes `accepted` for good and the disputed money, ' +
    'already taken from the merchant’s wallet when the dispute opened, stays with the cardholder. 409 once the ' +
    'dispute no longer awaits a response. No body.',
  auth: 'api',
  scopes: READ,
  readOnly: false,
  request: { params: DisputeParams },
  response: { status: 200, description: 'The accepted dispute', body: Dispute },
  errors: { 401: noCredentials, 403: missingScope, 404: noDispute, 409: closed },
});

export const uploadDisputeEvidenceFile = defineOperation({
  id: 'disputes.uploadEvidenceFile',
  method: 'POST',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence-file',
  summary: 'Upload a file as evidence',
  description:
    'Adds a file to a dispute’s evidence, as `multipart/form-data` with two parts: `evidenceType` (text: ' +
    `${EVIDENCE_TYPES.join(', ')}) and \`file\` (${EVIDENCE_FILE_MEDIA_TYPES.join(', ')}, as the part’s ` +
    'Content-Type, at most 4 MB). 422 names the part at fault; 409 once the dispute no longer awaits a response.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: {
    params: DisputeParams,
    // Checked in the domain, so a wrong type or a missing part gets Moov's FileUploadValidationError shape.
    body: z.object({ evidenceType: z.string().max(64).optional(), file: z.file().optional() }),
    bodyRequired: true,
    multipart: { maxFileBytes: MAX_EVIDENCE_FILE_BYTES, maxFiles: 1, maxFields: 1, maxFieldBytes: 256 },
  },
  response: { status: 201, description: 'The evidence stored', body: EvidenceUploadResponse },
  errors: {
    400: { description: 'The body is not a readable multipart body, or holds unknown parts', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noDispute,
    409: closed,
    422: { description: 'The evidence type, or the file (its type, size or absence)', body: FileUploadValidationError, filePartProblemsUnder: 'filename' },
  },
});

export const uploadDisputeEvidenceText = defineOperation({
  id: 'disputes.uploadEvidenceText',
  method: 'POST',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence-text',
  summary: 'Add text evidence',
  description: `Adds text (at most ${MAX_EVIDENCE_TEXT_LENGTH} characters) of an evidence type to a dispute’s evidence. 409 once the dispute no longer awaits a response.`,
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: DisputeParams, body: CreateEvidenceText, bodyRequired: true },
  response: { status: 201, description: 'The evidence stored', body: EvidenceTextResponse },
  errors: {
    400: { description: 'The body is malformed (`text` blank or too long, an unknown `evidenceType`)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noDispute,
    409: closed,
  },
});

export const listDisputeEvidence = defineOperation({
  id: 'disputes.listEvidence',
  method: 'GET',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence',
  summary: 'List a dispute’s evidence',
  description: 'Lists a dispute’s evidence, oldest first: text and uploaded files (their name, type and size; the bytes are at `…/data`).',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: DisputeParams },
  response: { status: 200, description: 'The evidence', body: DisputeEvidenceList },
  errors: { 401: noCredentials, 403: missingScope, 404: noDispute },
});

export const getDisputeEvidence = defineOperation({
  id: 'disputes.getEvidence',
  method: 'GET',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence/{evidenceID}',
  summary: 'Get one piece of evidence',
  description: 'Answers one piece of a dispute’s evidence.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: EvidenceParams },
  response: { status: 200, description: 'The evidence', body: DisputeEvidence },
  errors: { 401: noCredentials, 403: missingScope, 404: noEvidence },
});

export const updateDisputeEvidence = defineOperation({
  id: 'disputes.updateEvidence',
  method: 'PATCH',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence/{evidenceID}',
  summary: 'Change evidence',
  description:
    'Changes the `evidenceType` of evidence, or the `text` of text evidence, before it is submitted. 400 once the ' +
    'dispute no longer awaits a response, or for `text` on a file.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: EvidenceParams, body: UpdateEvidence, bodyRequired: true },
  response: { status: 200, description: 'The evidence as changed', body: DisputeEvidence },
  errors: {
    400: { description: 'The body is malformed, or the evidence can no longer change', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noEvidence,
  },
});

export const deleteDisputeEvidence = defineOperation({
  id: 'disputes.deleteEvidence',
  method: 'DELETE',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence/{evidenceID}',
  summary: 'Delete evidence',
  description: 'Deletes evidence not yet submitted. 409 once the dispute no longer awaits a response.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: EvidenceParams },
  response: { status: 204, description: 'Deleted' },
  errors: { 401: noCredentials, 403: missingScope, 404: noEvidence, 409: closed },
});

export const getDisputeEvidenceData = defineOperation({
  id: 'disputes.getEvidenceData',
  method: 'GET',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence/{evidenceID}/data',
  summary: 'Download an evidence file',
  description: 'Answers the bytes of an uploaded evidence file, with the Content-Type it was uploaded as (PDF, JPEG or TIFF). Text evidence has no data: 404.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: EvidenceParams },
  response: { status: 200, description: 'The file', media: EVIDENCE_FILE_MEDIA_TYPES },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such dispute, evidence, or file (text evidence)' } },
});

export const submitDisputeEvidence = defineOperation({
  id: 'disputes.submitEvidence',
  method: 'POST',
  path: '/accounts/{accountID}/disputes/{disputeID}/evidence/submit',
  summary: 'Submit the evidence',
  description:
    'Sends the dispute’s evidence to the card network, once: the dispute becomes `under-review` (`submittedOn` set, ' +
    'on each piece of evidence too) and is later `won` (the money comes back to the wallet) or `lost`. 400 without ' +
    'evidence; 409 once the dispute no longer awaits a response. No body.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: DisputeParams },
  response: { status: 200, description: 'The dispute under review', body: Dispute },
  errors: {
    400: { description: 'The dispute has no evidence to submit', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noDispute,
    409: closed,
  },
});

export const disputeOperations = [
  listDisputes,
  getDispute,
  acceptDispute,
  uploadDisputeEvidenceFile,
  uploadDisputeEvidenceText,
  listDisputeEvidence,
  getDisputeEvidence,
  updateDisputeEvidence,
  deleteDisputeEvidence,
  getDisputeEvidenceData,
  submitDisputeEvidence,
] as const;
