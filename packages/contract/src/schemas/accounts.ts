import { z } from 'zod';
import { isPlainObject } from '../core/json.ts';
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_VALUE_LENGTH, Paging, QueryBoolean, Timestamp } from './common.ts';

/*
 * Accounts (docs/api-behaviour.md §5.1), in v2026.01.00 shapes (SDK 26.2.0). These
 * schemas check structure, types and size bounds; the accounts domain checks
 * meaning (valid email, US state, real birth date, tax ID formats…), so both
 * layers answer 422 maps keyed like the request.
 */

const blank = 'cannot be blank';
const tooLong = (max: number) => `the length must be no more than ${max}`;

/** A bounded string; `min` 1 makes an empty value "cannot be blank". */
function text(max: number, min = 0) {
  const base = z.string({ error: 'must be a string' }).max(max, tooLong(max));
  return min > 0 ? base.min(min, blank) : base;
}

/**
 * Free-form string pairs. A custom schema, so every problem is reported on the
 * `metadata` key itself, as a string: the SDK's error types say `metadata?: string`.
 */
export const MAX_ACCOUNT_METADATA_KEYS = 50;
function isMetadata(value: unknown): value is Record<string, string> {
  if (!isPlainObject(value)) return false;
  const entries = Object.entries(value);
  if (entries.length > MAX_ACCOUNT_METADATA_KEYS) return false;
  return entries.every(
    ([key, v]) =>
      key.length > 0 && key.length <= MAX_METADATA_KEY_LENGTH && typeof v === 'string' && v.length <= MAX_METADATA_VALUE_LENGTH,
  );
}
export const AccountMetadata = z
  .custom<Record<string, string>>(isMetadata, {
    message: `must be an object of at most ${MAX_ACCOUNT_METADATA_KEYS} string values, keys 1-${MAX_METADATA_KEY_LENGTH} and values up to ${MAX_METADATA_VALUE_LENGTH} characters`,
  })
  .meta({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: MAX_METADATA_VALUE_LENGTH },
    maxProperties: MAX_ACCOUNT_METADATA_KEYS,
    description: 'Free-form key-value pairs, useful for storing information not captured elsewhere.',
  } as Record<string, unknown>);

// ---------------------------------------------------------------- enums

export const AccountType = z.enum(['individual', 'business', 'guest']).meta({ id: 'AccountType' });
export const CreateAccountType = z
  .enum(['individual', 'business'], { error: (issue) => (issue.input === undefined ? blank : 'must be individual or business') })
  .meta({ id: 'CreateAccountType' });
export const Mode = z.enum(['sandbox', 'production']).meta({ id: 'Mode' });
export const BusinessType = z
  .enum([
    'soleProprietorship',
    'unincorporatedAssociation',
    'trust',
    'publicCorporation',
    'privateCorporation',
    'llc',
    'partnership',
    'unincorporatedNonProfit',
    'incorporatedNonProfit',
    'governmentEntity',
  ])
  .meta({ id: 'BusinessType' });
export const PrimaryRegulator = z.enum(['OCC', 'FDIC', 'NCUA', 'FRB', 'state-cu-regulator']).meta({ id: 'PrimaryRegulator' });

/** Every capability ID of v2026.01.00; the first six are the only ones v2024.01.00 knows. */
export const LEGACY_CAPABILITY_IDS = ['transfers', 'send-funds', 'collect-funds', 'wallet', 'card-issuing', 'production-app'] as const;
export const CAPABILITY_IDS = [
  ...LEGACY_CAPABILITY_IDS,
  'send-funds.push-to-card',
  'money-transfer.push-to-card',
  'send-funds.ach',
  'send-funds.rtp',
  'send-funds.instant-bank',
  'collect-funds.card-payments',
  'money-transfer.pull-from-card',
  'collect-funds.ach',
  'wallet.balance',
  'platform.production-app',
  'platform.wallet-transfers',
] as const;
export const CapabilityID = z.enum(CAPABILITY_IDS).meta({ id: 'CapabilityID' });
export type CapabilityIDValue = z.output<typeof CapabilityID>;
export const CapabilityStatus = z.enum(['enabled', 'disabled', 'pending', 'in-review']).meta({ id: 'CapabilityStatus' });

