import { z } from 'zod';
import { Paging, Timestamp, UUID_PATTERN } from './common.ts';
import { TransferAmount } from './amounts.ts';

/*
 * Disputes and their evidence (docs/disputes.md), SDK 26.2.0 `dispute.ts`,
 * `disputestatus.ts`, `disputephase.ts`, `disputeevidenceresponse.ts`,
 * `evidenceuploadresponse.ts`, `evidencetextresponse.ts`, `evidencetype.ts`,
 * `createevidencetext.ts`, `updateevidence.ts`, `errors/fileuploadvalidationerror.ts`.
 */

export const DISPUTE_STATUSES = ['response-needed', 'resolved', 'under-review', 'closed', 'accepted', 'expired', 'won', 'lost'] as const;
export const DisputeStatus = z.enum(DISPUTE_STATUSES).meta({ id: 'DisputeStatus' });
export type DisputeStatusValue = z.output<typeof DisputeStatus>;

export const DISPUTE_PHASES = ['pre-dispute', 'inquiry', 'chargeback', 'unknown'] as const;
export const DisputePhase = z.enum(DISPUTE_PHASES).meta({ id: 'DisputePhase' });
export type DisputePhaseValue = z.output<typeof DisputePhase>;

export const EVIDENCE_TYPES = [
  'receipt',
  'proof-of-delivery',
  'cancelation-policy',
  'terms-of-service',
  'customer-communication',
  'generic-evidence',
  'cover-letter',
  'other',
] as const;
export const EvidenceType = z.enum(EVIDENCE_TYPES, { error: `must be one of ${EVIDENCE_TYPES.join(', ')}` }).meta({ id: 'EvidenceType' });
export type EvidenceTypeValue = z.output<typeof EvidenceType>;

/** Moov's limits on evidence: text up to 750 characters; files of these types up to 4 MB. */
export const MAX_EVIDENCE_TEXT_LENGTH = 750;
export const MAX_EVIDENCE_FILE_BYTES = 4 * 1024 * 1024;
export const EVIDENCE_FILE_MEDIA_TYPES = ['image/jpeg', 'image/tiff', 'application/pdf'] as const;
/** Railyard's own bound (Moov documents none): pieces of evidence one dispute may hold. */
export const MAX_EVIDENCE_PER_DISPUTE = 50;

export const Dispute = z
  .object({
    disputeID: z.string(),
    merchantAccountID: z.string(),
    amount: TransferAmount,
    networkReasonCode: z.string(),
    networkReasonDescription: z.string().optional(),
    transfer: z.object({ transferID: z.string() }).meta({ id: 'DisputeTransferDetails' }),
    respondBy: Timestamp,
    status: DisputeStatus,
    phase: DisputePhase,
    createdOn: Timestamp,
    submittedOn: Timestamp.optional(),
  })
  .meta({ id: 'Dispute' });
export type DisputeView = z.output<typeof Dispute>;
export const DisputeList = z.array(Dispute);

/** A dispute as its transfer lists it (`Transfer.disputes[]`). */
export const CardAcquiringDispute = z
  .object({ disputeID: z.string(), createdOn: Timestamp, amount: TransferAmount })
  .meta({ id: 'CardAcquiringDispute' });
export type CardAcquiringDisputeView = z.output<typeof CardAcquiringDispute>;

