import type { Store } from '../../src/store/port.ts';
import { fanOutQueuedEvents } from '../../src/store/repos/webhook-deliveries.ts';
import { FANOUT_BATCH } from '../../src/domain/webhooks/delivery/claim.ts';
import { WEBHOOK_GIVE_UP_AFTER_MS } from '../../src/kernel/events.ts';
import type { TestServer } from './server.ts';

/** The first platform's events as stored (type and data), oldest first; only those of `type` when given. */
export async function eventTypes(server: TestServer, type?: string): Promise<Array<{ type: string; data: any }>> {
  const rows = await server.testStore.store.read((sql) =>
    sql.all<{ event_type: string; data: string }>('SELECT event_type, data FROM events WHERE platform_id = ? ORDER BY event_seq', [
      server.platform.accountID,
    ]),
  );
  return rows.map((r) => ({ type: r.event_type, data: JSON.parse(r.data) })).filter((e) => type === undefined || e.type === type);
}

/**
 * Turns every queued event into deliveries now, as the delivery worker's next
 * claim would (decision 1500, "Fan-out after commit"), for tests that read
 * `webhook_deliveries` right after recording events. Answers how many events it took.
 */
export async function fanOutNow(store: Store): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await store.write((sql) => fanOutQueuedEvents(sql, store.dialect, { limit: FANOUT_BATCH, giveUpAfterMs: WEBHOOK_GIVE_UP_AFTER_MS }));
    total += taken;
    if (taken < FANOUT_BATCH) return total;
  }
}
