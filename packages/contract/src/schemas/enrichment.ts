import { z } from 'zod';
import { Address, PhoneNumber } from './accounts.ts';

/*
 * Form-shortening reads (docs/onboarding.md): industries, institutions, address
 * and profile enrichment, in SDK 26.2.0 shapes (`EnrichedIndustries`,
 * `InstitutionsSearchResponse`, `FinancialInstitutions`, `EnrichedAddressResponse`,
 * `EnrichedBusinessResponse`). The data behind them is bundled and described in
 * docs/onboarding.md and decisions 1753-1755.
 */

export const IndustryTaxonomy = z
  .object({ industry: z.string(), displayName: z.string(), category: z.string(), categoryDisplayName: z.string(), defaultMcc: z.string() })
  .meta({ id: 'IndustryTaxonomy' });
export const EnrichedIndustries = z.object({ industries: z.array(IndustryTaxonomy) }).meta({ id: 'EnrichedIndustries' });
export type EnrichedIndustriesView = z.output<typeof EnrichedIndustries>;

// ---------------------------------------------------------------- institutions

export const MAX_INSTITUTION_RESULTS = 200;
const limit = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_INSTITUTION_RESULTS, `must be no greater than ${MAX_INSTITUTION_RESULTS}`).optional();
const searchText = z.string().max(100, 'the length must be no more than 100').optional();

export const SearchInstitutionsQuery = z.object({ name: searchText, routingNumber: searchText, limit });
export const SearchAchInstitutionsQuery = z.object({ name: searchText, routingNumber: searchText, state: z.string().max(2, 'must be a two-letter state code').optional(), limit });
export type InstitutionSearch = { name?: string | undefined; routingNumber?: string | undefined; state?: string | undefined; limit?: number | undefined };

const InstitutionContact = z.object({ phone: PhoneNumber.optional() });
export const ACHInstitution = z
  .object({ name: z.string(), routingNumber: z.string(), address: Address.optional(), contact: InstitutionContact.optional() })
  .meta({ id: 'ACHInstitution' });
export const RTPInstitution = z
  .object({ name: z.string(), routingNumber: z.string(), services: z.object({ receivePayments: z.boolean(), receiveRequestForPayment: z.boolean() }) })
  .meta({ id: 'RTPInstitution' });
export const WireInstitution = z
  .object({
    name: z.string(),
    routingNumber: z.string(),
    address: Address.optional(),
    services: z.object({ fundsTransferStatus: z.boolean(), fundsSettlementOnlyStatus: z.boolean(), bookEntrySecuritiesTransferStatus: z.boolean() }),
  })
  .meta({ id: 'WireInstitution' });
export const FedNowInstitution = z
  .object({ name: z.string(), routingNumber: z.string(), services: z.object({ receivePayments: z.boolean(), sendPayments: z.boolean(), requestForPayment: z.boolean() }) })
  .meta({ id: 'FedNowInstitution' });
export const InstitutionsSearchResponse = z
  .object({ ach: z.array(ACHInstitution).nullable(), rtp: z.array(RTPInstitution).nullable(), wire: z.array(WireInstitution).nullable(), fednow: z.array(FedNowInstitution).nullable() })
  .meta({ id: 'InstitutionsSearchResponse' });
export type InstitutionsSearchView = z.output<typeof InstitutionsSearchResponse>;

export const AchParticipant = z
  .object({
    achLocation: z.object({ address: z.string(), city: z.string(), postalCode: z.string(), postalCodeExtension: z.string(), state: z.string() }),
    customerName: z.string(),
    newRoutingNumber: z.string(),
    officeCode: z.string(),
    phoneNumber: z.string(),
    recordTypeCode: z.string(),
    revised: z.string(),
    routingNumber: z.string(),
    servicingFRBNumber: z.string(),
    statusCode: z.string(),
    viewCode: z.string(),
    cleanName: z.string(),
    logo: z.object({ name: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'AchParticipant' });
export const FinancialInstitutions = z.object({ achParticipants: z.array(AchParticipant) }).meta({ id: 'FinancialInstitutions' });
export type FinancialInstitutionsView = z.output<typeof FinancialInstitutions>;

// ---------------------------------------------------------------- enrichment

export const MAX_ADDRESS_SUGGESTIONS = 20;
const list = z.string().max(500, 'the length must be no more than 500').optional();
export const EnrichAddressQuery = z.object({
  search: z.string({ error: 'cannot be blank' }).min(1, 'cannot be blank').max(200, 'the length must be no more than 200'),
  maxResults: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_ADDRESS_SUGGESTIONS, `must be no greater than ${MAX_ADDRESS_SUGGESTIONS}`).optional(),
  includeCities: list,
  includeStates: list,
  includeZipcodes: list,
  excludeStates: list,
  preferCities: list,
  preferStates: list,
  preferZipcodes: list,
  preferRatio: z.coerce.number().int('must be a whole number').min(0).max(100).optional(),
  preferGeolocation: z.string().max(100).optional(),
  selected: z.string().max(200).optional(),
  source: z.enum(['all', 'postal'], { error: 'must be all or postal' }).optional(),
});
export type EnrichAddressFilter = z.output<typeof EnrichAddressQuery>;

export const AddressSuggestion = z
  .object({
    addressLine1: z.string().optional(),
    addressLine2: z.string().optional(),
    city: z.string().optional(),
    entries: z.number().int().optional(),
    postalCode: z.string().optional(),
    stateOrProvince: z.string().optional(),
  })
  .meta({ id: 'AddressSuggestion' });
export const EnrichedAddressResponse = z.object({ suggestions: z.array(AddressSuggestion) }).meta({ id: 'EnrichedAddressResponse' });
export type EnrichedAddressView = z.output<typeof EnrichedAddressResponse>;

export const EnrichProfileQuery = z.object({
  email: z.string({ error: 'cannot be blank' }).min(1, 'cannot be blank').max(255, 'the length must be no more than 255'),
});

export const EnrichedBusinessResponse = z
  .object({
    business: z
      .object({
        address: Address.optional(),
        email: z.string().optional(),
        industryCodes: z.object({ naics: z.string().optional(), sic: z.string().optional() }).optional(),
        legalBusinessName: z.string().optional(),
        phone: PhoneNumber.optional(),
        website: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'EnrichedBusinessResponse' });
export type EnrichedBusinessView = z.output<typeof EnrichedBusinessResponse>;

/** Any unique ID of an account, representative, routing number or user: what `GET /avatars/{uniqueID}` draws. */
export const AvatarID = z.string().min(1).max(100);