export const DisputeEvidence = z
  .object({
    evidenceID: z.string(),
    disputeID: z.string(),
    evidenceType: EvidenceType,
    text: z.string().optional(),
    mimeType: z.string().optional(),
    filename: z.string().optional(),
    size: z.number().int().optional(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    submittedOn: Timestamp.optional(),
  })
  .meta({ id: 'DisputeEvidenceResponse' });
export type DisputeEvidenceView = z.output<typeof DisputeEvidence>;
export const DisputeEvidenceList = z.array(DisputeEvidence);

export const EvidenceUploadResponse = z
  .object({
    evidenceID: z.string(),
    disputeID: z.string(),
    filename: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    evidenceType: EvidenceType,
    createdOn: Timestamp,
  })
  .meta({ id: 'EvidenceUploadResponse' });
export type EvidenceUploadView = z.output<typeof EvidenceUploadResponse>;

export const EvidenceTextResponse = z
  .object({ evidenceID: z.string(), disputeID: z.string(), evidenceType: EvidenceType, text: z.string(), createdOn: Timestamp })
  .meta({ id: 'EvidenceTextResponse' });
export type EvidenceTextView = z.output<typeof EvidenceTextResponse>;

const evidenceText = z
  .string()
  .trim()
  .min(1, 'cannot be blank')
  .max(MAX_EVIDENCE_TEXT_LENGTH, `must be at most ${MAX_EVIDENCE_TEXT_LENGTH} characters`);

export const CreateEvidenceText = z.object({ text: evidenceText, evidenceType: EvidenceType }).meta({ id: 'CreateEvidenceText' });
export type CreateEvidenceTextBody = z.output<typeof CreateEvidenceText>;

export const UpdateEvidence = z.object({ evidenceType: EvidenceType.optional(), text: evidenceText.optional() }).meta({ id: 'UpdateEvidence' });
export type UpdateEvidenceBody = z.output<typeof UpdateEvidence>;

/** 422 of the file upload: what was wrong with the `evidenceType` part or the `file` part. */
export const FileUploadValidationError = z
  .object({
    evidenceType: z.string().optional(),
    file: z.object({ filename: z.string().optional(), mimeType: z.string().optional() }).optional(),
  })
  .meta({ id: 'FileUploadValidationError' });

// ---------------------------------------------------------------- list query

/** Most IDs one `disputeIDs` or `transferIDs` filter may name. */
export const MAX_DISPUTE_FILTER_IDS = 50;
const dateTime = z.iso.datetime({ offset: true, error: 'must be an RFC 3339 date-time' });
const idFilter = z.string().regex(UUID_PATTERN, 'must be a valid UUID').transform((value) => value.toLowerCase());

/** `a,b,c` (the SDK sends arrays comma-separated) or the parameter repeated. */
const idList = z
  .union([z.string(), z.array(z.string()).max(MAX_DISPUTE_FILTER_IDS)])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    if (parts.length === 0 || parts.length > MAX_DISPUTE_FILTER_IDS || !parts.every((p) => UUID_PATTERN.test(p))) {
      ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of 1 to ${MAX_DISPUTE_FILTER_IDS} IDs` });
      return z.NEVER;
    }
    return [...new Set(parts.map((p) => p.toLowerCase()))];
  });

/** How a dispute list may be ordered: a field and an optional direction (`createdOn:desc`). */
export const DISPUTE_ORDER_FIELDS = ['createdOn', 'respondBy', 'amount', 'status'] as const;
const orderBy = z
  .string()
  .regex(new RegExp(`^(${DISPUTE_ORDER_FIELDS.join('|')})(:(asc|desc))?$`), `must be one of ${DISPUTE_ORDER_FIELDS.join(', ')}, optionally followed by :asc or :desc`);

export const ListDisputesQuery = z.object({
  startDateTime: dateTime.optional().describe('Created at or after (RFC 3339).'),
  endDateTime: dateTime.optional().describe('Created at or before (RFC 3339).'),
  respondStartDateTime: dateTime.optional().describe('Respond-by at or after (RFC 3339).'),
  respondEndDateTime: dateTime.optional().describe('Respond-by at or before (RFC 3339).'),
  status: z.enum(DISPUTE_STATUSES, { error: `must be one of ${DISPUTE_STATUSES.join(', ')}` }).optional().describe('Only disputes in this status.'),
  merchantAccountID: idFilter.optional().describe('Only disputes of this merchant (the account paid by the disputed transfer).'),
  cardholderAccountID: idFilter.optional().describe('Only disputes of this cardholder (the account whose card paid).'),
  disputeIDs: idList.optional().describe('Only these disputes (comma-separated IDs).'),
  transferIDs: idList.optional().describe('Only disputes of these transfers (comma-separated IDs).'),
  orderBy: orderBy.optional().describe('`createdOn` (default, newest first), `respondBy`, `amount` or `status`, with `:asc` or `:desc`.'),
  ...Paging,
});
export type ListDisputesFilter = z.output<typeof ListDisputesQuery>;
