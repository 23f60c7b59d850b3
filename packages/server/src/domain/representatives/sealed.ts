import { SEALED_VERSION, type Sealer } from '../sources/sealed-secret.ts';
import type { SensitiveIndividual } from '../accounts/profile.ts';

/*
 * A representative's birth date and SSN/ITIN at rest: each value sealed on its
 * own with the sealer of bank account numbers and account profiles (0500, 0504),
 * bound to the representative and field by the seal's context, so a value copied
 * to another row or field does not open. The JSON keeps its shape, so which
 * values are present (the capability requirements need only that) is visible
 * without the key.
 */

type IdNumber = { full?: string; lastFour: string };
export interface SealedRepresentativeValues {
  birthDate?: string;
  governmentID?: { ssn?: IdNumber; itin?: IdNumber };
}

const context = (representativeID: string, field: string) => `representative/${representativeID}/${field}`;

export function sealRepresentativeValues(sealer: Sealer, representativeID: string, plain: SensitiveIndividual): SealedRepresentativeValues {
  const seal = (field: string, value: string) => sealer.seal(value, context(representativeID, field));
  const sealId = (field: string, id: IdNumber): IdNumber => ({
    ...(id.full !== undefined ? { full: seal(`${field}.full`, id.full) } : {}),
    lastFour: seal(`${field}.lastFour`, id.lastFour),
  });
  const atRest: SealedRepresentativeValues = {};
  if (plain.birthDate) atRest.birthDate = seal('birthDate', JSON.stringify(plain.birthDate));
  const ids = plain.governmentID;
  if (ids) {
    atRest.governmentID = {
      ...(ids.ssn ? { ssn: sealId('governmentID.ssn', ids.ssn) } : {}),
      ...(ids.itin ? { itin: sealId('governmentID.itin', ids.itin) } : {}),
    };
  }
  return atRest;
}

/** The plain values; a seal that does not open throws SealedSecretError (damaged data or a missing key). */
export function openRepresentativeValues(sealer: Sealer, representativeID: string, atRest: SealedRepresentativeValues): SensitiveIndividual {
  const open = (field: string, value: string) => sealer.open(value, context(representativeID, field));
  const openId = (field: string, id: IdNumber): IdNumber => ({
    ...(id.full !== undefined ? { full: open(`${field}.full`, id.full) } : {}),
    lastFour: open(`${field}.lastFour`, id.lastFour),
  });
  const plain: SensitiveIndividual = {};
  if (atRest.birthDate !== undefined) plain.birthDate = JSON.parse(open('birthDate', atRest.birthDate)) as NonNullable<SensitiveIndividual['birthDate']>;
  const ids = atRest.governmentID;
  if (ids) {
    plain.governmentID = {
      ...(ids.ssn ? { ssn: openId('governmentID.ssn', ids.ssn) } : {}),
      ...(ids.itin ? { itin: openId('governmentID.itin', ids.itin) } : {}),
    };
  }
  return plain;
}

/** Whether every stored value is sealed (tests read the column to prove it). */
export function allSealed(atRest: SealedRepresentativeValues): boolean {
  const values = [atRest.birthDate, atRest.governmentID?.ssn?.full, atRest.governmentID?.ssn?.lastFour, atRest.governmentID?.itin?.full, atRest.governmentID?.itin?.lastFour];
  return values.every((value) => value === undefined || value.startsWith(`${SEALED_VERSION}.`));
}
