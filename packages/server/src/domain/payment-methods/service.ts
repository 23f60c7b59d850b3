import type { ListPaymentMethodsFilter, PaymentMethodView } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { findLivePaymentMethodRow, livePaymentMethodRows } from '../../store/repos/payment-method-reads.ts';
import type { PaymentMethodRow } from '../../store/repos/payment-methods.ts';
import { accessibleAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { NotFound } from '../../kernel/errors.ts';
import { paymentMethodProviders } from './providers.ts';

/**
 * Payment methods of an account, read from the `payment_methods` rows that
 * `refreshPaymentMethods` keeps in line with sources and capabilities, each
 * rendered by its source's provider.
 */
export class PaymentMethodService {
  constructor(private readonly store: Store) {}

  async list(caller: Caller, accountID: string, filter: ListPaymentMethodsFilter): Promise<PaymentMethodView[]> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const rows = await livePaymentMethodRows(sql, accountID, {
        sourceID: filter.sourceID?.toLowerCase(),
        paymentMethodType: filter.paymentMethodType,
      });
      return renderAll(sql, accountID, rows);
    });
  }

  async get(caller: Caller, accountID: string, paymentMethodID: string): Promise<PaymentMethodView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const row = await findLivePaymentMethodRow(sql, paymentMethodID);
      if (!row || row.account_id !== accountID) throw new NotFound('payment method');
      const [view] = await renderAll(sql, accountID, [row]);
      if (!view) throw new NotFound('payment method');
      return view;
    });
  }
}

/** Renders rows through their providers, one batch per kind of source; a row whose source is gone is skipped. */
export async function renderAll(sql: Sql, accountID: string, rows: readonly PaymentMethodRow[]): Promise<PaymentMethodView[]> {
  const rendered = new Map<string, Map<string, unknown>>();
  for (const provider of paymentMethodProviders) {
    const sourceIDs = [...new Set(rows.filter((row) => row.source_kind === provider.sourceKind).map((row) => row.source_id))];
    if (sourceIDs.length > 0) rendered.set(provider.sourceKind, await provider.render(sql, { accountID, sourceIDs }));
  }
  const views: PaymentMethodView[] = [];
  for (const row of rows) {
    const provider = paymentMethodProviders.find((p) => p.sourceKind === row.source_kind);
    const source = rendered.get(row.source_kind)?.get(row.source_id);
    if (!provider || source === undefined) continue;
    views.push({ paymentMethodID: row.payment_method_id, paymentMethodType: row.payment_method_type, [provider.field]: source } as PaymentMethodView);
  }
  return views;
}
