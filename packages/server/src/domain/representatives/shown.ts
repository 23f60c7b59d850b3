import type { RepresentativeView } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';
import { liveRepresentativesOfAccounts } from '../../store/repos/representatives.ts';
import { parseRepresentative, renderRepresentative } from './record.ts';

/**
 * The live representatives of each of `accountIDs`, as the representatives
 * operations answer them (sealed values only as `…Provided`), for
 * `profile.business.representatives` on account answers. One query for the
 * whole page; an account without representatives is absent from the map.
 * Handed to the account service by compose/services.ts, since this module
 * imports accounts and may not be imported back.
 */
export async function representativesShownOn(sql: Sql, accountIDs: readonly string[]): Promise<ReadonlyMap<string, RepresentativeView[]>> {
  const shown = new Map<string, RepresentativeView[]>();
  for (const row of await liveRepresentativesOfAccounts(sql, accountIDs)) {
    const list = shown.get(row.account_id) ?? [];
    list.push(renderRepresentative(parseRepresentative(row)));
    shown.set(row.account_id, list);
  }
  return shown;
}
