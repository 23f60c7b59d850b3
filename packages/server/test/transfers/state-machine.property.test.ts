import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DomainError } from '../../src/kernel/errors.ts';
import { FAST_PACING, type RailPacing } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { isAllowedLegChange, isAllowedStatusChange, LEG_MACHINES, TRANSFER_EDGES } from '../../src/domain/transfers/state-machine.ts';
import type { RailName } from '../../src/domain/transfers/model.ts';
import type { TransferStatusValue } from '@railyard/contract';
import { storeKinds, type StoreKind } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, type WalletParty } from './helpers.ts';
import { bankMethod, bankParty, cardMethod, moneyWallet, type SourceMethod } from '../support/parties.ts';

/**
 * Random sequences of transfers on every rail (wallet, ACH debit / credit /
 * same-day / bank → bank, card payment, pull from card, push to card, RTP and
 * instant bank credit), with the sandbox trigger amounts of docs/sandbox.md
 * (ACH returns $55.01–$55.07, RTP refusals $77.01–$77.11), declining cards,
 * wallets short of money, delayed wallet and RTP answers, random advances of
 * the platform clock (each running the jobs that fell due) and random
 * cancellations, refunds and reversals of card payments (docs/refunds.md: in
 * full, in part, beyond what is refundable, of transfers that cannot be
 * refunded). Every top-level status and leg sub-status a transfer takes,
 * read back from the `transfer.updated` events in write order, must be an edge
 * of the state machine (state-machine.ts), the stored row must end where its
 * events say, no request may fail with anything but a refusal (4xx), no job may
 * fail, and the ledger must stay balanced. Every refund must end `completed`
 * or `failed` through `pending`, and each transfer's refunded amount must be
 * what its refunds that did not fail took, never more than the payment.
 */

const RUNS: Record<StoreKind, number> = { sqlite: 40, postgres: 20 };
const MAX_STEPS = 14;
/** Longer than any step of any flow here (fast pacing: a bank → bank transfer with a late return ends ~10 s after creation). */
const DRAIN_SECONDS = 20;

type Flow =
  | 'wallet'
  | 'ach-debit'
  | 'ach-credit'
  | 'ach-credit-same-day'
  | 'ach-bank-to-bank'
  | 'card-payment'
  | 'pull-from-card'
  | 'push-to-card'
  | 'rtp-credit'
  | 'instant-bank-credit';

type Step =
  | { op: 'create'; flow: Flow; amount: number; variant: number; holdPeriod: 'no-hold' | '1-day' | '2-days'; funded: boolean; delayed: boolean; waitFor: boolean }
  | { op: 'advance'; seconds: number }
  /** Cancels one of the run's transfers: `back` 0 is the latest, 1 the one before… (the latest are the ones still in their window). */
  | { op: 'cancel'; back: number }
  /**
   * Refunds (or reverses) one of the run's card payments (`back` as for cancel), or with `anyTransfer`
   * one of its transfers of any rail: everything left, a third of the payment, or one cent more than it.
   */
  | { op: 'refund'; back: number; share: 'rest' | 'third' | 'over'; reversal: boolean; anyTransfer: boolean };

const ACH_RETURNS = [5501, 5502, 5503, 5504, 5505, 5506, 5507];
const RTP_ANSWERS = [7701, 7702, 7703, 7704, 7705, 7706, 7707, 7708, 7709, 7710, 7711];
const ORDINARY = [150, 2_500, 40_000];

const AMOUNTS: Record<Flow, readonly number[]> = {
  wallet: ORDINARY,
  'ach-debit': [...ORDINARY, ...ACH_RETURNS],
  'ach-credit': [...ORDINARY, ...ACH_RETURNS],
  'ach-credit-same-day': [...ORDINARY, ...ACH_RETURNS],
  'ach-bank-to-bank': [...ORDINARY, ...ACH_RETURNS],
  'card-payment': ORDINARY,
  'pull-from-card': ORDINARY,
  'push-to-card': ORDINARY,
  'rtp-credit': [...ORDINARY, ...RTP_ANSWERS],
  'instant-bank-credit': [...ORDINARY, ...RTP_ANSWERS],
};

