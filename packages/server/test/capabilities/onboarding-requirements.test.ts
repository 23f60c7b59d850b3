import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CapabilityIDValue } from '@railyard/contract';
import { REQUIREMENT_IDS, RequirementID } from '@railyard/contract';
import { RequirementID as SdkRequirementID } from '@moovio/sdk/models/components/requirementid.js';
import { currentlyDue } from '../../src/domain/capabilities/requirements.ts';
import { NO_ONBOARDING, type OnboardingFacts } from '../../src/domain/capabilities/onboarding-facts.ts';
import type { StoredAccount } from '../../src/domain/accounts/document.ts';
import type { StoredRepresentative } from '../../src/domain/representatives/record.ts';

/*
 * The onboarding part of the requirement mapping (decision 1703) as a pure
 * function: which capabilities need what, for which business types, and that
 * every ID emitted is a member of the SDK's closed enum.
 */

function businessAccount(businessType: string, extra: Record<string, unknown> = {}): StoredAccount {
  return {
    row: { account_id: 'a', created_by: 'p' } as StoredAccount['row'],
    document: {
      accountID: 'a',
      accountType: 'business',
      termsOfService: { acceptedDate: '2026-01-01T00:00:00Z', acceptedIP: '203.0.113.1' },
      profile: {
        business: {
          legalBusinessName: 'X LLC',
          businessType,
          ownersProvided: false,
          address: { addressLine1: '1 A St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
          phone: { number: '3035551234', countryCode: '1' },
          website: 'https://x.example.com',
          industryCodes: { mcc: '5462' },
          ...extra,
        },
      },
    } as unknown as StoredAccount['document'],
    sensitive: { business: { taxID: { ein: { number: 'sealed' } } } },
  };
}

function rep(profile: Partial<StoredRepresentative['profile']>, sealed: StoredRepresentative['sealed'] = {}): StoredRepresentative {
  return { row: {} as StoredRepresentative['row'], profile: { name: { firstName: 'A', lastName: 'B' }, ...profile }, sealed };
}

const facts = (over: Partial<OnboardingFacts>): OnboardingFacts => ({ ...NO_ONBOARDING, ...over });
const activity = (path: string) => ['averageTransactionAmount', 'maximumTransactionAmount', 'monthlyVolumeRange'].map((l) => `underwriting.${path}.estimatedActivity.${l}`);
const BASELINE = ['underwriting.geographicReach', 'underwriting.businessPresence'];

describe('onboarding requirements (decision 1703)', () => {
  it('a sole proprietor reports no representatives; its money capabilities need the baseline and their activity', () => {
    const account = businessAccount('soleProprietorship');
    const cases: Array<[CapabilityIDValue, string[]]> = [
      ['send-funds.ach', [...BASELINE, ...activity('sendFunds.ach')]],
      ['send-funds.rtp', [...BASELINE, ...activity('sendFunds.rtp')]],
      ['send-funds.push-to-card', [...BASELINE, ...activity('sendFunds.pushToCard')]],
      ['send-funds.instant-bank', BASELINE],
      ['money-transfer.pull-from-card', [...BASELINE, ...activity('moneyTransfer.pullFromCard')]],
      ['money-transfer.push-to-card', [...BASELINE, ...activity('moneyTransfer.pushToCard')]],
      ['collect-funds.ach', [...BASELINE, ...activity('collectFunds.ach')]],
      ['send-funds', [...BASELINE, ...activity('sendFunds.ach')]],
      ['card-issuing', BASELINE],
      ['wallet.balance', []],
      ['transfers', []],
    ];
    for (const [capability, expected] of cases) assert.deepEqual(currentlyDue(capability, account, NO_ONBOARDING), expected, capability);
  });

  it('lists each missing representative field once, with the literal {rep-uuid}', () => {
    const account = businessAccount('privateCorporation', { ownersProvided: true });
    const reps = [
      rep({ responsibilities: { isController: true, isOwner: false } }),
      rep({ email: 'x@example.com', responsibilities: { isController: false, isOwner: true, ownershipPercentage: 30 } }, { birthDate: 'sealed' }),
    ];
    const due = currentlyDue('collect-funds.ach', account, facts({ representatives: reps }));
    assert.deepEqual(due.slice(0, 5), [
      'representative.{rep-uuid}.email-or-mobile',
      'representative.{rep-uuid}.address',
      'representative.{rep-uuid}.birthdate',
      'representative.{rep-uuid}.ssn',
      'representative.{rep-uuid}.job-title',
    ]);
  });

  it('public corporations and government entities report no controller; trusts do, but no owners', () => {
    assert.ok(!currentlyDue('send-funds.ach', businessAccount('publicCorporation'), NO_ONBOARDING).includes('business.controllers'));
    assert.ok(!currentlyDue('send-funds.ach', businessAccount('governmentEntity'), NO_ONBOARDING).includes('business.controllers'));
    const trust = currentlyDue('send-funds.ach', businessAccount('trust'), NO_ONBOARDING);
    assert.ok(trust.includes('business.controllers'));
    assert.ok(!trust.includes('business.owners'));
  });

  it('asks more of international businesses, and statements of card sellers at volume', () => {
    const account = businessAccount('soleProprietorship');
    const card = { cardAcceptanceMethods: { onlinePercentage: 100 }, currentlyAcceptsCards: false, fulfillment: { method: 'digital-content' as const, timeframe: 'immediate' as const }, refundPolicy: 'no-refunds' as const };
    const base = { geographicReach: 'international-only' as const, businessPresence: 'online-only' as const };
    const low = facts({ underwriting: { ...base, collectFunds: { cardPayments: { ...card, estimatedActivity: { averageTransactionAmount: 1, maximumTransactionAmount: 2, monthlyVolumeRange: '10k-50k' } } } } });
    assert.deepEqual(currentlyDue('collect-funds.card-payments', account, low), ['underwriting.pendingLitigation', 'underwriting.volumeShareByCustomerType']);
    const high = facts({ underwriting: { ...base, pendingLitigation: 'none', volumeShareByCustomerType: { consumer: 100 }, collectFunds: { cardPayments: { ...card, estimatedActivity: { averageTransactionAmount: 1, maximumTransactionAmount: 2, monthlyVolumeRange: '1m-5m' } } } } });
    assert.deepEqual(currentlyDue('collect-funds.card-payments', account, high), ['business.underwriting-documents-tier-one']);
    assert.deepEqual(currentlyDue('collect-funds.card-payments', account, { ...high, approvedFilePurposes: new Set(['merchant_underwriting']) }), []);
  });

  it("every requirement ID Railyard can answer is a member of the SDK's enum", () => {
    const sdk = new Set<string>(Object.values(SdkRequirementID));
    for (const id of REQUIREMENT_IDS) assert.ok(sdk.has(id), id);
  });

  it('emits only IDs of the contract enum', () => {
    const account = businessAccount('llc');
    const everything = facts({ representatives: [rep({ responsibilities: { isController: true, isOwner: true } })] });
    for (const capability of ['collect-funds.card-payments', 'collect-funds.ach', 'send-funds.ach', 'send-funds.rtp', 'send-funds.push-to-card', 'money-transfer.pull-from-card', 'money-transfer.push-to-card', 'card-issuing'] as const) {
      for (const id of currentlyDue(capability, account, everything)) assert.ok(RequirementID.safeParse(id).success, id);
    }
  });
});
