import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../kernel/clock.ts';
import type { Store } from '../../../store/port.ts';
import {
  findDeliveryToSend,
  lockClaimableDeliveries,
  markDeliveryClaimed,
  markDeliveryClosed,
} from '../../../store/repos/webhook-deliveries.ts';

/** A delivery held by one worker; `claimToken` proves the claim when its attempt is recorded. */
export interface ClaimedDelivery {
  deliverySeq: number;
  webhookID: string;
  platformID: string;
  eventID: string;
  /** Attempts recorded before this one. */
  attempts: number;
  /** Platform time (epoch ms) after which no retry starts. */
  giveUpAfterMs: number;
  claimToken: string;
  url: string;
  secretSealed: string;
  /** The JSON body: `{eventID, type, data, createdOn}`. */
  body: string;
}

export interface DeliveryClaimOptions {
  /** At most this many deliveries are claimed (the worker's free slots). */
  limit: number;
  leaseMs: number;
  workerID: string;
  platformID?: string | undefined;
  /** Sends this worker already has in flight, per webhook. */
  inFlightPerWebhook: ReadonlyMap<string, number>;
  maxPerWebhook: number;
}

export interface DeliveryClaim {
  claimed: ClaimedDelivery[];
  /** Deliveries ended without an attempt in this claim: a disabled webhook's (`canceled`), or retries past their give-up time (`failed`). */
  canceled: number;
  failed: number;
}

/** Candidates read per claim: enough that one busy webhook at its bound does not hide the others. */
const CANDIDATES_PER_SLOT = 4;
const MAX_CANDIDATES = 200;

/**
 * The body Moov sends: `{"eventID","type","data","createdOn"}`. `data` is the
 * stored JSON text of the event, spliced in as it is.
 */
export function deliveryBody(event: { eventID: string; type: string; data: string; createdOn: string }): string {
  return `{"eventID":${JSON.stringify(event.eventID)},"type":${JSON.stringify(event.type)},"data":${event.data},"createdOn":${JSON.stringify(event.createdOn)}}`;
}

/**
 * Claims due deliveries in one write transaction, in `delivery_seq` order, with
 * a fresh claim token and a lease each (decision 1500). A delivery of a webhook
 * that is no longer enabled is canceled instead; a retry whose give-up time has
 * passed is failed instead (a delivery always gets its first attempt). The
 * first-attempt order per webhook is kept by the candidate query; the
 * per-webhook bound here.
 */
export async function claimDueDeliveries(store: Store, clock: Clock, options: DeliveryClaimOptions): Promise<DeliveryClaim> {
  return store.write(async (sql) => {
    const realNowMs = clock.now().getTime();
    const taken = new Map(options.inFlightPerWebhook);
    const atBound = [...taken].filter(([, count]) => count >= options.maxPerWebhook).map(([webhookID]) => webhookID);
    const candidates = await lockClaimableDeliveries(sql, store.dialect, {
      realNowMs,
      platformID: options.platformID,
      excludeWebhookIDs: atBound,
      limit: Math.min(MAX_CANDIDATES, options.limit * CANDIDATES_PER_SLOT),
    });
    const result: DeliveryClaim = { claimed: [], canceled: 0, failed: 0 };
    for (const candidate of candidates) {
      const deliverySeq = Number(candidate.delivery_seq);
      const attempts = Number(candidate.attempts);
      const giveUpAfterMs = Number(candidate.give_up_after_ms);
      const platformNow = new Date(realNowMs + Number(candidate.offset_ms));
      const updatedOn = platformNow.toISOString();
      if (attempts > 0 && platformNow.getTime() > giveUpAfterMs) {
        await markDeliveryClosed(sql, { deliverySeq, status: 'failed', reason: 'given up: no retry starts 24 h after the event', finishedOn: updatedOn });
        result.failed++;
        continue;
      }
      if (result.claimed.length >= options.limit) continue;
      const count = taken.get(candidate.webhook_id) ?? 0;
      if (count >= options.maxPerWebhook) continue;
      const row = await findDeliveryToSend(sql, deliverySeq);
      if (!row || row.webhook_status !== 'enabled') {
        await markDeliveryClosed(sql, { deliverySeq, status: 'canceled', reason: 'the webhook is disabled', finishedOn: updatedOn });
        result.canceled++;
        continue;
      }
      const claimToken = randomUUID();
      const claimedNow = await markDeliveryClaimed(sql, {
        deliverySeq,
        claimToken,
        workerID: options.workerID,
        leaseExpiresMs: realNowMs + options.leaseMs,
        updatedOn,
      });
      if (!claimedNow) continue;
      taken.set(candidate.webhook_id, count + 1);
      result.claimed.push({
        deliverySeq,
        webhookID: row.webhook_id,
        platformID: row.platform_id,
        eventID: row.event_id,
        attempts,
        giveUpAfterMs,
        claimToken,
        url: row.url,
        secretSealed: row.secret_sealed,
        body: deliveryBody({ eventID: row.event_id, type: row.event_type, data: row.data, createdOn: row.event_created_on }),
      });
    }
    return result;
  });
}
