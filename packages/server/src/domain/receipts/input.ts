import { isPlainObject, MAX_RECEIPT_EMAIL_LENGTH, MAX_RECEIPTS_PER_REQUEST, RECEIPT_KINDS, UUID_PATTERN, type ValidationMap } from '@railyard/contract';
import { BadRequest, ValidationFailed } from '../../kernel/errors.ts';

/**
 * Checks a `POST /receipts` body: a JSON array of 1 to N receipt requests,
 * each with `kind`, exactly one recipient (`email` or `emailAccountID`) and
 * exactly one subject. Schedules and occurrences do not exist in Railyard, so
 * `forScheduleID`/`forOccurrenceID` are refused with a message saying so.
 * Problems are reported together, keyed by index (422).
 */

export interface CheckedReceiptRequest {
  kind: string;
  email: string | undefined;
  emailAccountID: string | undefined;
  forTransferID: string;
}

// A pragmatic address check: one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const KNOWN_FIELDS = new Set(['kind', 'email', 'emailAccountID', 'forTransferID', 'forScheduleID', 'forOccurrenceID']);

export function checkReceiptRequests(body: unknown): CheckedReceiptRequest[] {
  if (!Array.isArray(body)) throw new BadRequest('request body: must be a JSON array of receipt requests');
  if (body.length === 0 || body.length > MAX_RECEIPTS_PER_REQUEST) {
    throw new BadRequest(`request body: must hold 1 to ${MAX_RECEIPTS_PER_REQUEST} receipt requests`);
  }
  const problems: ValidationMap = {};
  const checked: CheckedReceiptRequest[] = [];
  body.forEach((item, index) => {
    const found: Record<string, string> = {};
    const result = checkOne(item, found);
    if (Object.keys(found).length > 0) problems[String(index)] = found;
    else if (result) checked.push(result);
  });
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
  return checked;
}

function checkOne(item: unknown, problems: Record<string, string>): CheckedReceiptRequest | undefined {
  if (!isPlainObject(item)) {
    problems['receipt'] = 'must be an object';
    return undefined;
  }
  for (const key of Object.keys(item)) if (!KNOWN_FIELDS.has(key)) problems[key] = 'is not a receipt request field';
  const kind = item['kind'];
  if (kind === undefined) problems['kind'] = 'is required';
  else if (!(RECEIPT_KINDS as readonly unknown[]).includes(kind)) problems['kind'] = `must be one of ${RECEIPT_KINDS.join(', ')}`;

  const email = item['email'];
  const emailAccountID = item['emailAccountID'];
  if (email === undefined && emailAccountID === undefined) problems['email'] = 'either email or emailAccountID is required';
  else if (email !== undefined && emailAccountID !== undefined) problems['email'] = 'give either email or emailAccountID, not both';
  else if (email !== undefined && (typeof email !== 'string' || email.length > MAX_RECEIPT_EMAIL_LENGTH || !EMAIL.test(email))) {
    problems['email'] = `must be an email address of at most ${MAX_RECEIPT_EMAIL_LENGTH} characters`;
  } else if (emailAccountID !== undefined && (typeof emailAccountID !== 'string' || !UUID_PATTERN.test(emailAccountID))) {
    problems['emailAccountID'] = 'must be a UUID';
  }

  const subjects = (['forTransferID', 'forScheduleID', 'forOccurrenceID'] as const).filter((key) => item[key] !== undefined);
  if (subjects.length !== 1) problems['forTransferID'] = 'exactly one of forTransferID, forScheduleID or forOccurrenceID is required';
  else if (subjects[0] !== 'forTransferID') problems[subjects[0]!] = 'schedules and occurrences do not exist in Railyard: receipts are for transfers only';
  const forTransferID = item['forTransferID'];
  if (subjects[0] === 'forTransferID' && (typeof forTransferID !== 'string' || !UUID_PATTERN.test(forTransferID))) problems['forTransferID'] = 'must be a UUID';

  if (Object.keys(problems).length > 0) return undefined;
  return {
    kind: kind as string,
    email: email as string | undefined,
    emailAccountID: (emailAccountID as string | undefined)?.toLowerCase(),
    forTransferID: (forTransferID as string).toLowerCase(),
  };
}