/** Short-form scopes one account can share with another (SDK `ApplicationScope`). */
export const APPLICATION_SCOPES = [
  'accounts.read',
  'accounts.write',
  'analytics.read',
  'apple-pay-merchant.read',
  'apple-pay-merchant.write',
  'apple-pay.read',
  'apple-pay.write',
  'bank-accounts.read',
  'bank-accounts.write',
  'capabilities.read',
  'capabilities.write',
  'cards.read',
  'cards.write',
  'documents.read',
  'documents.write',
  'fed.read',
  'files.read',
  'files.write',
  'issued-cards.read',
  'issued-cards.write',
  'issued-cards.read-secure',
  'payment-methods.read',
  'ping.read',
  'profile-enrichment.read',
  'profile.read',
  'profile.write',
  'profile.disconnect',
  'representatives.read',
  'representatives.write',
  'transfers.read',
  'transfers.write',
  'wallets.read',
] as const;
export const ApplicationScope = z.enum(APPLICATION_SCOPES).meta({ id: 'ApplicationScope' });

// ---------------------------------------------------------------- shared parts

export const PhoneNumber = z
  .object({ number: text(20).optional(), countryCode: text(4).optional() })
  .meta({ id: 'PhoneNumber', description: 'A phone number; US numbers have ten digits and country code 1.' });

export const Address = z
  .object({
    addressLine1: text(60, 1),
    addressLine2: text(32).optional(),
    city: text(32, 1),
    stateOrProvince: text(32, 1),
    postalCode: text(16, 1),
    country: text(32, 1),
  })
  .meta({ id: 'Address', description: 'A US postal address: two-letter state code and five-digit ZIP code.' });

export const AddressUpdate = z
  .object({
    addressLine1: text(60).optional(),
    addressLine2: text(32).optional(),
    city: text(32).optional(),
    stateOrProvince: text(32).optional(),
    postalCode: text(16).optional(),
    country: text(32).optional(),
  })
  .meta({ id: 'AddressUpdate' });

const Email = text(255);
const Website = text(100);

export const IndividualName = z
  .object({ firstName: text(64, 1), middleName: text(64).optional(), lastName: text(64, 1), suffix: text(20).optional() })
  .meta({ id: 'IndividualName' });
export const IndividualNameUpdate = z
  .object({ firstName: text(64).optional(), middleName: text(64).optional(), lastName: text(64).optional(), suffix: text(20).optional() })
  .meta({ id: 'IndividualNameUpdate' });

const wholeNumber = z.number({ error: 'must be a whole number' }).int('must be a whole number');
export const BirthDate = z.object({ day: wholeNumber, month: wholeNumber, year: wholeNumber }).meta({ id: 'BirthDate' });
export const BirthDateUpdate = z
  .object({ day: wholeNumber.optional(), month: wholeNumber.optional(), year: wholeNumber.optional() })
  .meta({ id: 'BirthDateUpdate' });

const IdNumber = z.object({ full: text(16).optional(), lastFour: text(8).optional() });
export const GovernmentID = z
  .object({ ssn: IdNumber.optional(), itin: IdNumber.optional() })
  .meta({ id: 'GovernmentID', description: 'SSN or ITIN, full (123-45-6789) and/or last four digits. Never echoed back.' });

export const TaxID = z
  .object({ ein: z.object({ number: text(16, 1) }) })
  .meta({ id: 'TaxID', description: 'The business EIN (12-3456789); a sole proprietor may give an SSN. Never echoed back.' });
export const TaxIDUpdate = z.object({ ein: z.object({ number: text(16).optional() }).optional() }).meta({ id: 'TaxIDUpdate' });

export const IndustryCodes = z
  .object({ naics: text(6).optional(), sic: text(4).optional(), mcc: text(4).optional() })
  .meta({ id: 'IndustryCodes' });

