import type { CreateOnboardingInviteInput, OnboardingInviteView } from '@railyard/contract';
import type { OnboardingInviteRow } from '../../store/repos/onboarding-invites.ts';

/** What the platform asked of an invite, stored as JSON in `settings`. */
export type InviteSettings = CreateOnboardingInviteInput;

/** How long a link stays usable, in platform time (decision 1750). */
export const INVITE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type InviteState = 'open' | 'redeemed' | 'revoked' | 'expired';

export function parseSettings(row: OnboardingInviteRow): InviteSettings {
  return JSON.parse(row.settings) as InviteSettings;
}

/** Where an invite stands at `now` (platform time): redeemed and revoked win over expired. */
export function inviteState(row: OnboardingInviteRow, now: Date): InviteState {
  if (row.redeemed_on) return 'redeemed';
  if (row.revoked_on) return 'revoked';
  if (row.expires_on <= now.toISOString()) return 'expired';
  return 'open';
}

export interface PartnerFacts {
  accountID: string;
  accountMode: 'sandbox' | 'production';
  displayName: string;
}

/** The invite as the API answers it, in the SDK's shape (absent fields left out, not null). */
export function renderInvite(row: OnboardingInviteRow, partner: PartnerFacts | undefined): OnboardingInviteView {
  const settings = parseSettings(row);
  return {
    code: row.code,
    link: row.link,
    ...(settings.returnURL !== undefined ? { returnURL: settings.returnURL } : {}),
    ...(settings.termsOfServiceURL !== undefined ? { termsOfServiceURL: settings.termsOfServiceURL } : {}),
    scopes: settings.scopes,
    ...(settings.grantScopes !== undefined ? { grantScopes: settings.grantScopes } : {}),
    capabilities: settings.capabilities,
    feePlanCodes: settings.feePlanCodes,
    ...(row.redeemed_account_id ? { redeemedAccountID: row.redeemed_account_id } : {}),
    ...(settings.prefill !== undefined ? { prefill: settings.prefill } : {}),
    ...(partner ? { partner } : {}),
    createdOn: row.created_on,
    ...(row.revoked_on ? { revokedOn: row.revoked_on } : {}),
    ...(row.redeemed_on ? { redeemedOn: row.redeemed_on } : {}),
  };
}
