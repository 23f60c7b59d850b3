import type { FinancialInstitutionsView, InstitutionSearch, InstitutionsSearchView } from '@railyard/contract';
import { BadRequest } from '../../kernel/errors.ts';
import { checkRoutingNumber } from '../sources/routing-number.ts';
import { DIRECTORY, SERVICING_FRB, type Institution } from './directory.ts';

/** Results per rail when the caller sends no `limit`. */
export const DEFAULT_INSTITUTION_LIMIT = 20;

/**
 * The institutions a search names (decision 1754). `name`: every word of it
 * starts a word of the institution's name, any case. `routingNumber`: 1-8 digits
 * match as a prefix; nine must be a valid ABA number (else 400) and match exactly.
 * A search needs one of the two, as Moov's does.
 */
function find(search: InstitutionSearch): Institution[] {
  const name = search.name?.trim() ?? '';
  const routing = search.routingNumber?.trim() ?? '';
  if (name === '' && routing === '') throw new BadRequest('either name or routingNumber is required');
  if (routing !== '') {
    if (!/^[0-9]{1,9}$/.test(routing)) throw new BadRequest('routingNumber: must be 1 to 9 digits');
    if (routing.length === 9) {
      const checked = checkRoutingNumber(routing);
      if (!checked.ok) throw new BadRequest(`routingNumber: ${checked.reason}`);
    }
  }
  const words = name.toLowerCase().split(/\s+/).filter(Boolean);
  const state = search.state?.trim().toUpperCase();
  return DIRECTORY.filter((institution) => {
    if (routing !== '' && !institution.routingNumber.startsWith(routing)) return false;
    if (state && institution.place.state !== state) return false;
    if (words.length === 0) return true;
    const nameWords = institution.name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    return words.every((word) => nameWords.some((candidate) => candidate.startsWith(word.replace(/[^a-z0-9]/g, ''))));
  });
}

function address(institution: Institution) {
  return {
    addressLine1: institution.street,
    city: institution.place.city,
    stateOrProvince: institution.place.state,
    postalCode: institution.place.postalCode,
    country: 'US',
  };
}

/** GET /institutions: the matches on each rail, at most `limit` per rail. */
export function searchInstitutions(search: InstitutionSearch): InstitutionsSearchView {
  const found = find(search);
  const limit = search.limit ?? DEFAULT_INSTITUTION_LIMIT;
  return {
    ach: found.slice(0, limit).map((i) => ({ name: i.name, routingNumber: i.routingNumber, address: address(i), contact: { phone: { number: i.phone, countryCode: '1' } } })),
    rtp: found.filter((i) => i.rtp).slice(0, limit).map((i) => ({ name: i.name, routingNumber: i.routingNumber, services: { receivePayments: true, receiveRequestForPayment: true } })),
    wire: found
      .filter((i) => i.wire)
      .slice(0, limit)
      .map((i) => ({
        name: i.name,
        routingNumber: i.routingNumber,
        address: address(i),
        services: { fundsTransferStatus: true, fundsSettlementOnlyStatus: false, bookEntrySecuritiesTransferStatus: false },
      })),
    fednow: found.filter((i) => i.fedNow).slice(0, limit).map((i) => ({ name: i.name, routingNumber: i.routingNumber, services: { receivePayments: true, sendPayments: true, requestForPayment: false } })),
  };
}

/** GET /institutions/ach/search: the ACH matches as the Fed directory's records. */
export function searchAchParticipants(search: InstitutionSearch): FinancialInstitutionsView {
  const found = find(search).slice(0, search.limit ?? DEFAULT_INSTITUTION_LIMIT);
  return {
    achParticipants: found.map((i) => ({
      achLocation: { address: i.street.toUpperCase(), city: i.place.city.toUpperCase(), postalCode: i.place.postalCode, postalCodeExtension: '0000', state: i.place.state },
      customerName: i.name.toUpperCase(),
      newRoutingNumber: '000000000',
      officeCode: 'O',
      phoneNumber: i.phone,
      recordTypeCode: '1',
      revised: '010126',
      routingNumber: i.routingNumber,
      servicingFRBNumber: SERVICING_FRB[i.district - 1] ?? SERVICING_FRB[0],
      statusCode: '1',
      viewCode: '1',
      cleanName: i.name,
      logo: null,
    })),
  };
}
