import {
  EVIDENCE_FILE_MEDIA_TYPES,
  EVIDENCE_TYPES,
  MAX_EVIDENCE_FILE_BYTES,
  type DisputeEvidenceView,
  type EvidenceTextView,
  type EvidenceTypeValue,
  type EvidenceUploadView,
  type ValidationMap,
} from '@railyard/contract';
import { ValidationFailed } from '../../kernel/errors.ts';
import type { EvidenceRow } from '../../store/repos/dispute-evidence.ts';

/**
 * Evidence of a dispute (docs/disputes.md "Evidence"): text of at most 750
 * characters, or one file of Moov's accepted types (JPEG, TIFF, PDF) of at most
 * 4 MB. The 422 of an upload is Moov's `FileUploadValidationError`: the
 * `evidenceType` part's problem as a string, the `file` part's under
 * `file.filename` or `file.mimeType`.
 */

/** Longest stored file name: longer ones are cut (the name is a label, not a key). */
const MAX_FILENAME_LENGTH = 255;

export interface UploadedEvidenceFile {
  evidenceType: string | undefined;
  file: File | undefined;
}

export interface CheckedFile {
  evidenceType: EvidenceTypeValue;
  filename: string;
  mimeType: (typeof EVIDENCE_FILE_MEDIA_TYPES)[number];
  bytes: Uint8Array;
}

/** The declared type without parameters (`image/jpeg; name=x` → `image/jpeg`). */
function mediaTypeOf(file: File): string {
  return file.type.split(';')[0]!.trim().toLowerCase();
}

export async function checkEvidenceFile(input: UploadedEvidenceFile): Promise<CheckedFile> {
  const problems: ValidationMap = {};
  if (input.evidenceType === undefined || !(EVIDENCE_TYPES as readonly string[]).includes(input.evidenceType)) {
    problems['evidenceType'] = `must be one of ${EVIDENCE_TYPES.join(', ')}`;
  }
  const file = input.file;
  if (file === undefined) {
    problems['file'] = { filename: 'a file part is required' };
  } else if (!(EVIDENCE_FILE_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(file))) {
    problems['file'] = { mimeType: `must be one of ${EVIDENCE_FILE_MEDIA_TYPES.join(', ')} (the part's Content-Type), not ${mediaTypeOf(file) || 'none'}` };
  } else if (file.size === 0) {
    problems['file'] = { filename: 'the file is empty' };
  } else if (file.size > MAX_EVIDENCE_FILE_BYTES) {
    problems['file'] = { filename: 'must be no larger than 4 MB' };
  }
  if (Object.keys(problems).length > 0 || file === undefined) throw new ValidationFailed(problems);
  return {
    evidenceType: input.evidenceType as EvidenceTypeValue,
    filename: (file.name || 'evidence').slice(0, MAX_FILENAME_LENGTH),
    mimeType: mediaTypeOf(file) as CheckedFile['mimeType'],
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}

export function renderEvidence(row: EvidenceRow): DisputeEvidenceView {
  const view: DisputeEvidenceView = {
    evidenceID: row.evidence_id,
    disputeID: row.dispute_id,
    evidenceType: row.evidence_type as EvidenceTypeValue,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
  if (row.text !== null) view.text = row.text;
  if (row.mime_type !== null) view.mimeType = row.mime_type;
  if (row.filename !== null) view.filename = row.filename;
  if (row.size !== null) view.size = Number(row.size);
  if (row.submitted_on !== null) view.submittedOn = row.submitted_on;
  return view;
}

export function renderUpload(row: EvidenceRow): EvidenceUploadView {
  return {
    evidenceID: row.evidence_id,
    disputeID: row.dispute_id,
    filename: row.filename ?? '',
    mimeType: row.mime_type ?? '',
    size: Number(row.size ?? 0),
    evidenceType: row.evidence_type as EvidenceTypeValue,
    createdOn: row.created_on,
  };
}

export function renderText(row: EvidenceRow): EvidenceTextView {
  return { evidenceID: row.evidence_id, disputeID: row.dispute_id, evidenceType: row.evidence_type as EvidenceTypeValue, text: row.text ?? '', createdOn: row.created_on };
}
