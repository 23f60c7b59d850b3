import {
  ACH_COMPANY_ENTRY_DESCRIPTION_LENGTH,
  ACH_DEBIT_HOLD_PERIODS,
  ACH_ORIGINATING_COMPANY_NAME_LENGTH,
  ACH_SEC_CODES,
  CreateTransferDestinationAch,
  CreateTransferSourceAch,
  MAX_ACH_ADDENDA_RECORD_LENGTH,
  MAX_ACH_ADDENDA_RECORDS,
  NACHA_CHARACTERS,
  type AchDebitHoldPeriodValue,
  type AchSecCodeValue,
  type ValidationMap,
} from '@railyard/contract';
import { ValidationFailed } from '../../../../kernel/errors.ts';
import type { RequestedRailOptions } from '../../rail.ts';

/**
 * The ACH options a caller sends with a transfer (`source.achDetails`,
 * `destination.achDetails`; SDK `CreateTransferSourceACH` /
 * `CreateTransferDestinationACH`), checked by the ACH rail's `checkOptions`
 * before creation writes anything, with the contract's enums and limits. Problems
 * are reported like the rest of the create body (create-input.ts): a source
 * problem under `source`, a destination problem under
 * `destinationPaymentMethodID` (the SDK's `TransferValidationError` has no
 * `destination` key), every problem at once.
 */

/** The fields each side takes: the contract's documented shapes. */
const SOURCE_KEYS: ReadonlySet<string> = new Set(Object.keys(CreateTransferSourceAch.shape));
const DESTINATION_KEYS: ReadonlySet<string> = new Set(Object.keys(CreateTransferDestinationAch.shape));

export interface AchLegOptions {
  companyEntryDescription?: string;
  originatingCompanyName?: string;
  secCode?: AchSecCodeValue;
  debitHoldPeriod?: AchDebitHoldPeriodValue;
  addenda?: Array<{ record: string }>;
}

type Json = Record<string, unknown>;

function checkText(value: unknown, name: string, bounds: { min: number; max: number }, problems: string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') problems.push(`achDetails.${name} must be a string`);
  else if (value.length < bounds.min || value.length > bounds.max) {
    problems.push(`achDetails.${name}: the length must be between ${bounds.min} and ${bounds.max}`);
  } else if (!NACHA_CHARACTERS.test(value)) problems.push(`achDetails.${name} must only contain valid NACHA characters`);
  else return value;
  return undefined;
}

function checkEnum<T extends string>(value: unknown, name: string, allowed: readonly T[], problems: string[]): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`achDetails.${name} must be one of ${allowed.join(', ')}`);
  return undefined;
}

function checkAddenda(value: unknown, problems: string[]): Array<{ record: string }> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    problems.push('achDetails.addenda must be an array');
    return undefined;
  }
  if (value.length > MAX_ACH_ADDENDA_RECORDS) {
    problems.push(`achDetails.addenda must have at most ${MAX_ACH_ADDENDA_RECORDS} record`);
    return undefined;
  }
  const out: Array<{ record: string }> = [];
  for (const item of value) {
    const record = (item as Json | null)?.['record'];
    if (typeof record !== 'string' || record.length === 0 || record.length > MAX_ACH_ADDENDA_RECORD_LENGTH || !NACHA_CHARACTERS.test(record)) {
      problems.push(`achDetails.addenda.record must be 1 to ${MAX_ACH_ADDENDA_RECORD_LENGTH} valid NACHA characters`);
      return undefined;
    }
    out.push({ record });
  }
  return out.length > 0 ? out : undefined;
}

function checkSide(options: Json | undefined, allowedKeys: ReadonlySet<string>, problems: string[]): AchLegOptions {
  const ach = options?.['achDetails'] as Json | undefined;
  if (!ach) return {};
  for (const key of Object.keys(ach)) if (!allowedKeys.has(key)) problems.push(`achDetails.${key} is not a known field`);
  const out: AchLegOptions = {};
  const description = checkText(ach['companyEntryDescription'], 'companyEntryDescription', ACH_COMPANY_ENTRY_DESCRIPTION_LENGTH, problems);
  if (description !== undefined) out.companyEntryDescription = description;
  const company = checkText(ach['originatingCompanyName'], 'originatingCompanyName', ACH_ORIGINATING_COMPANY_NAME_LENGTH, problems);
  if (company !== undefined) out.originatingCompanyName = company;
  if (allowedKeys.has('secCode')) {
    const secCode = checkEnum(ach['secCode'], 'secCode', ACH_SEC_CODES, problems);
    if (secCode) out.secCode = secCode;
    const hold = checkEnum(ach['debitHoldPeriod'], 'debitHoldPeriod', ACH_DEBIT_HOLD_PERIODS, problems);
    if (hold) out.debitHoldPeriod = hold;
  }
  const addenda = checkAddenda(ach['addenda'], problems);
  if (addenda) out.addenda = addenda;
  return out;
}

/** Both sides' ACH options, or ValidationFailed (422) naming every problem. */
export function checkAchOptions(request: RequestedRailOptions): { source: AchLegOptions; destination: AchLegOptions } {
  const sourceProblems: string[] = [];
  const destinationProblems: string[] = [];
  const source = checkSide(request.sourceOptions, SOURCE_KEYS, sourceProblems);
  const destination = checkSide(request.destinationOptions, DESTINATION_KEYS, destinationProblems);
  const problems: ValidationMap = {};
  if (sourceProblems.length > 0) problems['source'] = sourceProblems.join('; ');
  if (destinationProblems.length > 0) problems['destinationPaymentMethodID'] = destinationProblems.join('; ');
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
  return { source, destination };
}
