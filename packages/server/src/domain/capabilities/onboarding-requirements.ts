import type { CapabilityIDValue, RequirementIDValue } from '@railyard/contract';
import type { StoredAccount } from '../accounts/document.ts';
import type { UnderwritingDocument } from '../underwriting/document.ts';
import type { OnboardingFacts } from './onboarding-facts.ts';

/*
 * The requirements of a business account's onboarding (decision 1703): its
 * representatives, its underwriting and its documents. They apply to the
 * capabilities that move money (send, collect, money-transfer, card-issuing);
 * `transfers` and the wallet need none of them. Each list is in a fixed order,
 * and an ID appears once even when several representatives miss the same
 * field: per-representative IDs carry the literal `{rep-uuid}` the SDK's
 * closed enum has.
 */

type Need = RequirementIDValue;

/** Business types that report a controller: all but sole proprietors and the entities the CDD rule exempts. */
const REPORTS_CONTROLLER: ReadonlySet<string> = new Set([
  'llc',
  'partnership',
  'privateCorporation',
  'trust',
  'unincorporatedAssociation',
  'unincorporatedNonProfit',
  'incorporatedNonProfit',
]);
/** Business types whose owners with 25% or more are reported (docs/api-behaviour.md §5.1). */
const REPORTS_OWNERS: ReadonlySet<string> = new Set(['llc', 'partnership', 'privateCorporation']);

/** Monthly volumes from which card acceptance needs processing statements (tier one documents). */
const DOCUMENTED_VOLUMES: ReadonlySet<string> = new Set(['250k-500k', '500k-1m', '1m-5m', 'over-5m']);

/** Which underwriting path each capability reads (`underwriting.<path>.estimatedActivity.*`). */
const ACTIVITY_PATH: Partial<Record<CapabilityIDValue, string>> = {
  'collect-funds': 'collectFunds.cardPayments',
  'collect-funds.card-payments': 'collectFunds.cardPayments',
  'collect-funds.ach': 'collectFunds.ach',
  'send-funds': 'sendFunds.ach',
  'send-funds.ach': 'sendFunds.ach',
  'send-funds.rtp': 'sendFunds.rtp',
  'send-funds.push-to-card': 'sendFunds.pushToCard',
  'money-transfer.pull-from-card': 'moneyTransfer.pullFromCard',
  'money-transfer.push-to-card': 'moneyTransfer.pushToCard',
};
const CARD_PAYMENTS: ReadonlySet<CapabilityIDValue> = new Set(['collect-funds', 'collect-funds.card-payments']);

/** The onboarding requirements of `capability` still due (the caller has checked it is a business capability that moves money). */
export function onboardingDue(capability: CapabilityIDValue, account: StoredAccount, facts: OnboardingFacts): Need[] {
  return [...representativesDue(account, facts), ...underwritingDue(capability, facts.underwriting), ...documentsDue(capability, facts)];
}

function representativesDue(account: StoredAccount, facts: OnboardingFacts): Need[] {
  const business = account.document.profile.business;
  const type = business?.businessType;
  if (type === undefined || !REPORTS_CONTROLLER.has(type)) return [];
  const due: Need[] = [];
  const reps = facts.representatives;
  if (!reps.some((r) => r.profile.responsibilities?.isController)) due.push('business.controllers');
  // Owners are reported, or declared absent with ownersProvided (which has its own requirement).
  if (REPORTS_OWNERS.has(type) && !reps.some((r) => r.profile.responsibilities?.isOwner) && business?.ownersProvided !== true) {
    due.push('business.owners');
  }
  const missing = new Set<Need>();
  for (const { profile, sealed } of reps) {
    if (!profile.name.firstName) missing.add('representative.{rep-uuid}.firstname');
    if (!profile.name.lastName) missing.add('representative.{rep-uuid}.lastname');
    if (!profile.email && !profile.phone?.number) missing.add('representative.{rep-uuid}.email-or-mobile');
    if (!profile.address) missing.add('representative.{rep-uuid}.address');
    if (sealed.birthDate === undefined) missing.add('representative.{rep-uuid}.birthdate');
    // A full SSN (or ITIN) is required of representatives; a last four alone does not do.
    if (sealed.governmentID?.ssn?.full === undefined && sealed.governmentID?.itin?.full === undefined) missing.add('representative.{rep-uuid}.ssn');
    if (profile.responsibilities?.isController && !profile.responsibilities.jobTitle) missing.add('representative.{rep-uuid}.job-title');
    if (profile.responsibilities?.isOwner && profile.responsibilities.ownershipPercentage === undefined) missing.add('representative.{rep-uuid}.ownership');
  }
  const order: Need[] = [
    'representative.{rep-uuid}.firstname',
    'representative.{rep-uuid}.lastname',
    'representative.{rep-uuid}.email-or-mobile',
    'representative.{rep-uuid}.address',
    'representative.{rep-uuid}.birthdate',
    'representative.{rep-uuid}.ssn',
    'representative.{rep-uuid}.job-title',
    'representative.{rep-uuid}.ownership',
  ];
  return [...due, ...order.filter((need) => missing.has(need))];
}

