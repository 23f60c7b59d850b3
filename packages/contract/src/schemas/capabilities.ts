import { z } from 'zod';
import { CapabilityID } from './accounts.ts';
import { Timestamp } from './common.ts';

/*
 * Capabilities (docs/api-behaviour.md §5.11), v2026.01.00 shapes (SDK 26.2.0
 * `capability.ts`, `capabilityrequirement.ts`, `addcapabilities.ts`).
 */

/** The three `estimatedActivity` requirement IDs of one capability's underwriting path. */
function activityLeaves<P extends string>(path: P) {
  return [
    `underwriting.${path}.estimatedActivity.averageTransactionAmount`,
    `underwriting.${path}.estimatedActivity.maximumTransactionAmount`,
    `underwriting.${path}.estimatedActivity.monthlyVolumeRange`,
  ] as const;
}

/** Every requirement ID the SDK knows (a closed enum there: we never answer another). */
export const REQUIREMENT_IDS = [
  'account.tos-acceptance',
  'individual.mobile',
  'individual.email',
  'individual.email-or-mobile',
  'individual.firstname',
  'individual.lastname',
  'individual.address',
  'individual.ssn-last4',
  'individual.ssn',
  'individual.birthdate',
  'business.legalname',
  'business.description-or-website',
  'business.entity-type',
  'business.business-type',
  'business.dba',
  'business.ein',
  'business.address',
  'business.phone',
  'business.admins',
  'business.controllers',
  'business.owners',
  'business.classification',
  'business.industry-code-mcc',
  'business.industry',
  'business.indicate-owners-provided',
  'business.description',
  // Onboarding (docs/onboarding.md, decision 1703). Per-representative IDs carry the literal
  // placeholder `{rep-uuid}`: the SDK's enum has exactly these members, so a real ID there
  // would fail its parsing of every capability.
  'business.underwriting-documents-tier-one',
  'representative.{rep-uuid}.firstname',
  'representative.{rep-uuid}.lastname',
  'representative.{rep-uuid}.email-or-mobile',
  'representative.{rep-uuid}.address',
  'representative.{rep-uuid}.birthdate',
  'representative.{rep-uuid}.ssn',
  'representative.{rep-uuid}.job-title',
  'representative.{rep-uuid}.ownership',
  'underwriting.geographicReach',
  'underwriting.businessPresence',
  'underwriting.pendingLitigation',
  'underwriting.volumeShareByCustomerType',
  ...activityLeaves('collectFunds.cardPayments'),
  'underwriting.collectFunds.cardPayments.cardAcceptanceMethods',
  'underwriting.collectFunds.cardPayments.currentlyAcceptsCards',
  'underwriting.collectFunds.cardPayments.fulfillment',
  'underwriting.collectFunds.cardPayments.refundPolicy',
  ...activityLeaves('collectFunds.ach'),
  ...activityLeaves('sendFunds.ach'),
  ...activityLeaves('sendFunds.rtp'),
  ...activityLeaves('sendFunds.pushToCard'),
  ...activityLeaves('moneyTransfer.pullFromCard'),
  ...activityLeaves('moneyTransfer.pushToCard'),
] as const;
export const RequirementID = z.enum(REQUIREMENT_IDS).meta({ id: 'RequirementID' });
export type RequirementIDValue = z.output<typeof RequirementID>;

export const RequirementError = z
  .object({ requirement: RequirementID, errorCode: z.string().optional() })
  .meta({ id: 'RequirementError' });

export const CapabilityRequirement = z
  .object({ currentlyDue: z.array(RequirementID).optional(), errors: z.array(RequirementError).optional() })
  .meta({ id: 'CapabilityRequirement', description: 'What the account still has to provide before the capability can be enabled.' });

export const Capability = z
  .object({
    capability: CapabilityID,
    accountID: z.string(),
    status: z.enum(['enabled', 'disabled', 'pending', 'in-review']),
    requirements: CapabilityRequirement.optional(),
    disabledReason: z.string().optional(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    disabledOn: Timestamp.optional(),
  })
  .meta({ id: 'Capability' });
export type CapabilityView = z.output<typeof Capability>;

export const CapabilityList = z.array(Capability).meta({ id: 'CapabilityList' });

export const MAX_CAPABILITIES_PER_REQUEST = 32;
export const AddCapabilities = z
  .object({
    // Count limits are checked by the capabilities service and reported under `error`, so the
    // `capabilities` key only ever holds the index-keyed map the SDK's AddCapabilitiesError expects.
    capabilities: z.array(CapabilityID, {
      error: (issue) => (issue.input === undefined ? 'cannot be blank' : 'must be an array of capability IDs'),
    }),
  })
  .meta({ id: 'AddCapabilities' });
export type AddCapabilitiesInput = z.output<typeof AddCapabilities>;

export const AddCapabilitiesError = z
  .object({ error: z.string().optional(), capabilities: z.union([z.string(), z.record(z.string(), z.string())]).optional() })
  .meta({ id: 'AddCapabilitiesError', description: 'Problems keyed by the index of each refused capability.' });