const createStep: fc.Arbitrary<Step> = fc
  .constantFrom(...(Object.keys(AMOUNTS) as Flow[]))
  .chain((flow) =>
    fc.record({
      op: fc.constant('create' as const),
      flow: fc.constant(flow),
      amount: fc.constantFrom(...AMOUNTS[flow]),
      variant: fc.nat({ max: 2 }),
      holdPeriod: fc.constantFrom('no-hold' as const, '1-day' as const, '2-days' as const),
      // A wallet source with the money, or one without (the transfer fails with wallet-insufficient-funds).
      funded: fc.boolean(),
      // Wallet and RTP answers deferred to a job 2 s later instead of in the creating unit of work.
      delayed: fc.boolean(),
      waitFor: fc.boolean(),
    }),
  );

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: createStep, weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 4 }) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('cancel' as const), back: fc.nat({ max: 3 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      back: fc.nat({ max: 3 }),
      share: fc.constantFrom('rest' as const, 'third' as const, 'over' as const),
      reversal: fc.boolean(),
      anyTransfer: fc.boolean(),
    }),
    weight: 2,
  },
);

const create = (flow: Flow, amount: number, more: Partial<Extract<Step, { op: 'create' }>> = {}): Step => ({
  op: 'create',
  flow,
  amount,
  variant: 0,
  holdPeriod: '1-day',
  funded: true,
  delayed: false,
  waitFor: true,
  ...more,
});
const cancelLatest: Step = { op: 'cancel', back: 0 };

/**
 * Run first, before the random ones: one sequence that takes every edge the
 * rails can reach, so the coverage check after the runs is deterministic.
 */
const EVERY_EDGE: Step[] = [
  create('wallet', 150), // created → completed
  create('wallet', 2_500, { funded: false }), // created → failed
  create('wallet', 150, { delayed: true }), // created → pending → completed (job)
  create('ach-credit', 5503), // credit completed → returned, completed → reversed
  create('ach-credit', 5501), // credit originated → returned, pending → failed
  create('ach-debit', 5501), // debit originated → returned
  create('ach-bank-to-bank', 5505, { holdPeriod: 'no-hold' }), // debit completed → returned, after the credit completed
  create('ach-debit', 2_500),
  cancelLatest, // ACH debit initiated → canceled
  create('ach-credit-same-day', 2_500),
  cancelLatest, // ACH credit initiated → canceled
  create('card-payment', 2_500),
  cancelLatest, // card confirmed → canceled
  create('card-payment', 2_500, { variant: 1 }), // declined: initiated → failed
  create('pull-from-card', 2_500), // confirmed → settled → completed
  create('push-to-card', 2_500),
  cancelLatest, // push initiated → canceled
  create('push-to-card', 2_500, { variant: 1 }), // push declined
  create('push-to-card', 2_500, { variant: 2 }), // push completed
  create('rtp-credit', 7711), // accepted-without-posting
  create('rtp-credit', 7701), // refused
  create('instant-bank-credit', 2_500, { delayed: true, waitFor: false }), // answered by the job
  { op: 'advance', seconds: 3 },
  // The pull from card completed: refunded in part, beyond what is left (422), reversed for the rest, then nothing is left.
  { op: 'refund', back: 0, share: 'third', reversal: false, anyTransfer: false },
  { op: 'refund', back: 0, share: 'over', reversal: true, anyTransfer: false },
  { op: 'refund', back: 0, share: 'rest', reversal: true, anyTransfer: false },
  { op: 'refund', back: 0, share: 'rest', reversal: false, anyTransfer: false },
  // The latest transfer is an RTP credit: not a card payment (400).
  { op: 'refund', back: 0, share: 'third', reversal: false, anyTransfer: true },
];

/**
 * Edges of the tables no sandbox input reaches today: a clearing return of a
 * bank → bank credit (`pending → reversed`; R01/R02 hit the debit of a
 * transfer that has one), and a queued transfer (Railyard creates none).
 */
const UNREACHED = new Set(['pending → reversed', 'queued → canceled']);

interface Seen {
  rail: RailName;
  status: string;
  legs: Partial<Record<'source' | 'destination', string>>;
}

