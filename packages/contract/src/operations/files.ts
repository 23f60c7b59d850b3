import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { FILE_UPLOAD_LIMITS, FileDetails, FileDetailsList, FileUploadRequest, FileValidationError } from '../schemas/files.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Documents of an account (docs/onboarding.md, decision 1702): uploaded as
 * multipart/form-data, kept in the database, read by the capability
 * requirements (`business.underwriting-documents-tier-one`).
 */

const AccountParams = z.object({ accountID: Uuid });
const FileParams = z.object({ accountID: Uuid, fileID: Uuid });
const notFound = { description: 'No such account or file, or not one the caller may see' } as const;

export const uploadFile = defineOperation({
  id: 'files.upload',
  method: 'POST',
  path: '/accounts/{accountID}/files',
  summary: 'Upload a document for an account',
  description:
    'Uploads one document as `multipart/form-data`: part `file` (CSV, PNG, JPEG or PDF, at most 20 MB; the content ' +
    'must match its type), part `filePurpose` (`business_verification`, `representative_verification`, ' +
    '`individual_verification`, `merchant_underwriting`, `account_requirement`, `identity_verification`) and an ' +
    'optional part `metadata`, a JSON object as a string with keys `representative_id`, `comment`, `requirement_id`, ' +
    '`error_code`. An account holds at most 50 files. In the sandbox a file is approved at once; a ' +
    '`merchant_underwriting` file satisfies `business.underwriting-documents-tier-one`.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/files.write'],
  readOnly: false,
  request: { params: AccountParams, body: FileUploadRequest, bodyRequired: true, multipart: FILE_UPLOAD_LIMITS },
  response: { status: 200, description: 'The stored file', body: FileDetails },
  errors: {
    400: { description: 'Malformed multipart body (unknown part, cut short)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'The account already holds 50 files, or is disconnected from the caller', body: GenericError },
    422: { description: 'A missing or invalid part', body: FileValidationError },
  },
});

export const listFiles = defineOperation({
  id: 'files.list',
  method: 'GET',
  path: '/accounts/{accountID}/files',
  summary: "List an account's files",
  description: 'The documents uploaded for the account, oldest first (details only, not the content).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/files.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The files', body: FileDetailsList },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const getFile = defineOperation({
  id: 'files.get',
  method: 'GET',
  path: '/accounts/{accountID}/files/{fileID}',
  summary: 'Get the details of a file',
  description: 'One document of the account: name, purpose, status, size, metadata.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/files.read'],
  readOnly: true,
  request: { params: FileParams },
  response: { status: 200, description: 'The file', body: FileDetails },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const fileOperations = [uploadFile, listFiles, getFile] as const;
