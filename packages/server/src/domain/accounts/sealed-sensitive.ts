import { SEALED_VERSION, type Sealer } from '../sources/sealed-secret.ts';
import type { SensitiveAtRest, StoredSensitive } from './document.ts';
import type { SensitiveIndividual } from './profile.ts';

/*
 * Sensitive account values at rest (docs/decisions/0504): the birth date, the
 * SSN and ITIN (full and last four) and the EIN are sealed one by one with the
 * sealer of full bank account numbers (0500), each bound to its account and
 * field by the seal's context, so a value copied to another row or field does
 * not open. The shape of the column is kept, so which values are present is
 * still visible without the key (the capability requirements need only that),
 * and the details of a terms-of-service acceptance (method, user agent, domain:
 * a record of how, not an identity) stay as they are.
 */

type IdNumber = NonNullable<NonNullable<SensitiveIndividual['governmentID']>['ssn']>;

const SEALED_PREFIX = `${SEALED_VERSION}.`;

function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

function context(accountID: string, field: string): string {
  return `account/${accountID}/${field}`;
}

/** The column's form of plain values: every birth date and ID number sealed. */
export function sealSensitive(sealer: Sealer, accountID: string, plain: StoredSensitive): SensitiveAtRest {
  const seal = (field: string, value: string) => sealer.seal(value, context(accountID, field));
  const sealId = (field: string, id: IdNumber): IdNumber => ({
    ...(id.full !== undefined ? { full: seal(`${field}.full`, id.full) } : {}),
    lastFour: seal(`${field}.lastFour`, id.lastFour),
  });
  const atRest: SensitiveAtRest = {};
  const person = plain.individual;
  if (person) {
    const individual: NonNullable<SensitiveAtRest['individual']> = {};
    if (person.birthDate) individual.birthDate = seal('individual.birthDate', JSON.stringify(person.birthDate));
    const ids = person.governmentID;
    if (ids) {
      individual.governmentID = {
        ...(ids.ssn ? { ssn: sealId('individual.governmentID.ssn', ids.ssn) } : {}),
        ...(ids.itin ? { itin: sealId('individual.governmentID.itin', ids.itin) } : {}),
      };
    }
    atRest.individual = individual;
  }
  const ein = plain.business?.taxID?.ein;
  if (plain.business) atRest.business = ein ? { taxID: { ein: { number: seal('business.taxID.ein.number', ein.number) } } } : {};
  if (plain.termsOfService) atRest.termsOfService = plain.termsOfService;
  return atRest;
}

/**
 * The plain values of the column. A value not sealed (a row stored before 0504
 * and not sealed yet) is taken as it is. A seal that does not open throws
 * SealedSecretError: damaged data or a missing key, an operator's problem.
 */
export function openSensitive(sealer: Sealer, accountID: string, atRest: SensitiveAtRest): StoredSensitive {
  const open = (field: string, value: string) => (isSealed(value) ? sealer.open(value, context(accountID, field)) : value);
  const openId = (field: string, id: IdNumber): IdNumber => ({
    ...(id.full !== undefined ? { full: open(`${field}.full`, id.full) } : {}),
    lastFour: open(`${field}.lastFour`, id.lastFour),
  });
  const plain: StoredSensitive = {};
  const person = atRest.individual;
  if (person) {
    const individual: SensitiveIndividual = {};
    const birth = person.birthDate;
    if (birth !== undefined) {
      individual.birthDate = isSealed(birth) ? (JSON.parse(open('individual.birthDate', birth)) as NonNullable<SensitiveIndividual['birthDate']>) : (birth as NonNullable<SensitiveIndividual['birthDate']>);
    }
    const ids = person.governmentID;
    if (ids) {
      individual.governmentID = {
        ...(ids.ssn ? { ssn: openId('individual.governmentID.ssn', ids.ssn) } : {}),
        ...(ids.itin ? { itin: openId('individual.governmentID.itin', ids.itin) } : {}),
      };
    }
    plain.individual = individual;
  }
  const ein = atRest.business?.taxID?.ein;
  if (atRest.business) plain.business = ein ? { taxID: { ein: { number: open('business.taxID.ein.number', ein.number) } } } : {};
  if (atRest.termsOfService) plain.termsOfService = atRest.termsOfService;
  return plain;
}