for (const kind of await storeKinds()) {
  describe(`transfer state machine under random rail events (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));
    let platformID: string;
    let payer: WalletParty;
    let broke: WalletParty;
    let merchant: WalletParty;
    const cards: Record<'card-payment' | 'pull-from-card' | 'push-to-card', SourceMethod[]> = { 'card-payment': [], 'pull-from-card': [], 'push-to-card': [] };
    const services = new Map<boolean, TransferService>();

    before(async () => {
      platformID = s.platform.accountID;
      payer = await moneyWallet(s, 1_000_000_000);
      merchant = await moneyWallet(s);
      broke = await moneyWallet(s, 100);
      // Variants: one that goes through, one the issuer declines (docs/sandbox.md "Card failures"), one more of either.
      cards['card-payment'] = [
        await cardMethod(s, 'card-payment'),
        await cardMethod(s, 'card-payment', { cardNumber: '4000020000000000' }),
        await cardMethod(s, 'card-payment', { cardCvv: '222' }),
      ];
      cards['pull-from-card'] = [
        await cardMethod(s, 'pull-from-card', { cardNumber: '4111100010002000' }),
        await cardMethod(s, 'pull-from-card', { cardNumber: '4111100010002018' }),
        await cardMethod(s, 'pull-from-card', { cardNumber: '5555000010002002' }),
      ];
      cards['push-to-card'] = [
        await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' }),
        await cardMethod(s, 'push-to-card', { cardNumber: '5555000010002010' }),
        await cardMethod(s, 'push-to-card', { cardNumber: '4111100010003008' }),
      ];
      for (const delayed of [false, true]) {
        const pacing: RailPacing = delayed ? { ...FAST_PACING, walletCompleteAfterSeconds: 2, rtp: { completeAfterSeconds: 2 } } : FAST_PACING;
        services.set(delayed, new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing, railWaitMs: 30 }));
      }
    });

    /** What every transfer has been through so far, from its events, and the last event read. */
    const seen = new Map<string, Seen>();
    let lastSeq = 0;
    /** Every edge taken, `rail: from → to` (status) or `rail side: from → to` (leg), with how often. */
    const taken = new Map<string, number>();
    const take = (edge: string) => taken.set(edge, (taken.get(edge) ?? 0) + 1);

    /** Reads the events written since the last call and checks each status and leg change against the tables. */
    async function checkNewEvents(): Promise<void> {
      const rows = await s.testStore.store.read((sql) =>
        sql.all<{ event_seq: number | string; event_type: string; data: string }>(
          "SELECT event_seq, event_type, data FROM events WHERE platform_id = ? AND event_seq > ? AND event_type IN ('transfer.created', 'transfer.updated') ORDER BY event_seq",
          [platformID, lastSeq],
        ),
      );
      for (const row of rows) {
        lastSeq = Number(row.event_seq);
        const data = JSON.parse(row.data) as { transferID: string; status: string };
        if (row.event_type === 'transfer.created') {
          assert.equal(data.status, 'created');
          const stored = await s.testStore.store.read((sql) => sql.get<{ rail: RailName }>('SELECT rail FROM transfers WHERE platform_id = ? AND transfer_id = ?', [platformID, data.transferID]));
          assert.ok(stored, `transfer ${data.transferID} of a transfer.created event is missing`);
          seen.set(data.transferID, { rail: stored.rail, status: 'created', legs: {} });
          continue;
        }
        const transfer = seen.get(data.transferID);
        assert.ok(transfer, `transfer.updated before transfer.created for ${data.transferID}`);
        const dot = data.status.indexOf('.');
        if (dot < 0) {
          const edge = `${transfer.rail}: ${transfer.status} → ${data.status}`;
          assert.ok(isAllowedStatusChange(transfer.status as TransferStatusValue, data.status as TransferStatusValue), `illegal status change stored: ${edge} (${data.transferID})`);
          take(edge);
          transfer.status = data.status;
          // The SDK has no `destination.canceled` status (docs/api-behaviour.md §6.3): a canceled destination
          // leg is announced only by the top-level `canceled`, so its leg change is read from the row.
          if (data.status === 'canceled') await destinationCanceled(data.transferID, transfer);
          continue;
        }
        const side = data.status.slice(0, dot) as 'source' | 'destination';
        const to = data.status.slice(dot + 1);
        const from = transfer.legs[side];
        const edge = `${transfer.rail} ${side}: ${from ?? '(none)'} → ${to}`;
        const machine = LEG_MACHINES[transfer.rail]?.[side];
        assert.ok(machine, `a leg event on a side the ${transfer.rail} rail has no leg on: ${edge}`);
        assert.ok(from !== to && isAllowedLegChange(machine, from, to), `illegal leg change stored: ${edge} (${data.transferID})`);
        take(edge);
        transfer.legs[side] = to;
      }
    }

    /** Takes the edge of a destination leg a cancellation moved to `canceled` (no event carries it). */
    async function destinationCanceled(transferID: string, transfer: Seen): Promise<void> {
      const row = await s.testStore.store.read((sql) =>
        sql.get<{ destination_details: string | null }>('SELECT destination_details FROM transfers WHERE platform_id = ? AND transfer_id = ?', [platformID, transferID]),
      );
      const statuses = Object.values(JSON.parse(row?.destination_details ?? '{}') as Record<string, { status?: string }>).map((d) => d.status);
      if (!statuses.includes('canceled') || transfer.legs.destination === 'canceled') return;
      const from = transfer.legs.destination;
      const edge = `${transfer.rail} destination: ${from ?? '(none)'} → canceled`;
      const machine = LEG_MACHINES[transfer.rail]?.destination;
      assert.ok(machine && isAllowedLegChange(machine, from, 'canceled'), `illegal leg change stored: ${edge} (${transferID})`);
      take(edge);
      transfer.legs.destination = 'canceled';
    }

    /** Each transfer's row says what its events say: the same status and the same leg sub-statuses. */
    async function checkRows(transferIDs: readonly string[]): Promise<void> {
      for (const transferID of transferIDs) {
        const row = await s.testStore.store.read((sql) =>
          sql.get<{ status: string; source_details: string | null; destination_details: string | null }>(
            'SELECT status, source_details, destination_details FROM transfers WHERE platform_id = ? AND transfer_id = ?',
            [platformID, transferID],
          ),
        );
        const transfer = seen.get(transferID);
        assert.ok(row && transfer, `transfer ${transferID}`);
        assert.equal(row.status, transfer.status, `transfer ${transferID}: row status against its events`);
        for (const side of ['source', 'destination'] as const) {
          const details = JSON.parse(row[`${side}_details`] ?? '{}') as Record<string, { status?: string }>;
          const statuses = Object.values(details).map((d) => d.status);
          assert.deepEqual(statuses, transfer.legs[side] === undefined ? [] : [transfer.legs[side]], `transfer ${transferID}: ${side} details against its events`);
        }
      }
    }

    /**
     * Refunds or reverses a transfer as the step says and checks the answer: 200 with a refund (or, for a
     * reversal, a cancellation), 400 for a transfer that cannot be refunded, 422 for an amount beyond what is left.
     */
    async function refundOrReverse(transferID: string, step: Extract<Step, { op: 'refund' }>, amounts: ReadonlyMap<string, number>): Promise<number> {
      const paid = amounts.get(transferID)!;
      const amount = step.share === 'rest' ? undefined : step.share === 'third' ? Math.max(1, Math.floor(paid / 3)) : paid + 1;
      const answer = await s.request('POST', `/accounts/${platformID}/transfers/${transferID}/${step.reversal ? 'reversals' : 'refunds'}`, {
        headers: { 'x-moov-version': 'v2026.01.00', 'x-idempotency-key': randomUUID(), 'x-wait-for': 'rail-response' },
        ...(amount === undefined ? {} : { body: { amount } }),
      });
      assert.ok([200, 400, 422].includes(answer.status), `${step.reversal ? 'reversal' : 'refund'} answered ${answer.status}: ${answer.text}`);
      if (answer.status === 422) assert.ok(answer.json.amount, answer.text);
      if (answer.status === 200) {
        const refund = step.reversal ? answer.json.refund : answer.json;
        if (step.reversal && !refund) assert.equal(answer.json.cancellation.status, 'completed');
        else assert.ok(['pending', 'failed'].includes(refund.status), answer.text);
      }
      if (step.share === 'over') assert.notEqual(answer.status, 200, `refunded beyond the payment: ${answer.text}`);
      return answer.status;
    }

    /** Every refund ended completed or failed through the refund lifecycle; refunded amounts add up and stay within the payment. */
    async function checkRefunds(transferIDs: readonly string[]): Promise<void> {
      for (const transferID of transferIDs) {
        const { transfer, refunds } = await s.testStore.store.read(async (sql) => ({
          transfer: await sql.get<{ amount: number | string; refunded_amount: number | string }>('SELECT amount, refunded_amount FROM transfers WHERE platform_id = ? AND transfer_id = ?', [platformID, transferID]),
          refunds: await sql.all<{ refund_id: string; status: string; amount: number | string }>('SELECT refund_id, status, amount FROM refunds WHERE platform_id = ? AND transfer_id = ?', [platformID, transferID]),
        }));
        assert.ok(transfer);
        const kept = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amount), 0);
        assert.equal(Number(transfer.refunded_amount), kept, `transfer ${transferID}: refundedAmount against its refunds`);
        assert.ok(kept <= Number(transfer.amount), `transfer ${transferID}: refunded ${kept} of ${transfer.amount}`);
        for (const refund of refunds) {
          const updates = await s.testStore.store.read((sql) =>
            sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'refund.updated' ORDER BY event_seq", [platformID]),
          );
          const statuses = updates.map((row) => JSON.parse(row.data) as { refundID: string; status: string }).filter((e) => e.refundID === refund.refund_id).map((e) => e.status);
          assert.ok(['pending,completed', 'pending,failed', 'failed'].includes(statuses.join(',')), `refund ${refund.refund_id} went ${statuses.join(' → ')}`);
          assert.equal(refund.status, statuses.at(-1));
        }
      }
    }

    async function advance(seconds: number): Promise<void> {
      await s.services.platformClock.advance(platformID, { seconds });
      const summary = await s.services.jobs.runDueJobs({ platformID });
      assert.equal(summary.failed + summary.retried, 0, `jobs failed: ${JSON.stringify(summary)}`);
    }

    /** The request body of a step, making the parties it needs (fresh bank accounts: returns and RTP refusals disable theirs). */
    async function requestOf(step: Extract<Step, { op: 'create' }>): Promise<Record<string, unknown>> {
      const amount = { currency: 'USD', value: step.amount };
      const to = (paymentMethodID: string, extra: Record<string, unknown> = {}) => ({ paymentMethodID, ...extra });
      const debitOptions = { achDetails: { debitHoldPeriod: step.holdPeriod } };
      const walletCents = step.funded ? step.amount + 1_000 : Math.floor(step.amount / 2);
      switch (step.flow) {
        case 'wallet':
          return { source: to((step.funded ? payer : broke).paymentMethodID), destination: to(merchant.paymentMethodID), amount };
        case 'ach-debit': {
          const owner = await bankParty(s, { verified: true });
          return { source: to(owner.methods['ach-debit-fund']!, debitOptions), destination: to(owner.paymentMethodID), amount };
        }
        case 'ach-credit':
        case 'ach-credit-same-day': {
          const from = await bankParty(s, { verified: false, walletCents });
          const payee = await bankParty(s, { verified: false });
          return { source: to(from.paymentMethodID), destination: to(payee.methods[step.flow === 'ach-credit' ? 'ach-credit-standard' : 'ach-credit-same-day']!), amount };
        }
        case 'ach-bank-to-bank': {
          const customer = await bankParty(s, { verified: true });
          const payee = await bankParty(s, { verified: false });
          const credit = step.variant === 0 ? 'ach-credit-same-day' : 'ach-credit-standard';
          return { source: to(customer.methods['ach-debit-fund']!, debitOptions), destination: to(payee.methods[credit]!), amount };
        }
        case 'card-payment':
        case 'pull-from-card':
          return { source: to(cards[step.flow][step.variant]!.paymentMethodID), destination: to(merchant.paymentMethodID), amount };
        case 'push-to-card':
          return { source: to((step.funded ? payer : broke).paymentMethodID), destination: to(cards['push-to-card'][step.variant]!.paymentMethodID), amount };
        case 'rtp-credit':
        case 'instant-bank-credit': {
          const bank = await bankMethod(s, step.flow);
          return { source: to((step.funded ? payer : broke).paymentMethodID), destination: to(bank.paymentMethodID), amount };
        }
      }
    }

    it(`stores only transitions of the state machine through ${RUNS[kind]} random sequences of up to ${MAX_STEPS} steps`, async (t) => {
      const outcomes = new Map<string, number>();
      const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: MAX_STEPS }), async (steps) => {
          const created: string[] = [];
          const amounts = new Map<string, number>();
          const cardPayments: string[] = [];
          const caller = { platformID, publicKey: s.platform.publicKey };
          for (const step of steps) {
            if (step.op === 'create') {
              const body = await requestOf(step);
              try {
                const outcome = await services.get(step.delayed)!.create(caller, { accountID: platformID, idempotencyKey: randomUUID(), waitForRail: step.waitFor, body });
                created.push(outcome.body.transferID);
                amounts.set(outcome.body.transferID, step.amount);
                if (step.flow === 'card-payment' || step.flow === 'pull-from-card') cardPayments.push(outcome.body.transferID);
                count(`create ${step.flow}: ${outcome.kind}`);
              } catch (error) {
                // A refusal (a 4xx: an exhausted limit, a bank account a return disabled…) writes nothing; anything else is a bug.
                if (!(error instanceof DomainError)) throw error;
                count(`create ${step.flow}: refused ${error.constructor.name}`);
              }
            } else if (step.op === 'advance') {
              await advance(step.seconds);
            } else if (step.op === 'refund') {
              const among = step.anyTransfer ? created : cardPayments;
              if (among.length > 0) count(`${step.reversal ? 'reverse' : 'refund'} ${step.share}: ${await refundOrReverse(among[among.length - 1 - (step.back % among.length)]!, step, amounts)}`);
            } else if (created.length > 0) {
              const transferID = created[created.length - 1 - (step.back % created.length)]!;
              const answer = await s.request('POST', `/accounts/${platformID}/transfers/${transferID}/cancellations`, { headers: { 'x-moov-version': 'v2026.01.00' } });
              assert.ok(answer.status === 200 || answer.status === 400, `cancel answered ${answer.status}: ${answer.text}`);
              count(`cancel: ${answer.status}`);
              if (answer.status === 200) assert.equal(answer.json.status, 'completed');
            }
            await checkNewEvents();
          }
          // Let every transfer run its course (returns after completion included), then check once more.
          await advance(DRAIN_SECONDS);
          await checkNewEvents();
          await checkRows(created);
          for (const transferID of created) {
            const status = seen.get(transferID)!.status;
            assert.ok(status !== 'created' && status !== 'pending', `transfer ${transferID} still ${status} after the drain`);
          }
          await checkRefunds(created);
          await assertLedgerOk(s);
        }),
        { numRuns: RUNS[kind], endOnFailure: true, examples: [[EVERY_EDGE]] },
      );
      t.diagnostic(`edges taken: ${[...taken].sort().map(([edge, n]) => `${edge} ×${n}`).join('; ')}`);
      t.diagnostic(`outcomes: ${[...outcomes].sort().map(([what, n]) => `${what} ×${n}`).join('; ')}`);
      // Every edge of the tables was taken (EVERY_EDGE sees to it), except those no sandbox input reaches: no dead edges.
      const statusTaken = new Set([...taken.keys()].filter((edge) => !/ (source|destination):/.test(edge)).map((edge) => edge.slice(edge.indexOf(': ') + 2)));
      const statusTable = Object.entries(TRANSFER_EDGES).flatMap(([from, targets]) => targets.map((to) => `${from} → ${to}`));
      assert.deepEqual(statusTable.filter((edge) => !statusTaken.has(edge)).sort(), [...UNREACHED].sort());
      const legTable = Object.entries(LEG_MACHINES).flatMap(([rail, sides]) =>
        Object.entries(sides ?? {}).flatMap(([side, machine]) => [
          ...machine.first.map((to) => `${rail} ${side}: (none) → ${to}`),
          ...Object.entries(machine.edges).flatMap(([from, targets]) => targets.map((to) => `${rail} ${side}: ${from} → ${to}`)),
        ]),
      );
      assert.deepEqual(legTable.filter((edge) => !taken.has(edge)), []);
    });
  });
}
