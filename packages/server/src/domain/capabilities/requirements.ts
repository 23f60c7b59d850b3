import type { CapabilityIDValue, RequirementIDValue } from '@railyard/contract';
import type { StoredAccount } from '../accounts/document.ts';
import { FAMILY, type CapabilityFamily } from './catalog.ts';
import type { OnboardingFacts } from './onboarding-facts.ts';
import { onboardingDue } from './onboarding-requirements.ts';

/*
 * What each capability needs from an account before it is enabled, and
 * which of it is still missing (`requirements.currentlyDue`). The mapping is
 * Railyard's own, chosen from Moov's requirement IDs (docs/capabilities.md).
 * The sandbox has no manual review: nothing due means enabled.
 */

type Need = RequirementIDValue;

const INDIVIDUAL_CONTACT: readonly Need[] = ['individual.firstname', 'individual.lastname', 'individual.email-or-mobile', 'individual.address'];
const INDIVIDUAL: Readonly<Record<CapabilityFamily, readonly Need[]>> = {
  transfers: [],
  wallet: ['account.tos-acceptance', ...INDIVIDUAL_CONTACT, 'individual.birthdate'],
  'money-transfer': ['account.tos-acceptance', ...INDIVIDUAL_CONTACT, 'individual.birthdate', 'individual.ssn-last4'],
  send: ['account.tos-acceptance', ...INDIVIDUAL_CONTACT, 'individual.birthdate', 'individual.ssn'],
  'card-issuing': ['account.tos-acceptance', ...INDIVIDUAL_CONTACT, 'individual.birthdate', 'individual.ssn'],
  collect: [], // refused for individuals before it gets here
  managed: [],
};

const BUSINESS_CONTACT: readonly Need[] = ['business.legalname', 'business.business-type', 'business.address', 'business.phone'];
const BUSINESS_KYB: readonly Need[] = [...BUSINESS_CONTACT, 'business.ein', 'business.description-or-website', 'business.indicate-owners-provided'];
const BUSINESS: Readonly<Record<CapabilityFamily, readonly Need[]>> = {
  transfers: [],
  wallet: ['account.tos-acceptance', ...BUSINESS_CONTACT],
  'money-transfer': ['account.tos-acceptance', ...BUSINESS_KYB],
  send: ['account.tos-acceptance', ...BUSINESS_KYB],
  collect: ['account.tos-acceptance', ...BUSINESS_KYB],
  'card-issuing': ['account.tos-acceptance', ...BUSINESS_KYB],
  managed: [],
};
/** Card acceptance also needs the merchant category code. */
const EXTRA: Partial<Record<CapabilityIDValue, readonly Need[]>> = {
  'collect-funds.card-payments': ['business.industry-code-mcc'],
  'collect-funds': ['business.industry-code-mcc'],
};

/** Business types whose owners must be declared (docs/api-behaviour.md §5.1). */
const OWNERS_DECLARED_BY: ReadonlySet<string> = new Set(['llc', 'partnership', 'privateCorporation']);

/** Families whose business capabilities also need representatives, underwriting and documents (decision 1703). */
const ONBOARDED: ReadonlySet<CapabilityFamily> = new Set(['send', 'money-transfer', 'collect', 'card-issuing']);

/**
 * The requirements of `capability` the account has not met yet, in a stable
 * order: the profile's first, then (businesses) the onboarding ones.
 */
export function currentlyDue(capability: CapabilityIDValue, account: StoredAccount, facts: OnboardingFacts): Need[] {
  const business = account.document.accountType === 'business';
  const table = business ? BUSINESS : INDIVIDUAL;
  const needs = [...table[FAMILY[capability]], ...(business ? (EXTRA[capability] ?? []) : [])];
  const due = needs.filter((need) => !met(need, account));
  if (business && ONBOARDED.has(FAMILY[capability])) due.push(...onboardingDue(capability, account, facts));
  return due;
}

function met(need: Need, account: StoredAccount): boolean {
  const { document, sensitive } = account;
  const person = document.profile.individual;
  const company = document.profile.business;
  switch (need) {
    case 'account.tos-acceptance':
      return document.termsOfService !== undefined;
    case 'individual.firstname':
      return Boolean(person?.name.firstName);
    case 'individual.lastname':
      return Boolean(person?.name.lastName);
    case 'individual.email-or-mobile':
      return Boolean(person?.email || person?.phone?.number);
    case 'individual.address':
      return person?.address !== undefined;
    case 'individual.birthdate':
      return sensitive.individual?.birthDate !== undefined;
    case 'individual.ssn-last4': {
      const id = sensitive.individual?.governmentID;
      return Boolean(id?.ssn?.lastFour || id?.itin?.lastFour);
    }
    case 'individual.ssn': {
      const id = sensitive.individual?.governmentID;
      return Boolean(id?.ssn?.full || id?.itin?.full);
    }
    case 'business.legalname':
      return Boolean(company?.legalBusinessName);
    case 'business.business-type':
      return company?.businessType !== undefined;
    case 'business.address':
      return company?.address !== undefined;
    case 'business.phone':
      return Boolean(company?.phone?.number);
    case 'business.ein':
      return sensitive.business?.taxID !== undefined;
    case 'business.description-or-website':
      return Boolean(company?.description || company?.website);
    case 'business.indicate-owners-provided':
      return company?.businessType === undefined || !OWNERS_DECLARED_BY.has(company.businessType) || company.ownersProvided === true;
    case 'business.industry-code-mcc':
      return Boolean(company?.industryCodes?.mcc);
    default:
      return false;
  }
}