function underwritingDue(capability: CapabilityIDValue, doc: UnderwritingDocument | undefined): Need[] {
  const due: Need[] = [];
  if (!doc?.geographicReach) due.push('underwriting.geographicReach');
  if (!doc?.businessPresence) due.push('underwriting.businessPresence');
  // Tiered: a business reaching beyond the US says more about its risk.
  if (doc?.geographicReach !== undefined && doc.geographicReach !== 'us-only') {
    if (!doc.pendingLitigation) due.push('underwriting.pendingLitigation');
    if (!doc.volumeShareByCustomerType) due.push('underwriting.volumeShareByCustomerType');
  }
  const path = ACTIVITY_PATH[capability];
  if (path) due.push(...activityDue(path, activityAt(doc, path)));
  if (CARD_PAYMENTS.has(capability)) {
    const card = doc?.collectFunds?.cardPayments;
    const methods = card?.cardAcceptanceMethods;
    if (methods?.inPersonPercentage === undefined && methods?.mailOrPhonePercentage === undefined && methods?.onlinePercentage === undefined) {
      due.push('underwriting.collectFunds.cardPayments.cardAcceptanceMethods');
    }
    if (card?.currentlyAcceptsCards === undefined) due.push('underwriting.collectFunds.cardPayments.currentlyAcceptsCards');
    if (!card?.fulfillment?.method || !card.fulfillment.timeframe) due.push('underwriting.collectFunds.cardPayments.fulfillment');
    if (!card?.refundPolicy) due.push('underwriting.collectFunds.cardPayments.refundPolicy');
  }
  return due;
}

type Activity = { averageTransactionAmount?: number; maximumTransactionAmount?: number; monthlyVolumeRange?: string } | undefined;

function activityAt(doc: UnderwritingDocument | undefined, path: string): Activity {
  let node: unknown = doc;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { estimatedActivity?: Activity } | undefined)?.estimatedActivity;
}

function activityDue(path: string, activity: Activity): Need[] {
  const due: string[] = [];
  if (activity?.averageTransactionAmount === undefined) due.push(`underwriting.${path}.estimatedActivity.averageTransactionAmount`);
  if (activity?.maximumTransactionAmount === undefined) due.push(`underwriting.${path}.estimatedActivity.maximumTransactionAmount`);
  if (activity?.monthlyVolumeRange === undefined) due.push(`underwriting.${path}.estimatedActivity.monthlyVolumeRange`);
  return due as Need[];
}

/** Card acceptance by a business that already takes cards, or at a high volume, needs its processing statements. */
function documentsDue(capability: CapabilityIDValue, facts: OnboardingFacts): Need[] {
  if (!CARD_PAYMENTS.has(capability)) return [];
  const card = facts.underwriting?.collectFunds?.cardPayments;
  const range = card?.estimatedActivity?.monthlyVolumeRange;
  const needsStatements = card?.currentlyAcceptsCards === true || (range !== undefined && DOCUMENTED_VOLUMES.has(range));
  if (needsStatements && !facts.approvedFilePurposes.has('merchant_underwriting')) return ['business.underwriting-documents-tier-one'];
  return [];
}