export const CustomerSupport = z
  .object({ phone: PhoneNumber.optional(), email: Email.optional(), address: Address.optional(), website: Website.optional() })
  .meta({ id: 'CustomerSupport', description: 'Contact details shown to customers, for example on card statements.' });
export const CustomerSupportUpdate = z
  .object({ phone: PhoneNumber.optional(), email: Email.optional(), address: AddressUpdate.optional(), website: Website.optional() })
  .meta({ id: 'PatchAccountCustomerSupport' });

export const Settings = z
  .object({
    cardPayment: z.object({ statementDescriptor: text(22).optional() }).optional(),
    achPayment: z.object({ companyName: text(16) }).optional(),
  })
  .meta({ id: 'Settings', description: 'Descriptors shown on card statements (business accounts) and ACH entries.' });
export const SettingsUpdate = z
  .object({
    cardPayment: z.object({ statementDescriptor: text(22).optional() }).optional(),
    achPayment: z.object({ companyName: text(16).optional() }).optional(),
  })
  .meta({ id: 'CreateAccountSettings' });

export const ManualTermsOfService = z
  .object({
    acceptedDate: text(40, 1),
    acceptedIP: text(64, 1),
    acceptedUserAgent: text(255, 1),
    acceptedDomain: text(255, 1),
  })
  .meta({ id: 'ManualTermsOfService', description: 'Acceptance of the terms of service recorded by the platform itself.' });
export const TermsOfServicePayload = z
  .object({ token: text(512).optional(), manual: ManualTermsOfService.optional() })
  .meta({ id: 'TermsOfServicePayload', description: 'Either a token from GET /tos-token or a manual acceptance record.' });

// ---------------------------------------------------------------- create

export const CreateIndividualProfile = z
  .object({
    name: IndividualName,
    phone: PhoneNumber.optional(),
    email: Email.optional(),
    address: Address.optional(),
    birthDate: BirthDate.optional(),
    governmentID: GovernmentID.optional(),
  })
  .meta({ id: 'CreateIndividualProfile' });

export const CreateBusinessProfile = z
  .object({
    legalBusinessName: text(64, 1),
    doingBusinessAs: text(64).optional(),
    businessType: BusinessType.optional(),
    address: Address.optional(),
    phone: PhoneNumber.optional(),
    email: Email.optional(),
    website: Website.optional(),
    description: text(100).optional(),
    taxID: TaxID.optional(),
    industryCodes: IndustryCodes.optional(),
    industry: text(64).optional(),
    primaryRegulator: PrimaryRegulator.optional(),
  })
  .meta({ id: 'CreateBusinessProfile' });

export const CreateProfile = z
  .object({ individual: CreateIndividualProfile.optional(), business: CreateBusinessProfile.optional() })
  .meta({ id: 'CreateProfile' });

export const MAX_REQUESTED_CAPABILITIES = 32;
export const CreateAccount = z
  .object({
    accountType: CreateAccountType,
    profile: CreateProfile,
    metadata: AccountMetadata.optional(),
    termsOfService: TermsOfServicePayload.optional(),
    foreignID: text(64).optional(),
    customerSupport: CustomerSupport.optional(),
    settings: Settings.optional(),
    capabilities: z.array(CapabilityID).max(MAX_REQUESTED_CAPABILITIES).optional(),
    mode: Mode.optional(),
  })
  .meta({ id: 'CreateAccount' });
export type CreateAccountInput = z.output<typeof CreateAccount>;

// ---------------------------------------------------------------- update

export const PatchIndividual = z
  .object({
    name: IndividualNameUpdate.optional(),
    phone: PhoneNumber.optional(),
    email: Email.optional(),
    address: AddressUpdate.optional(),
    birthDate: BirthDateUpdate.optional(),
    governmentID: GovernmentID.optional(),
  })
  .meta({ id: 'PatchIndividual' });

