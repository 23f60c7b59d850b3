import { z } from 'zod';
import { ApplicationScope, CapabilityID, CreateAccount, Mode, APPLICATION_SCOPES, MAX_REQUESTED_CAPABILITIES } from './accounts.ts';
import { Timestamp } from './common.ts';

/*
 * Onboarding invites (docs/onboarding.md, decision 1750), in v2026.01.00 shapes
 * (SDK 26.2.0 `OnboardingInviteRequest`, `OnboardingInvite`, `OnboardingInviteError`).
 */

/** Moov's codes look like `N1IA5eWYNh`: ten letters and digits. Anything else names no invite. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{10}$/;
export const InviteCode = z.string().regex(INVITE_CODE_PATTERN);

export const MAX_FEE_PLAN_CODES = 20;
/** A fee plan code as Moov prints them (`merchant-direct`): lower-case words joined by dashes. */
export const FEE_PLAN_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FeePlanCode = z
  .string({ error: 'must be a string' })
  .max(64, 'the length must be no more than 64')
  .regex(FEE_PLAN_CODE_PATTERN, 'must be lower-case letters, digits and dashes, such as merchant-direct');

/** An absolute http(s) URL of at most 2,048 characters, without credentials. */
const WebURL = z
  .string({ error: 'must be a string' })
  .max(2048, 'the length must be no more than 2048')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an absolute http or https URL without credentials');

export const CreateOnboardingInvite = z
  .object({
    returnURL: WebURL.optional(),
    termsOfServiceURL: WebURL.optional(),
    scopes: z.array(ApplicationScope).min(1, 'cannot be blank').max(APPLICATION_SCOPES.length),
    grantScopes: z.array(ApplicationScope).max(APPLICATION_SCOPES.length).optional(),
    capabilities: z.array(CapabilityID).max(MAX_REQUESTED_CAPABILITIES),
    feePlanCodes: z.array(FeePlanCode).max(MAX_FEE_PLAN_CODES),
    prefill: CreateAccount.optional(),
  })
  .meta({ id: 'OnboardingInviteRequest' });
export type CreateOnboardingInviteInput = z.output<typeof CreateOnboardingInvite>;

export const OnboardingPartnerAccount = z
  .object({ accountID: z.string(), accountMode: Mode, displayName: z.string() })
  .meta({ id: 'OnboardingPartnerAccount' });

export const OnboardingInvite = z
  .object({
    code: z.string(),
    link: z.string(),
    returnURL: z.string().optional(),
    termsOfServiceURL: z.string().optional(),
    scopes: z.array(ApplicationScope),
    grantScopes: z.array(ApplicationScope).optional(),
    capabilities: z.array(CapabilityID),
    feePlanCodes: z.array(z.string()),
    redeemedAccountID: z.string().optional(),
    prefill: CreateAccount.optional(),
    partner: OnboardingPartnerAccount.optional(),
    createdOn: Timestamp,
    revokedOn: Timestamp.optional(),
    redeemedOn: Timestamp.optional(),
  })
  .meta({ id: 'OnboardingInvite' });
export type OnboardingInviteView = z.output<typeof OnboardingInvite>;
export const OnboardingInviteList = z.array(OnboardingInvite).meta({ id: 'OnboardingInviteList' });

const msg = z.string().optional();
const byIndex = z.record(z.string(), z.string()).optional();
export const OnboardingInviteError = z
  .object({ returnURL: msg, termsOfServiceURL: msg, scopes: byIndex, capabilities: byIndex, feePlanCodes: byIndex })
  .meta({ id: 'OnboardingInviteError' });
