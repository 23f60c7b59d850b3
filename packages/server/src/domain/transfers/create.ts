import type { EventData } from '@railyard/contract';
import { newRowID } from '../../kernel/ids.ts';
import type { Sql } from '../../store/port.ts';
import { findTransferRow, insertTransfer } from '../../store/repos/transfers.ts';
import { findWalletRow } from '../../store/repos/wallets.ts';
import type { RailPacing } from './pacing.ts';
import type { RailRegistry } from './rail.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { BadRequest, ValidationFailed } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import { unmetRequirement } from './capability-rules.ts';
import type { CheckedCreateTransfer } from './create-input.ts';
import { AMEX_MINIMUM, amountLimit, dollars } from './limits.ts';
import { transferFromRow, transferToRow, type TransferRecord } from './model.ts';
import { isValidPair, railFor } from './pairs.ts';
import { resolveParties, type ResolvedParty } from './parties.ts';
import type { TransferPartyRows } from '../../store/repos/transfer-parties.ts';
import { markNewReference } from '../wallets/movement-events.ts';

/**
 * Creates a transfer inside the caller's unit of work: resolves both payment
 * methods, applies the pair (§7.1), capability (§7.2) and limit (§7.3) rules,
 * lets the rail check its options (`checkOptions`),
 * makes the row with status `created` (written at the unit's end, as the rail
 * leaves it), writes `transfer.created`, and lets the rail start (holds, first
 * postings, first job). Any refusal throws before a
 * row is written; the caller's unit of work rolls everything back.
 */
export async function createTransferRecord(
  sql: Sql,
  input: {
    platformID: string;
    idempotencyKey: string;
    request: CheckedCreateTransfer;
    clock: Clock;
    pacing: RailPacing;
    rails: RailRegistry;
    /** Types the caller's API version does not know (v2024.01.00: `instant-bank-credit`, `card-present-payment`). */
    hiddenPaymentMethodTypes?: ReadonlySet<string>;
    /** Both sides as the unit's start read found them (`readTransferCreateStart`). */
    partyRows: TransferPartyRows;
  },
): Promise<TransferRecord> {
  const { platformID, request, clock } = input;
  const visible = (party: ResolvedParty | undefined) =>
    party && !input.hiddenPaymentMethodTypes?.has(party.method.paymentMethodType) ? party : undefined;
  const parties = await resolveParties(sql, input.partyRows);
  const source = visible(parties.source);
  const destination = visible(parties.destination);
  const unknown: Record<string, string> = {};
  if (!source) unknown['sourcePaymentMethodID'] = 'no such payment method, or it is disabled';
  if (!destination) unknown['destinationPaymentMethodID'] = 'no such payment method, or it is disabled';
  if (!source || !destination) throw new ValidationFailed(unknown);

  const sourceType = source.method.paymentMethodType;
  const destinationType = destination.method.paymentMethodType;
  if (source.method.sourceID === destination.method.sourceID) throw new BadRequest('source and destination must be different');
  if (!isValidPair(sourceType, destinationType)) throw new BadRequest(`a ${sourceType} payment method cannot pay a ${destinationType} payment method`);
  const railName = railFor(sourceType, destinationType);
  const rail = input.rails[railName];
  if (!rail) throw new BadRequest(`${sourceType} to ${destinationType} transfers (the ${railName} rail) are not available yet`);

  await checkWalletsInLedger(sql, platformID, [source, destination]);
  const unmet = unmetRequirement(sourceType, destinationType, { source: source.capabilities, destination: destination.capabilities });
  if (unmet) throw new BadRequest(`the ${unmet.party} account needs the ${unmet.anyOf.join(' or ')} capability enabled`);
  checkAmount(request.amount, sourceType, destinationType, [source, destination]);
  rail.checkOptions(request.echo);

  const now = timestamp(clock);
  const record: TransferRecord = {
    transferID: newRowID(),
    platformID,
    idempotencyKey: input.idempotencyKey,
    rail: railName,
    status: 'created',
    failureReason: undefined,
    currency: request.currency,
    amount: request.amount,
    facilitatorFeeCents: request.facilitatorFeeCents,
    source: party(source),
    destination: party(destination),
    railState: {},
    request: request.echo,
    metadata: request.metadata,
    foreignID: request.foreignID,
    groupID: undefined,
    scheduleID: undefined,
    paymentLinkCode: undefined,
    refundedAmount: 0,
    disputedAmount: 0,
    railAnsweredOn: undefined,
    completedOn: undefined,
    createdOn: now,
    updatedOn: now,
    rowVersion: 1,
  };
  // Held until the unit's end and written once as the rail left it (decision 2001, "A new transfer written
  // once"): a concurrent replay of the key then blocks on the unique index at that insert, its unique
  // violation fails the whole unit (the money it moved included), and the service answers the winner.
  await insertTransfer(sql, transferToRow(record));
  markNewReference(sql, 'transfer', record.transferID);
  const created: EventData<'transfer.created'> = { accountID: platformID, transferID: record.transferID, status: record.status };
  if (record.foreignID !== undefined) created.foreignID = record.foreignID;
  await recordEvent(sql, clock, platformID, 'transfer.created', created);
  const wallets = new Map(
    [source.wallet, destination.wallet].filter((wallet) => wallet !== undefined).map((wallet) => [wallet.wallet_id, wallet]),
  );
  const started = await rail.start(sql, { clock, pacing: input.pacing, wallets }, record);
  if (started) {
    // Through the row shape and back, so the answer is exactly what reading the row back would give.
    return transferFromRow(transferToRow(started));
  }
  const stored = await findTransferRow(sql, platformID, record.transferID);
  if (!stored) throw new Error(`transfer ${record.transferID} vanished in its own unit of work`);
  return transferFromRow(stored);
}

function party(resolved: ResolvedParty): TransferRecord['source'] {
  const { method, snapshot } = resolved;
  return {
    accountID: method.accountID,
    paymentMethodID: method.paymentMethodID,
    paymentMethodType: method.paymentMethodType,
    sourceKind: method.sourceKind,
    sourceID: method.sourceID,
    snapshot,
    details: {},
  };
}

/** A wallet's money lives in the ledger of the platform that created its account; a transfer posts in the caller's. */
async function checkWalletsInLedger(sql: Sql, platformID: string, parties: readonly ResolvedParty[]): Promise<void> {
  for (const { method, wallet: resolved } of parties) {
    if (method.sourceKind !== 'wallet') continue;
    const wallet = resolved ?? (await findWalletRow(sql, method.accountID, method.sourceID));
    if (!wallet || wallet.status !== 'active') throw new BadRequest('the wallet is closed');
    if (wallet.platform_id !== platformID) throw new BadRequest('wallets of accounts another platform created cannot be used in this platform’s transfers');
  }
}

function checkAmount(amount: number, sourceType: string, destinationType: string, parties: readonly ResolvedParty[]): void {
  const { limit, setBy } = amountLimit(sourceType as never, destinationType as never);
  if (amount > limit) throw new ValidationFailed({ amount: `must be no greater than ${dollars(limit)}${setBy ? ` for ${setBy}` : ''}` });
  const amex = parties.some(({ snapshot }) => (snapshot['card'] as { brand?: string } | undefined)?.brand === 'American Express');
  if (amex && amount < AMEX_MINIMUM) throw new ValidationFailed({ amount: `American Express transfers must be at least ${dollars(AMEX_MINIMUM)}` });
}
