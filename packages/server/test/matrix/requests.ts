import { randomUUID } from 'node:crypto';
import { multipartBody, SEED_CARD, SEED_PDF, SEED_UNDERWRITING, seedBankAccount, seedBusiness, seedRepresentative, seedWebhook } from '../support/matrix-seeds.ts';

/**
 * A valid request (body, headers, query) for each operation that needs one,
 * given the IDs of the path it is sent to (`ids`: the seeds of the calling
 * platform, with the path's values in place). The matrix sends it:
 *
 * - as the other platform to this platform's IDs: the handler must run and
 *   answer the unknown-ID 404 without writing anything. A body the pipeline
 *   refuses would stop the request before the handler (a 400 or 422 for
 *   known and unknown IDs alike) and prove nothing, so the matrix insists on
 *   the 404, and a write operation with a path parameter and a required body
 *   or header fails the coverage test until it has an entry here;
 * - with a token holding exactly the operation's scope, where it must
 *   succeed (2xx), which proves the entry is valid.
 *
 * Operations without an entry are sent with no body and no extra header.
 */
export interface MatrixRequest {
  body?: unknown;
  /** A `multipart/form-data` body (file uploads), sent instead of `body`. */
  multipart?: { contentType: string; payload: Buffer };
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export type RequestTemplate = (ids: Record<string, string>) => MatrixRequest;

const transferBody = (ids: Record<string, string>) => ({
  source: { paymentMethodID: ids['paymentMethodID'] },
  destination: { paymentMethodID: ids['payeePaymentMethodID'] },
  amount: { currency: 'USD', value: 1 },
  description: 'matrix',
});

export const REQUESTS: Record<string, RequestTemplate> = {
  'accounts.create': () => ({ body: seedBusiness('Matrix Created LLC') }),
  'accounts.update': () => ({ body: { foreignID: `matrix-${randomUUID().slice(0, 8)}` } }),
  'accounts.connect': (ids) => ({ body: { principalAccountID: ids['payeeAccountID'] } }),
  'capabilities.request': () => ({ body: { capabilities: ['send-funds.ach'] } }),
  'wallets.create': () => ({ body: { name: 'matrix wallet' } }),
  'wallets.update': () => ({ body: { description: 'matrix' } }),
  'cards.link': () => ({ body: { ...SEED_CARD, cardNumber: '4111100010002000' } }),
  'cards.update': () => ({ body: { cardOnFile: true } }),
  'bankAccounts.link': () => ({ body: seedBankAccount(String(Date.now()).slice(-12)) }),
  'bankAccounts.completeMicroDeposits': () => ({ body: { amounts: [0, 0] } }),
  'bankAccounts.completeVerification': () => ({ body: { code: '0000' } }),
  'transfers.create': (ids) => ({ body: transferBody(ids), headers: { 'x-idempotency-key': randomUUID() } }),
  'transfers.update': () => ({ body: { metadata: { matrix: 'yes' } } }),
  'transfers.generateOptions': (ids) => ({ body: transferBody(ids) }),
  'transfers.generateOptionsLegacy': (ids) => ({ body: transferBody(ids) }),
  'receipts.create': (ids) => ({ body: [{ kind: 'sale.customer.v1', email: 'buyer@example.com', forTransferID: ids['transferID'] }] }),
  'receipts.list': (ids) => ({ query: { id: ids['transferID']! } }),
  'accounts.assignCountries': () => ({ body: { countries: ['United States'] } }),
  'onboarding.createInvite': () => ({ body: { scopes: ['accounts.read'], capabilities: ['wallet.balance'], feePlanCodes: [] } }),
  'institutions.search': () => ({ query: { name: 'chase' } }),
  'institutions.searchAch': () => ({ query: { name: 'chase' } }),
  'enrichment.getAddress': () => ({ query: { search: '9 Elm St' } }),
  'enrichment.getProfile': () => ({ query: { email: 'owner@wholebodyfitness.com' } }),
  'representatives.create': () => ({ body: { ...seedRepresentative(), email: 'second@matrix.example.com' } }),
  'representatives.update': () => ({ body: { responsibilities: { jobTitle: 'Chief Executive' } } }),
  'underwriting.save': () => ({ body: SEED_UNDERWRITING }),
  // PUT takes the legacy model, every field required.
  'underwriting.upsert': () => ({
    body: {
      averageTransactionSize: 2_500,
      maxTransactionSize: 50_000,
      averageMonthlyTransactionVolume: 3_000_000,
      volumeByCustomerType: { businessToBusinessPercentage: 20, consumerToBusinessPercentage: 80 },
      cardVolumeDistribution: { ecommercePercentage: 30, cardPresentPercentage: 70, mailOrPhonePercentage: 0, debtRepaymentPercentage: 0 },
      fulfillment: { hasPhysicalGoods: true, isShippingProduct: false, shipmentDurationDays: 0, returnPolicy: 'withinThirtyDays' },
    },
  }),
  'files.upload': () => ({ multipart: multipartBody({ filePurpose: 'identity_verification' }, { name: 'matrix.pdf', type: 'application/pdf', bytes: SEED_PDF }) }),
  'disputes.uploadEvidenceFile': () => ({
    multipart: multipartBody({ evidenceType: 'receipt' }, { name: 'receipt.pdf', type: 'application/pdf', bytes: SEED_PDF }),
  }),
  'disputes.uploadEvidenceText': () => ({ body: { text: 'Signed for at the door.', evidenceType: 'proof-of-delivery' } }),
  'disputes.updateEvidence': () => ({ body: { text: 'Signed for at the door by the cardholder.' } }),
  'webhooks.create': () => ({ body: seedWebhook() }),
  'webhooks.update': () => ({ body: seedWebhook() }),
  'sandbox.redeliverWebhookEvent': (ids) => ({ body: { eventID: ids['eventID'] } }),
  'sandbox.advanceClock': () => ({ body: { seconds: 1 } }),
  'transfers.initiateRefund': () => ({ body: { amount: 1 }, headers: { 'x-idempotency-key': randomUUID() } }),
  'transfers.createReversal': () => ({ body: { amount: 1 }, headers: { 'x-idempotency-key': randomUUID() } }),
  'sandbox.createAdjustment': (ids) => ({ body: { walletID: ids['walletID'], amount: { currency: 'USD', value: 1 } } }),
};

/**
 * Operations that need a resource of their own, not the shared seed of a
 * parameter, by parameter → seed name: the exact-scope checks run every
 * write once, in registry order, so two operations that move one resource
 * through its states (micro-deposits complete the verification the instant
 * verification would start) each get their own.
 */
export const OPERATION_SEEDS: Record<string, Record<string, string>> = {
  'bankAccounts.initiateMicroDeposits': { bankAccountID: 'microDepositBankAccountID' },
  'bankAccounts.completeMicroDeposits': { bankAccountID: 'microDepositBankAccountID' },
  'bankAccounts.initiateVerification': { bankAccountID: 'verifiedBankAccountID' },
  'bankAccounts.completeVerification': { bankAccountID: 'verifiedBankAccountID' },
  'bankAccounts.getVerification': { bankAccountID: 'verifiedBankAccountID' },
  // Accepting closes the dispute: the evidence operations keep the shared one open.
  'disputes.accept': { disputeID: 'acceptedDisputeID' },
  // Only file evidence has data to read back.
  'disputes.getEvidenceData': { evidenceID: 'fileEvidenceID' },
  // Refunds and reversals need a card payment that settled (docs/refunds.md).
  'transfers.initiateRefund': { transferID: 'refundedTransferID' },
  'transfers.createReversal': { transferID: 'refundedTransferID' },
  'transfers.listRefunds': { transferID: 'refundedTransferID' },
};

/**
 * Operations whose exact-scope request is refused by the domain on purpose
 * with the seeds as they are, with the answer expected instead of a 2xx.
 */
export const EXPECTED_REFUSALS: Record<string, { status: number; reason: string }> = {};
