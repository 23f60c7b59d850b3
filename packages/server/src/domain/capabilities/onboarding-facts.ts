import type { Sql } from '../../store/port.ts';
import { liveRepresentativesOf } from '../../store/repos/representatives.ts';
import { findUnderwriting } from '../../store/repos/underwriting.ts';
import { filesOf } from '../../store/repos/account-files.ts';
import { parseRepresentative, type StoredRepresentative } from '../representatives/record.ts';
import { parseUnderwriting, type UnderwritingDocument } from '../underwriting/document.ts';
import type { StoredAccount } from '../accounts/document.ts';

/**
 * What a business account has provided beyond its profile, as the capability
 * requirements read it: its live representatives (fields present, never the
 * sealed values themselves), its submitted underwriting (a draft does not
 * count) and the purposes of its approved files.
 */
export interface OnboardingFacts {
  representatives: readonly StoredRepresentative[];
  underwriting: UnderwritingDocument | undefined;
  approvedFilePurposes: ReadonlySet<string>;
}

export const NO_ONBOARDING: OnboardingFacts = { representatives: [], underwriting: undefined, approvedFilePurposes: new Set() };

/** The account's facts; an individual's onboarding is its profile alone, so nothing is read for one. */
export async function loadOnboardingFacts(sql: Sql, account: StoredAccount): Promise<OnboardingFacts> {
  if (account.document.accountType !== 'business') return NO_ONBOARDING;
  const accountID = account.document.accountID;
  const representatives = (await liveRepresentativesOf(sql, accountID)).map(parseRepresentative);
  const underwriting = parseUnderwriting(await findUnderwriting(sql, accountID))?.submitted;
  const files = await filesOf(sql, accountID);
  const approvedFilePurposes = new Set(files.filter((f) => f.file_status === 'approved').map((f) => f.file_purpose));
  return { representatives, underwriting, approvedFilePurposes };
}
