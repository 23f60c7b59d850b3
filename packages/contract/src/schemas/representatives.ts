import { z } from 'zod';
import {
  Address,
  AddressUpdate,
  BirthDate,
  BirthDateUpdate,
  GovernmentID,
  IndividualName,
  IndividualNameUpdate,
  PhoneNumber,
  Representative,
  RepresentativeResponsibilities,
} from './accounts.ts';
import { ValidationErrorMap } from './common.ts';

/*
 * Business representatives (docs/onboarding.md, decision 1700), v2026.01.00
 * shapes (SDK 26.2.0 `createrepresentative.ts`, `updaterepresentative.ts`,
 * `representative.ts`). The schemas check structure and bounds; the
 * representatives domain checks meaning (valid SSN, real birth date, owners'
 * percentages) with the same rules as an individual account's profile.
 * The shown representative and its responsibilities live in accounts.ts: a
 * business account's profile lists them (`profile.business.representatives`).
 */

/** Moov allows at most seven representatives per business account. */
export const MAX_REPRESENTATIVES = 7;

export const CreateRepresentative = z
  .object({
    name: IndividualName,
    phone: PhoneNumber.optional(),
    email: z.string({ error: 'must be a string' }).max(255, 'the length must be no more than 255').optional(),
    address: Address.optional(),
    birthDate: BirthDate.optional(),
    governmentID: GovernmentID.optional(),
    responsibilities: RepresentativeResponsibilities.optional(),
  })
  .meta({ id: 'CreateRepresentative' });
export type CreateRepresentativeInput = z.output<typeof CreateRepresentative>;

/** PATCH: only the fields sent change; `null` clears an optional field. */
export const UpdateRepresentative = z
  .object({
    name: IndividualNameUpdate.optional(),
    phone: PhoneNumber.nullable().optional(),
    email: z.string({ error: 'must be a string' }).max(255, 'the length must be no more than 255').nullable().optional(),
    address: AddressUpdate.nullable().optional(),
    birthDate: BirthDateUpdate.nullable().optional(),
    governmentID: GovernmentID.nullable().optional(),
    responsibilities: RepresentativeResponsibilities.nullable().optional(),
  })
  .meta({ id: 'UpdateRepresentative' });
export type UpdateRepresentativeInput = z.output<typeof UpdateRepresentative>;

export const RepresentativeList = z.array(Representative).meta({ id: 'RepresentativeList' });

/** The 422 body: the field map sits under `error` (`{"error": {"governmentID": {"ssn": {"full": "…"}}}}`). */
export const RepresentativeValidationError = z
  .object({ error: ValidationErrorMap })
  .meta({ id: 'RepresentativeValidationError', description: 'Messages by field, nested under `error` like the request.' });
