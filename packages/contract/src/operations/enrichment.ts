import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError } from '../schemas/common.ts';
import {
  AvatarID,
  EnrichAddressQuery,
  EnrichedAddressResponse,
  EnrichedBusinessResponse,
  EnrichedIndustries,
  EnrichProfileQuery,
  FinancialInstitutions,
  InstitutionsSearchResponse,
  SearchAchInstitutionsQuery,
  SearchInstitutionsQuery,
} from '../schemas/enrichment.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Form shortening: industries, institutions, address and profile enrichment,
 * avatars (docs/onboarding.md, decisions 1753-1757). None reads or writes an
 * account: the answers come from data bundled with Railyard and are the same
 * for every platform, so a sandbox gives the same answer to the same question.
 */

const ENRICHMENT = ['/profile-enrichment.read'] as const;
const badQuery = { description: 'A query parameter is missing or malformed', body: GenericError } as const;

export const listIndustries = defineOperation({
  id: 'industries.list',
  method: 'GET',
  path: '/industries',
  summary: 'List industries',
  description:
    'Lists the industries a business can name in its profile, ordered by display name, each with its category and the ' +
    'merchant category code (MCC) a card acquirer would assign by default.',
  auth: 'api',
  scopes: ENRICHMENT,
  readOnly: true,
  request: {},
  response: { status: 200, description: 'The industries', body: EnrichedIndustries },
  errors: { 401: noCredentials, 403: missingScope },
});

export const searchInstitutions = defineOperation({
  id: 'institutions.search',
  method: 'GET',
  path: '/institutions',
  summary: 'Search financial institutions',
  description:
    'Finds financial institutions by `name` (case-insensitive words) or `routingNumber` (a prefix of 1-9 digits; a full ' +
    'nine-digit number must pass the ABA check digit), with the rails each supports: ACH, RTP, wire and FedNow. ' +
    '`limit` caps each list (default 20). The directory is Railyard’s sandbox directory (docs/onboarding.md), not the Fed’s.',
  auth: 'api',
  scopes: ['/institutions.read'],
  readOnly: true,
  request: { query: SearchInstitutionsQuery },
  response: { status: 200, description: 'The institutions, by rail', body: InstitutionsSearchResponse },
  errors: { 400: badQuery, 401: noCredentials, 403: missingScope },
});

export const searchAchInstitutions = defineOperation({
  id: 'institutions.searchAch',
  method: 'GET',
  path: '/institutions/ach/search',
  summary: 'Search ACH participants (deprecated)',
  description:
    'The older search, kept for clients that still call it: ACH participants in the Fed directory’s record shape, by ' +
    '`name`, `routingNumber` (as for GET /institutions) and `state` (two letters). Use GET /institutions instead.',
  auth: 'api',
  scopes: ['/fed.read'],
  readOnly: true,
  request: { query: SearchAchInstitutionsQuery },
  response: { status: 200, description: 'The ACH participants', body: FinancialInstitutions },
  errors: { 400: badQuery, 401: noCredentials, 403: missingScope },
});

export const getEnrichedAddress = defineOperation({
  id: 'enrichment.getAddress',
  method: 'GET',
  path: '/enrichment/address',
  summary: 'Suggest addresses',
  description:
    'Suggests complete US addresses for a partial one in `search` (a house number, a street, a city or ZIP code), from ' +
    'deterministic sandbox data: the same search always gets the same suggestions. `maxResults` (default 10, at most 20), ' +
    '`includeStates`/`includeCities`/`includeZipcodes`/`excludeStates` (comma-separated) filter; `prefer…` lists move ' +
    'matches to the top.',
  auth: 'api',
  scopes: ENRICHMENT,
  readOnly: true,
  request: { query: EnrichAddressQuery },
  response: { status: 200, description: 'The suggestions', body: EnrichedAddressResponse },
  errors: { 400: badQuery, 401: noCredentials, 403: missingScope },
});

export const getEnrichedProfile = defineOperation({
  id: 'enrichment.getProfile',
  method: 'GET',
  path: '/enrichment/profile',
  summary: 'Enrich a business profile from an email address',
  description:
    'Answers what a business profile could be prefilled with for a work email address: legal name, website, phone, ' +
    'address and industry codes, made deterministically from the email’s domain (sandbox data, no outside lookup). ' +
    'Addresses at free-mail domains (gmail.com and the like) and at domains reserved for examples and tests (example.com, ' +
    '.test, .invalid) answer 404, as there is no business to describe; a malformed address answers 400.',
  auth: 'api',
  scopes: ENRICHMENT,
  readOnly: true,
  request: { query: EnrichProfileQuery },
  response: { status: 200, description: 'The enriched profile', body: EnrichedBusinessResponse },
  errors: { 400: badQuery, 401: noCredentials, 403: missingScope, 404: { description: 'Nothing is known about the email address' } },
});

export const getAvatar = defineOperation({
  id: 'avatars.get',
  method: 'GET',
  path: '/avatars/{uniqueID}',
  summary: 'Get an avatar image',
  description:
    'Answers a PNG avatar for any unique ID (an account ID, representative ID, routing number, user ID): an identicon ' +
    'drawn from a hash of the ID, so the same ID always gets the same image.',
  auth: 'api',
  scopes: ENRICHMENT,
  readOnly: true,
  request: { params: z.object({ uniqueID: AvatarID }) },
  response: { status: 200, description: 'The avatar, 128x128 PNG', media: 'image/png' },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'The ID is empty or too long' } },
});

export const enrichmentOperations = [listIndustries, searchInstitutions, searchAchInstitutions, getEnrichedAddress, getEnrichedProfile, getAvatar] as const;