export const PatchBusiness = z
  .object({
    legalBusinessName: text(64).optional(),
    doingBusinessAs: text(64).optional(),
    businessType: BusinessType.optional(),
    address: AddressUpdate.optional(),
    phone: PhoneNumber.optional(),
    email: Email.optional(),
    website: Website.optional(),
    description: text(100).optional(),
    taxID: TaxIDUpdate.optional(),
    ownersProvided: z.boolean({ error: 'must be a boolean' }).optional(),
    industryCodes: IndustryCodes.optional(),
    industry: text(64).optional(),
    primaryRegulator: PrimaryRegulator.optional(),
  })
  .meta({ id: 'PatchBusiness' });

export const PatchAccount = z
  .object({
    profile: z.object({ individual: PatchIndividual.optional(), business: PatchBusiness.optional() }).optional(),
    metadata: AccountMetadata.nullable().optional(),
    termsOfService: TermsOfServicePayload.optional(),
    foreignID: text(64).optional(),
    customerSupport: CustomerSupportUpdate.nullable().optional(),
    settings: SettingsUpdate.optional(),
  })
  .meta({ id: 'PatchAccount' });
export type PatchAccountInput = z.output<typeof PatchAccount>;

// ---------------------------------------------------------------- the account

export const IndividualProfile = z
  .object({
    name: IndividualName,
    phone: PhoneNumber.optional(),
    email: z.string().optional(),
    address: Address.optional(),
    birthDateProvided: z.boolean().optional(),
    governmentIDProvided: z.boolean().optional(),
  })
  .meta({ id: 'IndividualProfile' });

// A business profile lists its live representatives (v2024.01.00 and v2026.01.00 alike); defined
// here, not in representatives.ts, because that module builds on this one's names and addresses.

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

export const BusinessProfile = z
  .object({
    legalBusinessName: z.string(),
    doingBusinessAs: z.string().optional(),
    businessType: BusinessType.optional(),
    address: Address.optional(),
    phone: PhoneNumber.optional(),
    email: z.string().optional(),
    website: z.string().optional(),
    description: z.string().optional(),
    taxIDProvided: z.boolean().optional(),
    representatives: z.array(Representative).optional(),
    ownersProvided: z.boolean(),
    industryCodes: IndustryCodes.optional(),
    industry: z.string().optional(),
    primaryRegulator: PrimaryRegulator.optional(),
  })
  .meta({ id: 'BusinessProfile' });

export const GuestProfile = z
  .object({ name: z.string(), phone: PhoneNumber.optional(), email: z.string().optional() })
  .meta({ id: 'GuestProfile' });

export const Profile = z
  .object({ individual: IndividualProfile.optional(), business: BusinessProfile.optional(), guest: GuestProfile.optional() })
  .meta({ id: 'Profile' });

export const AccountCapability = z
  .object({ capability: z.string(), status: z.string() })
  .meta({ id: 'AccountCapability', description: 'A capability of the account and its status.' });

export const Verification = z
  .object({
    verificationStatus: z.enum(['unverified', 'pending', 'resubmit', 'review', 'verified', 'failed']).optional(),
    status: z.enum(['unverified', 'pending', 'verified', 'errored']),
    details: z.string().optional(),
    documents: z.array(z.object({ documentID: z.string(), type: z.string(), contentType: z.string(), uploadedAt: Timestamp })).optional(),
  })
  .meta({ id: 'Verification' });

export const TermsOfService = z
  .object({ acceptedDate: Timestamp, acceptedIP: z.string() })
  .meta({ id: 'TermsOfService' });

