import { randomUUID } from 'node:crypto';
import type { Sql } from '../../store/port.ts';
import {
  enabledCapabilitiesOf,
  insertPaymentMethodRow,
  lockAccountPaymentMethods,
  paymentMethodRowsOfAccount,
  setPaymentMethodDisabled,
} from '../../store/repos/payment-methods.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { paymentMethodProviders } from './providers.ts';
import { PAYMENT_METHOD_TYPES } from '../sources/payment-method-types.ts';

const typeRank = (type: string) => (PAYMENT_METHOD_TYPES as readonly string[]).indexOf(type);

export interface RefreshResult {
  enabled: string[];
  disabled: string[];
}

/**
 * Brings an account's payment methods in line with its sources and enabled
 * capabilities, inside the caller's unit of work. Call it after any change to
 * a wallet, bank account, card or capability of the account. Each method that
 * appears or goes away writes `paymentMethod.enabled` / `paymentMethod.disabled`.
 */
export async function refreshPaymentMethods(sql: Sql, clock: Clock, platformID: string, accountID: string): Promise<RefreshResult> {
  // Before anything is read: what follows must see every source and method committed before it.
  await lockAccountPaymentMethods(sql, accountID);
  const enabledCapabilities = await enabledCapabilitiesOf(sql, accountID);
  const desired = new Map<string, { sourceKind: string; sourceID: string; type: string }>();
  for (const provider of paymentMethodProviders) {
    for (const source of await provider.desired(sql, { accountID, enabledCapabilities, now: clock.now() })) {
      for (const type of source.types) {
        desired.set(`${source.sourceID}|${type}`, { sourceKind: provider.sourceKind, sourceID: source.sourceID, type });
      }
    }
  }

  const now = timestamp(clock);
  const result: RefreshResult = { enabled: [], disabled: [] };
  const existing = new Map((await paymentMethodRowsOfAccount(sql, accountID)).map((row) => [`${row.source_id}|${row.payment_method_type}`, row]));

  for (const [key, want] of desired) {
    const row = existing.get(key);
    let paymentMethodID: string;
    if (!row) {
      paymentMethodID = randomUUID();
      await insertPaymentMethodRow(sql, {
        payment_method_id: paymentMethodID,
        account_id: accountID,
        source_kind: want.sourceKind,
        source_id: want.sourceID,
        payment_method_type: want.type,
        created_on: now,
        updated_on: now,
      });
    } else if (row.disabled_on !== null) {
      paymentMethodID = row.payment_method_id;
      await setPaymentMethodDisabled(sql, paymentMethodID, null, now);
    } else {
      continue;
    }
    result.enabled.push(paymentMethodID);
    await recordEvent(sql, clock, platformID, 'paymentMethod.enabled', { paymentMethodID, accountID, sourceID: want.sourceID });
  }

  // Disabled in a stable order (by source, then type in PAYMENT_METHOD_TYPES order), so their events are too.
  const gone = [...existing]
    .filter(([key, row]) => row.disabled_on === null && !desired.has(key))
    .map(([, row]) => row)
    .sort((a, b) => (a.source_id < b.source_id ? -1 : a.source_id > b.source_id ? 1 : typeRank(a.payment_method_type) - typeRank(b.payment_method_type)));
  for (const row of gone) {
    await setPaymentMethodDisabled(sql, row.payment_method_id, now, now);
    result.disabled.push(row.payment_method_id);
    await recordEvent(sql, clock, platformID, 'paymentMethod.disabled', {
      paymentMethodID: row.payment_method_id,
      accountID,
      sourceID: row.source_id,
    });
  }
  return result;
}
