import { federalReserveDistrict } from '../sources/routing-number.ts';
import { findInstitution } from '../institutions/directory.ts';
import type { BankFacts } from '../institutions/known-banks.ts';

export type { BankFacts } from '../institutions/known-banks.ts';

/**
 * Facts for a validated routing number, from Railyard's institution directory
 * (domain/institutions: the sandbox bank table of well-known routing numbers plus
 * the generated sandbox institutions, decision 1754), so a bank account shows the
 * name and rails `GET /institutions` answers for its number. An unlisted number
 * gets a generic name that still says truthfully where it points (its Federal
 * Reserve district), and ACH only: the sandbox never promises instant rails it
 * cannot name.
 */
export function bankFor(routingNumber: string): BankFacts {
  const known = findInstitution(routingNumber);
  if (known) return { bankName: known.name, rtp: known.rtp, fedNow: known.fedNow };
  const district = federalReserveDistrict(routingNumber);
  const bankName = district ? `Bank in the ${district} Federal Reserve district` : 'Unlisted bank';
  return { bankName, rtp: false, fedNow: false };
}
