import type { OperationId } from '@railyard/contract';
import type { Handler } from './handler.ts';
import { pingHandlers } from './ping.ts';
import { authHandlers } from './auth.ts';
import { accountHandlers } from './accounts.ts';
import { capabilityHandlers } from './capabilities.ts';
import { walletHandlers } from './wallets.ts';
import { paymentMethodHandlers } from './payment-methods.ts';
import { cardHandlers } from './cards.ts';
import { sandboxHandlers } from './sandbox.ts';
import { bankAccountHandlers } from './bank-accounts.ts';
import { transferHandlers } from './transfers.ts';
import { transferOptionHandlers } from './transfer-options.ts';
import { cancellationHandlers } from './cancellations.ts';
import { refundHandlers } from './refunds.ts';
import { adjustmentHandlers } from './adjustments.ts';
import { receiptHandlers } from './receipts.ts';
import { webhookHandlers } from './webhooks.ts';
import { representativeHandlers } from './representatives.ts';
import { underwritingHandlers } from './underwriting.ts';
import { fileHandlers } from './files.ts';
import { onboardingInviteHandlers } from './onboarding-invites.ts';
import { accountCountryHandlers } from './account-countries.ts';
import { enrichmentHandlers } from './enrichment.ts';
import { disputeHandlers } from './disputes.ts';
import { railyardInsightHandlers } from './railyard-insight.ts';

/** One handler per operation of the registry; the type makes a missing one a compile error. */
export const handlers: Record<OperationId, Handler> = {
  ...pingHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...capabilityHandlers,
  ...walletHandlers,
  ...paymentMethodHandlers,
  ...cardHandlers,
  ...sandboxHandlers,
  ...bankAccountHandlers,
  ...transferHandlers,
  ...transferOptionHandlers,
  ...cancellationHandlers,
  ...refundHandlers,
  ...adjustmentHandlers,
  ...receiptHandlers,
  ...webhookHandlers,
  ...representativeHandlers,
  ...underwritingHandlers,
  ...fileHandlers,
  ...onboardingInviteHandlers,
  ...accountCountryHandlers,
  ...enrichmentHandlers,
  ...disputeHandlers,
  ...railyardInsightHandlers,
};
