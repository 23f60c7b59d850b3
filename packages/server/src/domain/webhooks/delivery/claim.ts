import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../kernel/clock.ts';
import type { Store } from '../../../store/port.ts';
import { WEBHOOK_GIVE_UP_AFTER_MS } from '../../../kernel/events.ts';
import {
  fanOutQueuedEvents,
  findDeliveriesToSend,
  lockClaimableDeliveries,
  lockRunFollowers,
  markDeliveriesClaimed,
  markDeliveryClosed,
  type DeliveryToSendRow,
} from '../../../store/repos/webhook-deliveries.ts';

/** A delivery held by one worker; `claimToken` proves the claim when its attempt is recorded. */
export interface ClaimedDelivery {
  deliverySeq: number;
  webhookID: string;
  /** The order key: a run sends deliveries with the same key one after the other; null: ordered with nothing. */
  resourceKey: string | null;
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

/**
 * What one claim hands a sender: one webhook's deliveries, in `delivery_seq`
 * order; those with the same resource key are sent one after the other in
 * this order, the others side by side. A retry is a run of one; a first
 * attempt brings later deliveries of the webhook that also wait for their
 * first attempt (decision 1500, "Runs" and "Order per resource"), all under
 * one claim token.
 */
export interface ClaimedRun {
  webhookID: string;
  platformID: string;
  claimToken: string;
  url: string;
  secretSealed: string;
  deliveries: ClaimedDelivery[];
}

export interface DeliveryClaimOptions {
  /** At most this many runs are claimed (the worker's free slots). */
  limit: number;
  /** At most this many deliveries in one run. */
  maxRunLength: number;
  leaseMs: number;
  workerID: string;
  platformID?: string | undefined;
  /** Sends this worker already has in flight, per webhook. */
  inFlightPerWebhook: ReadonlyMap<string, number>;
  maxPerWebhook: number;
  /** Queued events to turn into deliveries first (default FANOUT_BATCH). */
  fanoutLimit?: number;
}

export interface DeliveryClaim {
  claimed: ClaimedRun[];
  /** Deliveries ended without an attempt in this claim: a disabled webhook's (`canceled`), or retries past their give-up time (`failed`). */
  canceled: number;
  failed: number;
  /** Queued events this claim turned into deliveries (all platforms'): a full batch means more may wait. */
  fannedOut: number;
}

/** Candidates read per claim: enough that one busy webhook at its bound does not hide the others. */
const CANDIDATES_PER_SLOT = 4;
const MAX_CANDIDATES = 200;
/**
 * Queued events turned into deliveries per claim (decision 1500, "Fan-out
 * after commit"): a claim every poll (200 ms) or sooner keeps up with
 * thousands of events per second, and one transaction stays short.
 */
export const FANOUT_BATCH = 500;
/** The same while the API is saturated (decision 1500, "API first"): enough for the trickle, little writer time. */
export const SATURATED_FANOUT_BATCH = 50;

/**
 * The body Moov sends: `{"eventID","type","data","createdOn"}`. `data` is the
 * stored JSON text of the event, spliced in as it is.
 */
export function deliveryBody(event: { eventID: string; type: string; data: string; createdOn: string }): string {
  return `{"eventID":${JSON.stringify(event.eventID)},"type":${JSON.stringify(event.type)},"data":${event.data},"createdOn":${JSON.stringify(event.createdOn)}}`;
}

function claimedDelivery(row: DeliveryToSendRow, claimToken: string): ClaimedDelivery {
  return {
    deliverySeq: Number(row.delivery_seq),
    webhookID: row.webhook_id,
    resourceKey: row.resource_key,
    platformID: row.platform_id,
    eventID: row.event_id,
    attempts: Number(row.attempts),
    giveUpAfterMs: Number(row.give_up_after_ms),
    claimToken,
    url: row.url,
    secretSealed: row.secret_sealed,
    body: deliveryBody({ eventID: row.event_id, type: row.event_type, data: row.data, createdOn: row.event_created_on }),
  };
}

/**
 * Claims due deliveries in one write transaction, in `delivery_seq` order, with
 * a fresh claim token and a lease per run (decision 1500). A head that is a
 * first attempt takes along its webhook's following first attempts that are
 * claimable (due, not held by a live lease) and whose previous waiting
 * delivery of the same resource key is in the run (or that have none), so the
 * per-resource order of first attempts holds across claims and processes: the
 * head query never offers a delivery while an earlier one of its webhook and
 * key still waits for its first attempt, and a follower never jumps one that
 * is not in its run. A run of a webhook that is no longer enabled is canceled
 * instead; a retry whose give-up time has passed is failed instead (a delivery
 * always gets its first attempt). Before it looks, it turns up to FANOUT_BATCH
 * queued events into deliveries.
 */
export async function claimDueDeliveries(store: Store, clock: Clock, options: DeliveryClaimOptions): Promise<DeliveryClaim> {
  return store.write(async (sql) => {
    const realNowMs = clock.now().getTime();
    // Events committed since the last claim become deliveries first, in the same transaction, so they can be claimed now.
    const fannedOut = await fanOutQueuedEvents(sql, store.dialect, { limit: options.fanoutLimit ?? FANOUT_BATCH, giveUpAfterMs: WEBHOOK_GIVE_UP_AFTER_MS });
    const taken = new Map(options.inFlightPerWebhook);
    const atBound = [...taken].filter(([, count]) => count >= options.maxPerWebhook).map(([webhookID]) => webhookID);
    const candidates = await lockClaimableDeliveries(sql, store.dialect, {
      realNowMs,
      platformID: options.platformID,
      excludeWebhookIDs: atBound,
      limit: Math.min(MAX_CANDIDATES, options.limit * CANDIDATES_PER_SLOT),
    });
    const result: DeliveryClaim = { claimed: [], canceled: 0, failed: 0, fannedOut };
    // A head's followers are in its run; they never head another run in this claim.
    const inRuns = new Set<number>();
    for (const candidate of candidates) {
      const deliverySeq = Number(candidate.delivery_seq);
      if (inRuns.has(deliverySeq)) continue;
      const attempts = Number(candidate.attempts);
      const offsetMs = Number(candidate.offset_ms);
      const platformNow = new Date(realNowMs + offsetMs);
      const updatedOn = platformNow.toISOString();
      if (attempts > 0 && platformNow.getTime() > Number(candidate.give_up_after_ms)) {
        await markDeliveryClosed(sql, { deliverySeq, status: 'failed', reason: 'given up: no retry starts 24 h after the event', finishedOn: updatedOn });
        result.failed++;
        continue;
      }
      if (result.claimed.length >= options.limit) continue;
      const count = taken.get(candidate.webhook_id) ?? 0;
      if (count >= options.maxPerWebhook) continue;

      const seqs = [deliverySeq];
      if (attempts === 0 && options.maxRunLength > 1) {
        const followers = await lockRunFollowers(sql, store.dialect, {
          webhookID: candidate.webhook_id,
          afterSeq: deliverySeq,
          limit: options.maxRunLength - 1,
        });
        const inRun = new Set(seqs);
        for (const follower of followers) {
          const followerSeq = Number(follower.delivery_seq);
          if (inRuns.has(followerSeq)) continue;
          const due = follower.status === 'pending'
            ? Number(follower.next_attempt_ms) <= platformNow.getTime()
            : Number(follower.lease_expires_ms) <= realNowMs;
          // Its resource's previous waiting delivery is elsewhere (not due, another claim's, past this window): it waits.
          const after = follower.previous_seq === null ? undefined : Number(follower.previous_seq);
          if (!due || (after !== undefined && !inRun.has(after))) continue;
          inRun.add(followerSeq);
          seqs.push(followerSeq);
        }
      }
      for (const seq of seqs) inRuns.add(seq);

      const rows = await findDeliveriesToSend(sql, seqs);
      if (rows.length === 0 || rows[0]!.webhook_status !== 'enabled') {
        for (const seq of seqs) {
          await markDeliveryClosed(sql, { deliverySeq: seq, status: 'canceled', reason: 'the webhook is disabled', finishedOn: updatedOn });
        }
        result.canceled += seqs.length;
        continue;
      }
      const claimToken = randomUUID();
      const claimedNow = await markDeliveriesClaimed(sql, {
        deliverySeqs: seqs,
        claimToken,
        workerID: options.workerID,
        leaseExpiresMs: realNowMs + options.leaseMs,
        updatedOn,
      });
      // Each row was locked (or read under SQLite's single writer) in this transaction.
      if (claimedNow !== seqs.length) throw new Error(`claimed ${claimedNow} of a run of ${seqs.length}: the rows moved under the claim`);
      taken.set(candidate.webhook_id, count + 1);
      const head = rows[0]!;
      result.claimed.push({
        webhookID: head.webhook_id,
        platformID: head.platform_id,
        claimToken,
        url: head.url,
        secretSealed: head.secret_sealed,
        deliveries: rows.map((row) => claimedDelivery(row, claimToken)),
      });
    }
    return result;
  });
}
