import { z } from 'zod';
import { uploadedFile, type MultipartSpec } from '../core/multipart.ts';
import { Timestamp } from './common.ts';

/*
 * Account files (docs/onboarding.md, decision 1702), v2026.01.00 shapes (SDK
 * 26.2.0 `filedetails.ts`, `fileuploadrequestmultipart.ts`).
 */

export const FILE_PURPOSES = [
  'business_verification',
  'representative_verification',
  'individual_verification',
  'merchant_underwriting',
  'account_requirement',
  'identity_verification',
] as const;
export const FILE_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Moov accepts CSV, PNG, JPEG and PDF documents. */
export const FILE_MEDIA_TYPES = ['text/csv', 'image/png', 'image/jpeg', 'application/pdf'] as const;
/** Moov's limits: 20 MB per file, 50 files per account. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_PER_ACCOUNT = 50;
/** `metadata` is a JSON object in a string, of these keys. */
export const FILE_METADATA_KEYS = ['representative_id', 'comment', 'requirement_id', 'error_code'] as const;
export const MAX_FILE_METADATA_LENGTH = 4096;

export const FilePurpose = z.enum(FILE_PURPOSES, { error: `must be one of ${FILE_PURPOSES.join(', ')}` }).meta({ id: 'FilePurpose' });
export const FileStatus = z.enum(FILE_STATUSES).meta({ id: 'FileStatus' });

export const FILE_UPLOAD_LIMITS: MultipartSpec = { maxFileBytes: MAX_FILE_BYTES, maxFiles: 1, maxFields: 2, maxFieldBytes: MAX_FILE_METADATA_LENGTH };

export const FileUploadRequest = z
  .strictObject({
    file: uploadedFile({ maxBytes: MAX_FILE_BYTES, mediaTypes: FILE_MEDIA_TYPES }).describe('The document: CSV, PNG, JPEG or PDF, at most 20 MB'),
    filePurpose: FilePurpose,
    metadata: z
      .string()
      .max(MAX_FILE_METADATA_LENGTH)
      .optional()
      .describe(`A JSON object as a string, with keys among ${FILE_METADATA_KEYS.join(', ')}`),
  })
  .meta({ id: 'FileUploadRequestMultiPart' });
export type FileUploadInput = z.output<typeof FileUploadRequest>;

export const FileDetails = z
  .object({
    fileID: z.string(),
    fileName: z.string(),
    accountID: z.string(),
    filePurpose: FilePurpose,
    fileStatus: FileStatus,
    metadata: z.string(),
    decisionReason: z.string().optional(),
    fileSizeBytes: z.number().int(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
  })
  .meta({ id: 'FileDetails' });
export type FileDetailsView = z.output<typeof FileDetails>;
export const FileDetailsList = z.array(FileDetails).meta({ id: 'FileDetailsList' });

export const FileValidationError = z
  .object({
    error: z.string().optional(),
    file: z.string().optional(),
    fileName: z.string().optional(),
    filePurpose: z.string().optional(),
    metadata: z.string().optional(),
  })
  .meta({ id: 'FileValidationError' });