export const Account = z
  .object({
    accountID: z.string(),
    mode: Mode,
    accountType: AccountType,
    displayName: z.string(),
    profile: Profile,
    metadata: z.record(z.string(), z.string()).optional(),
    termsOfService: TermsOfService.optional(),
    capabilities: z.array(AccountCapability).optional(),
    verification: Verification,
    foreignID: z.string().optional(),
    customerSupport: CustomerSupport.optional(),
    settings: Settings.optional(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    disconnectedOn: Timestamp.optional(),
  })
  .meta({ id: 'Account' });
export type AccountView = z.output<typeof Account>;

export const AccountList = z.array(Account).meta({ id: 'AccountList' });

export const TermsOfServiceToken = z.object({ token: z.string() }).meta({ id: 'TermsOfServiceToken' });

// ---------------------------------------------------------------- list, connect

export const ListAccountsQuery = z.object({
  name: z.string().max(128).optional().describe('Part of a name: display name, individual first/middle/last name, business legal name or DBA; case-insensitive.'),
  email: z.string().max(255).optional().describe('The full email address of the profile; case-insensitive.'),
  type: CreateAccountType.optional().describe('Only accounts of this type.'),
  foreignID: z.string().max(64).optional().describe('Only accounts with this foreign ID.'),
  includeDisconnected: QueryBoolean.optional().describe('Also list accounts disconnected from the caller.'),
  capability: CapabilityID.optional().describe('Only accounts that have this capability.'),
  capabilityStatus: CapabilityStatus.optional().describe('Only accounts with a capability in this status (with `capability`: that capability).'),
  ...Paging,
});
export type ListAccountsFilter = z.output<typeof ListAccountsQuery>;

export const ShareScopes = z
  .object({
    principalAccountID: z.string({ error: blank }).min(1, blank).max(64, tooLong(64)),
    allowScopes: z.array(ApplicationScope).max(APPLICATION_SCOPES.length).optional(),
  })
  .meta({ id: 'ShareScopes' });
export type ShareScopesInput = z.output<typeof ShareScopes>;

// ---------------------------------------------------------------- 422 bodies

const msg = z.string().optional();
const AddressError = z.object({ addressLine1: msg, addressLine2: msg, city: msg, stateOrProvince: msg, postalCode: msg, country: msg });
const PhoneNumberError = z.object({ number: msg, countryCode: msg });
const IdNumberError = z.object({ full: msg, lastFour: msg });
const CreateProfileError = z.object({
  individual: z
    .object({
      name: z.object({ firstName: msg, middleName: msg, lastName: msg, suffix: msg }).optional(),
      phone: PhoneNumberError.optional(),
      email: msg,
      address: AddressError.optional(),
      birthDate: z.object({ day: msg, month: msg, year: msg }).optional(),
      governmentID: z.object({ ssn: IdNumberError.optional(), itin: IdNumberError.optional() }).optional(),
    })
    .optional(),
  business: z
    .object({
      legalBusinessName: msg,
      doingBusinessAs: msg,
      businessType: msg,
      address: AddressError.optional(),
      phone: PhoneNumberError.optional(),
      email: msg,
      website: msg,
      description: msg,
      taxID: z.object({ ein: z.object({ number: msg }).optional() }).optional(),
      industryCodes: z.object({ naics: msg, sic: msg, mcc: msg }).optional(),
      industry: msg,
      primaryRegulator: msg,
    })
    .optional(),
});
const TermsOfServiceError = z.object({
  token: msg,
  manual: z.object({ acceptedDate: msg, acceptedDomain: msg, acceptedIP: msg, acceptedUserAgent: msg }).optional(),
});
const CustomerSupportError = z.object({ phone: PhoneNumberError.optional(), email: msg, address: AddressError.optional(), website: msg });
const SettingsError = z.object({
  cardPayment: z.object({ statementDescriptor: msg }).optional(),
  achPayment: z.object({ companyName: msg }).optional(),
});

export const CreateAccountError = z
  .object({
    accountType: msg,
    profile: CreateProfileError.optional(),
    metadata: msg,
    termsOfService: TermsOfServiceError.optional(),
    foreignID: msg,
    customerSupport: CustomerSupportError.optional(),
    settings: SettingsError.optional(),
    capabilities: z.record(z.string(), z.string()).optional(),
    mode: msg,
  })
  .meta({ id: 'CreateAccountError' });

export const PatchAccountError = z
  .object({
    profile: CreateProfileError.optional(),
    metadata: msg,
    termsOfService: TermsOfServiceError.optional(),
    foreignID: msg,
    customerSupport: CustomerSupportError.optional(),
    settings: SettingsError.optional(),
    error: msg,
  })
  .meta({ id: 'PatchAccountError' });

export const ConnectAccountRequestValidationError = z
  .object({ principalAccountID: msg, allowScopes: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'ConnectAccountRequestValidationError' });
