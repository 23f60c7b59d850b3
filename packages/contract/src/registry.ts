import type { OperationDef } from './core/operation.ts';
import { authOperations } from './operations/auth.ts';
import { pingOperations } from './operations/ping.ts';
import { accountOperations } from './operations/accounts.ts';
import { capabilityOperations } from './operations/capabilities.ts';
import { walletOperations } from './operations/wallets.ts';
import { paymentMethodOperations } from './operations/payment-methods.ts';
import { cardOperations } from './operations/cards.ts';
import { sandboxOperations } from './operations/sandbox.ts';
import { bankAccountOperations } from './operations/bank-accounts.ts';
import { transferOperations } from './operations/transfers.ts';
import { transferOptionOperations } from './operations/transfer-options.ts';
import { cancellationOperations } from './operations/cancellations.ts';
import { receiptOperations } from './operations/receipts.ts';
import { refundOperations } from './operations/refunds.ts';
import { adjustmentOperations } from './operations/adjustments.ts';
import { webhookOperations } from './operations/webhooks.ts';
import { representativeOperations } from './operations/representatives.ts';
import { underwritingOperations } from './operations/underwriting.ts';
import { fileOperations } from './operations/files.ts';
import { onboardingInviteOperations } from './operations/onboarding-invites.ts';
import { accountCountryOperations } from './operations/account-countries.ts';
import { enrichmentOperations } from './operations/enrichment.ts';
import { disputeOperations } from './operations/disputes.ts';
import { railyardInsightOperations } from './operations/railyard-insight.ts';

/**
 * The one list of operations. Routes, the OpenAPI document, the client and the
 * MCP tools are all derived from it; nothing is wired outside it.
 */
export const operations = [...authOperations, ...pingOperations, ...accountOperations, ...capabilityOperations, ...walletOperations, ...paymentMethodOperations, ...cardOperations, ...sandboxOperations, ...bankAccountOperations, ...transferOperations, ...transferOptionOperations, ...cancellationOperations, ...refundOperations, ...adjustmentOperations, ...receiptOperations, ...webhookOperations, ...representativeOperations, ...underwritingOperations, ...fileOperations, ...onboardingInviteOperations, ...accountCountryOperations, ...enrichmentOperations, ...railyardInsightOperations, ...disputeOperations] as const;

export type Operation = (typeof operations)[number];
export type OperationId = Operation['id'];

export const operationsById: ReadonlyMap<string, OperationDef> = new Map(
  (operations as readonly OperationDef[]).map((op) => [op.id, op]),
);
