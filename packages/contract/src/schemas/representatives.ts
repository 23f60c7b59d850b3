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
} from './accounts.ts';
import { Timestamp, ValidationErrorMap } from './common.ts';

/*
 * Business representatives (docs/onboarding.md, decision 1700), v2026.01.00
 * shapes (SDK 26.2.0 `createrepresentative.ts`, `updaterepresentative.ts`,
 * `representative.ts`). The schemas check structure and bounds; the
 * representatives domain checks meaning (valid SSN, real birth date, owners'
 * percentages) with the same rules as an individual account's profile.
 */

/** Moov allows at most seven representatives per business account. */
export const MAX_REPRESENTATIVES = 7;
export const MAX_JOB_TITLE_LENGTH = 64;

const ownership = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 100')
  .max(100, 'must be between 1 and 100');

export const RepresentativeResponsibilities = z
  .object({
    isController: z.boolean({ error: 'must be a boolean' }).optional(),
    isOwner: z.boolean({ error: 'must be a boolean' }).optional(),
    ownershipPercentage: ownership.optional(),
    jobTitle: z.string({ error: 'must be a string' }).max(MAX_JOB_TITLE_LENGTH, `the length must be no more than ${MAX_JOB_TITLE_LENGTH}`).optional(),
  })
  .meta({
    id: 'RepresentativeResponsibilities',
    description:
      'A controller manages the business (needs a job title); an owner holds at least 25% (needs ownershipPercentage). ' +
      "One person may be both. The owners' percentages of one account total at most 100.",
  });

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

export const Representative = z
  .object({
    representativeID: z.string(),
    name: IndividualName,
    phone: PhoneNumber.optional(),
    email: z.string().optional(),
    address: Address.optional(),
    birthDateProvided: z.boolean().optional(),
    governmentIDProvided: z.boolean().optional(),
    responsibilities: RepresentativeResponsibilities.optional(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    disabledOn: Timestamp.optional(),
  })
  .meta({ id: 'Representative', description: 'Birth date and government ID are never echoed back, only whether they were provided.' });
export type RepresentativeView = z.output<typeof Representative>;

export const RepresentativeList = z.array(Representative).meta({ id: 'RepresentativeList' });

/** The 422 body: the field map sits under `error` (`{"error": {"governmentID": {"ssn": {"full": "…"}}}}`). */
export const RepresentativeValidationError = z
  .object({ error: ValidationErrorMap })
  .meta({ id: 'RepresentativeValidationError', description: 'Messages by field, nested under `error` like the request.' });
