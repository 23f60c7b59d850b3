import type { UnderwritingView, UpdateUnderwritingInput, UpsertUnderwritingInput } from '@railyard/contract';
import { Problems } from '../accounts/problems.ts';

/*
 * What the underwriting schemas cannot say about one field alone: shares total
 * 100 and an average is not above its maximum. Messages land on a leaf the
 * SDK's error types have (the first share, the average), as field maps do.
 */

type Activity = { averageTransactionAmount?: number | undefined; maximumTransactionAmount?: number | undefined } | undefined;

function checkActivity(activity: Activity, path: string[], problems: Problems): void {
  const average = activity?.averageTransactionAmount;
  const maximum = activity?.maximumTransactionAmount;
  if (average !== undefined && maximum !== undefined && average > maximum) {
    problems.add([...path, 'averageTransactionAmount'], 'must be no greater than maximumTransactionAmount');
  }
}

function checkShares(values: Record<string, number | undefined> | undefined, first: string, path: string[], problems: Problems): void {
  if (!values) return;
  const given = Object.values(values).filter((v): v is number => v !== undefined);
  if (given.length === 0) return;
  const total = given.reduce((sum, v) => sum + v, 0);
  if (total !== 100) problems.add([...path, first], `the percentages must total 100 (they total ${total})`);
}

/** The merged POST document, checked as a whole (so a save never leaves an inconsistent one). */
export function checkUpsert(doc: UnderwritingView | UpsertUnderwritingInput): void {
  const problems = new Problems();
  checkShares(doc.volumeShareByCustomerType, 'business', ['volumeShareByCustomerType'], problems);
  const card = doc.collectFunds?.cardPayments;
  checkShares(card?.cardAcceptanceMethods, 'inPersonPercentage', ['collectFunds', 'cardPayments', 'cardAcceptanceMethods'], problems);
  checkActivity(card?.estimatedActivity, ['collectFunds', 'cardPayments', 'estimatedActivity'], problems);
  checkActivity(doc.collectFunds?.ach?.estimatedActivity, ['collectFunds', 'ach', 'estimatedActivity'], problems);
  for (const rail of ['pullFromCard', 'pushToCard'] as const) {
    checkActivity(doc.moneyTransfer?.[rail]?.estimatedActivity, ['moneyTransfer', rail, 'estimatedActivity'], problems);
  }
  for (const rail of ['ach', 'pushToCard', 'rtp', 'instantBank'] as const) {
    checkActivity(doc.sendFunds?.[rail]?.estimatedActivity, ['sendFunds', rail, 'estimatedActivity'], problems);
  }
  problems.throwIfAny();
}

/** The legacy PUT body; messages nested under `error` (UpdateUnderwritingError). */
export function checkLegacy(input: UpdateUnderwritingInput): void {
  const problems = new Problems();
  if (input.averageTransactionSize > input.maxTransactionSize) {
    problems.add(['error', 'averageTransactionSize'], 'must be no greater than maxTransactionSize');
  }
  checkShares(input.volumeByCustomerType, 'businessToBusinessPercentage', ['error', 'volumeByCustomerType'], problems);
  checkShares(input.cardVolumeDistribution, 'ecommercePercentage', ['error', 'cardVolumeDistribution'], problems);
  problems.throwIfAny();
}
