import type { PaymentMethodView, TransferOptionsView } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { visibleAccountIDs } from '../../store/repos/account-visibility.ts';
import { livePaymentMethodRows } from '../../store/repos/payment-method-reads.ts';
import { enabledCapabilitiesOf, type PaymentMethodRow } from '../../store/repos/payment-methods.ts';
import { findWalletRow } from '../../store/repos/wallets.ts';
import type { RailRegistry } from '../transfers/rail.ts';
import type { Caller } from '../auth/caller.ts';
import { NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { findPaymentMethod } from '../payment-methods/find.ts';
import type { PaymentMethodType } from '../payment-methods/provider.ts';
import { renderAll } from '../payment-methods/service.ts';
import { unmetRequirement } from '../transfers/capability-rules.ts';
import { AMEX_MINIMUM, amountLimit } from '../transfers/limits.ts';
import { isValidPair, railFor } from '../transfers/pairs.ts';
import { checkTransferOptionsRequest, type PartyQuery } from './input.ts';

/** One payment method that could take part, with what the rules need to know about it. */
interface Candidate {
  accountID: string;
  sourceKind: string;
  sourceID: string;
  type: PaymentMethodType;
  view: PaymentMethodView;
  /** False for a wallet that is closed or lives in another platform's ledger (creation refuses those). */
  usable: boolean;
}

/**
 * Transfer options (docs/api-behaviour.md §5.3, docs/transfers-more.md): the payment
 * methods of each side that pair with at least one method of the other side
 * under the same rules as creating a transfer: the valid pairs and the rails
 * Railyard runs (`pairs.ts`, the rail registry handed in at start-up), capabilities
 * (`capability-rules.ts`) and amount limits (`limits.ts`). Nothing is written.
 */
export class TransferOptionsService {
  constructor(
    private readonly store: Store,
    private readonly rails: RailRegistry,
  ) {}

  /** `accountID` is the path's platform account (new path) or undefined (old `POST /transfer-options`). */
  async generate(caller: Caller, accountID: string | undefined, body: Record<string, unknown>): Promise<TransferOptionsView> {
    if (accountID !== undefined && accountID !== caller.platformID) throw new NotFound('account');
    const request = checkTransferOptionsRequest(body);
    return this.store.read(async (sql) => {
      const problems: Record<string, string> = {};
      const sources = await candidates(sql, caller.platformID, request.source, 'source', problems);
      const destinations = await candidates(sql, caller.platformID, request.destination, 'destination', problems);
      if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
      const capabilities = new Map<string, ReadonlySet<string>>();
      const enabled = async (id: string) => {
        if (!capabilities.has(id)) capabilities.set(id, await enabledCapabilitiesOf(sql, id));
        return capabilities.get(id)!;
      };
      const pairedSources = new Set<Candidate>();
      const pairedDestinations = new Set<Candidate>();
      for (const source of sources) {
        for (const destination of destinations) {
          if (await pairs(this.rails, source, destination, request.amount, enabled)) {
            pairedSources.add(source);
            pairedDestinations.add(destination);
          }
        }
      }
      return {
        sourceOptions: sources.filter((c) => pairedSources.has(c)).map((c) => c.view),
        destinationOptions: destinations.filter((c) => pairedDestinations.has(c)).map((c) => c.view),
      };
    });
  }
}

/** Whether a transfer of `amount` from `source` to `destination` would pass creation's rules. */
async function pairs(
  rails: RailRegistry,
  source: Candidate,
  destination: Candidate,
  amount: number,
  enabled: (accountID: string) => Promise<ReadonlySet<string>>,
): Promise<boolean> {
  if (!source.usable || !destination.usable) return false;
  if (source.sourceID === destination.sourceID) return false;
  if (!isValidPair(source.type, destination.type)) return false;
  if (!rails[railFor(source.type, destination.type)]) return false;
  if (amount > amountLimit(source.type, destination.type).limit) return false;
  const amex = [source, destination].some((c) => (c.view as { card?: { brand?: string } }).card?.brand === 'American Express');
  if (amex && amount < AMEX_MINIMUM) return false;
  const unmet = unmetRequirement(source.type, destination.type, {
    source: await enabled(source.accountID),
    destination: await enabled(destination.accountID),
  });
  return unmet === undefined;
}

/**
 * The payment methods one side names: the given method (checked to belong to
 * the given account, if both are sent) or every live method of the account.
 * An account or method the platform cannot see is reported like a missing one.
 */
async function candidates(
  sql: Sql,
  platformID: string,
  query: PartyQuery,
  key: 'source' | 'destination',
  problems: Record<string, string>,
): Promise<Candidate[]> {
  let accountID: string;
  let rows: PaymentMethodRow[];
  if (query.paymentMethodID) {
    const method = await findPaymentMethod(sql, platformID, query.paymentMethodID);
    if (!method) {
      problems[key] = 'no such payment method, or it is disabled';
      return [];
    }
    if (query.accountID && query.accountID !== method.accountID) {
      problems[key] = 'the payment method does not belong to the account';
      return [];
    }
    accountID = method.accountID;
    rows = await livePaymentMethodRows(sql, accountID, { sourceID: method.sourceID, paymentMethodType: method.paymentMethodType });
    rows = rows.filter((row) => row.payment_method_id === method.paymentMethodID);
  } else {
    accountID = query.accountID!;
    if (!(await visibleAccountIDs(sql, platformID, [accountID])).has(accountID)) {
      problems[key] = 'no such account';
      return [];
    }
    rows = await livePaymentMethodRows(sql, accountID, {});
  }
  const views = await renderAll(sql, accountID, rows);
  const byID = new Map(views.map((view) => [view.paymentMethodID, view]));
  const out: Candidate[] = [];
  for (const row of rows) {
    const view = byID.get(row.payment_method_id);
    if (!view) continue;
    out.push({
      accountID,
      sourceKind: row.source_kind,
      sourceID: row.source_id,
      type: row.payment_method_type as PaymentMethodType,
      view,
      usable: row.source_kind !== 'wallet' || (await walletUsable(sql, platformID, accountID, row.source_id)),
    });
  }
  return out;
}

/** Creation refuses closed wallets and wallets of another platform's ledger; options leave them out. */
async function walletUsable(sql: Sql, platformID: string, accountID: string, walletID: string): Promise<boolean> {
  const wallet = await findWalletRow(sql, accountID, walletID);
  return wallet !== undefined && wallet.status === 'active' && wallet.platform_id === platformID;
}
