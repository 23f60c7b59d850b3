import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { storeKinds, storePerSuite, type TestStore } from '../support/stores.ts';
import { createPlatform, openAccount, outsideWorld, steppingClock } from './fixtures.ts';
import type { Sql } from '../../src/store/port.ts';
import {
  holdFunds,
  LedgerError,
  moveFunds,
  releaseHold,
  reverseEntry,
  settleHold,
  verifyLedger,
  SETTLEMENT_KINDS,
  type Bucket,
  type PostResult,
  type SettlementKind,
} from '../../src/ledger/index.ts';

/**
 * Random sequences of ledger operations, some of which must be refused, run
 * against the real ledger and a plain in-memory model of it. After every step
 * the outcome (posted, or refused with which code) and every balance must match
 * the model, and verifyLedger must find nothing wrong. Among them, what money
 * coming back after the fact posts (decision 1600): refunds, disputes,
 * adjustments and fees settled from a wallet whatever its balance, and ACH
 * returns reversing a funding the wallet may have spent; a wallet they take
 * below zero must refuse every customer debit until funding covers it.
 */

const RUNS = 12;
const MAX_STEPS = 20;
const MAX_WALLETS = 4;

type Op =
  | { op: 'open' }
  | { op: 'fund'; wallet: number; amount: number }
  | { op: 'move'; from: number; to: number; amount: number }
  | { op: 'hold'; wallet: number; amount: number }
  | { op: 'release'; hold: number; amount: number }
  | { op: 'over-release'; hold: number; extra: number }
  | { op: 'settle'; hold: number; to: number; amount: number }
  | { op: 'reverse'; entry: number }
  /** A platform settlement out of a wallet (a refund, dispute, adjustment, fee…): may overdraw it. */
  | { op: 'settlement'; wallet: number; amount: number; kind: SettlementKind }
  /** An ACH return: the reversal of an earlier entry as an `ach-return` settlement (may overdraw). */
  | { op: 'return'; entry: number }
  | { op: 'bad-amount'; wallet: number; amount: number };

const amount = fc.integer({ min: 1, max: 2_000 });
const index = fc.nat({ max: 20 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ op: 'open' as const }),
  fc.record({ op: fc.constant('fund' as const), wallet: index, amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ op: fc.constant('move' as const), from: index, to: index, amount }),
  { arbitrary: fc.record({ op: fc.constant('hold' as const), wallet: index, amount }), weight: 3 },
  fc.record({ op: fc.constant('release' as const), hold: index, amount }),
  // Takes more than the hold has left: refused, by the wallet's pending floor or by the per-reference check.
  { arbitrary: fc.record({ op: fc.constant('over-release' as const), hold: index, extra: fc.integer({ min: 1, max: 50 }) }), weight: 2 },
  fc.record({ op: fc.constant('settle' as const), hold: index, to: index, amount }),
  fc.record({ op: fc.constant('reverse' as const), entry: index }),
  {
    arbitrary: fc.record({
      op: fc.constant('settlement' as const),
      wallet: index,
      amount: fc.integer({ min: 1, max: 8_000 }),
      kind: fc.constantFrom(...SETTLEMENT_KINDS),
    }),
    weight: 2,
  },
  fc.record({ op: fc.constant('return' as const), entry: index }),
  fc.record({
    op: fc.constant('bad-amount' as const),
    wallet: index,
    amount: fc.oneof(fc.constant(0), fc.constant(-5), fc.constant(2 ** 53), fc.double({ min: 0.1, max: 99.9, noInteger: true })),
  }),
);

/** Always run first: a sequence that reaches every outcome, so the coverage check below cannot flake. */
const EVERY_OUTCOME: Op[] = [
  { op: 'hold', wallet: 0, amount: 1_000 },
  { op: 'hold', wallet: 0, amount: 1_000 },
  { op: 'over-release', hold: 0, extra: 10 },
  { op: 'hold', wallet: 1, amount: 6_000 },
  { op: 'bad-amount', wallet: 1, amount: 0.5 },
  { op: 'settle', hold: 1, to: 1, amount: 500 },
  { op: 'reverse', entry: 2 },
  { op: 'reverse', entry: 2 },
  { op: 'move', from: 0, to: 0, amount: 1 },
  { op: 'release', hold: 1, amount: 501 },
  { op: 'open' },
  { op: 'move', from: 0, to: 2, amount: 2_000 },
  // Wallet 0 has 2,000 left: a refund of 4,000 overdraws it; a customer debit of 1 is then refused; funding covers it.
  { op: 'settlement', wallet: 0, amount: 4_000, kind: 'refund' },
  { op: 'move', from: 0, to: 1, amount: 1 },
  { op: 'hold', wallet: 0, amount: 1 },
  { op: 'fund', wallet: 0, amount: 1_500 },
  { op: 'move', from: 0, to: 1, amount: 1 },
  { op: 'fund', wallet: 0, amount: 1_000 },
  { op: 'move', from: 0, to: 1, amount: 400 },
  // Wallet 1's first funding (5,000) returned after most of it moved on: an ACH return overdraws it.
  { op: 'move', from: 1, to: 2, amount: 4_000 },
  { op: 'return', entry: 1 },
  { op: 'settlement', wallet: 1, amount: 25, kind: 'fee' },
];

interface ModelPosting {
  account: string;
  bucket: Bucket;
  amount: number;
}
interface ModelEntry {
  entryID: string;
  reference: string;
  postings: ModelPosting[];
  isReversal: boolean;
  reversed: boolean;
}

/** The ledger as a child would keep it: balances in a map, holds per (account, reference). */
class Model {
  readonly balances = new Map<string, { available: number; pending: number }>();
  readonly nonNegative = new Set<string>();
  readonly held = new Map<string, number>();
  readonly entries: ModelEntry[] = [];

  open(id: string, nonNegative: boolean): void {
    this.balances.set(id, { available: 0, pending: 0 });
    if (nonNegative) this.nonNegative.add(id);
  }

  /**
   * Answers the refusal code the real ledger must give, or undefined if the
   * entry posts. A wallet's debit may not leave it below zero, unless the entry
   * is a platform settlement and the debit is of the available bucket; a
   * credit lands whatever the balance (it covers a negative wallet).
   */
  outcome(postings: ModelPosting[], reference: string, settlement?: SettlementKind): string | undefined {
    for (const p of postings) {
      const after = this.balances.get(p.account)![p.bucket] + p.amount;
      const mayOverdraw = settlement !== undefined && p.bucket === 'available';
      if (this.nonNegative.has(p.account) && p.amount < 0 && after < 0 && !mayOverdraw) return 'insufficient-funds';
    }
    for (const p of postings) {
      if (p.bucket === 'pending' && p.amount < 0 && (this.held.get(`${p.account}/${reference}`) ?? 0) + p.amount < 0) return 'hold-exceeded';
    }
    return undefined;
  }

  /** Whether posting these would leave one of the never-negative accounts (a wallet) below zero. */
  overdraws(postings: ModelPosting[]): boolean {
    return postings.some((p) => this.nonNegative.has(p.account) && p.amount < 0 && this.balances.get(p.account)![p.bucket] + p.amount < 0);
  }

  apply(entryID: string, postings: ModelPosting[], reference: string, isReversal: boolean): void {
    for (const p of postings) {
      this.balances.get(p.account)![p.bucket] += p.amount;
      if (p.bucket === 'pending') this.held.set(`${p.account}/${reference}`, (this.held.get(`${p.account}/${reference}`) ?? 0) + p.amount);
    }
    this.entries.push({ entryID, reference, postings, isReversal, reversed: false });
  }
}

function pick<T>(list: readonly T[], i: number): T | undefined {
  return list.length === 0 ? undefined : list[i % list.length];
}

for (const kind of await storeKinds()) {
  describe(`ledger properties (${kind})`, () => {
    const t = storePerSuite(kind);
    const clock = steppingClock();

    const outcomes = new Map<string, number>();
    it(`keeps every invariant through ${RUNS} random sequences of up to ${MAX_STEPS} operations`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: MAX_STEPS, size: 'max' }), async (ops) => {
          const platformID = await createPlatform(t.store, clock);
          const world = await outsideWorld(t.store, clock, platformID);
          const model = new Model();
          model.open(world.ledgerAccountID, false);
          const wallets: string[] = [];
          // Two wallets to start with, so most operations have something to act on.
          for (let i = 0; i < 2; i++) {
            const wallet = await openAccount(t.store, clock, platformID, 'wallet');
            wallets.push(wallet.ledgerAccountID);
            model.open(wallet.ledgerAccountID, true);
          }
          const holds: Array<{ account: string; reference: string }> = [];
          const ref = (referenceID: string) => ({ platformID, referenceType: 'transfer', referenceID, description: 'property' });

          // Runs one ledger call; checks it posted or was refused exactly as the model says.
          const step = async (
            expectedPostings: ModelPosting[],
            reference: string,
            call: (sql: Sql) => Promise<PostResult>,
            expectRefusal?: string,
            isReversal = false,
            settlement?: SettlementKind,
          ): Promise<boolean> => {
            const expected = expectRefusal ?? model.outcome(expectedPostings, reference, settlement);
            const outcome = expected ?? (model.overdraws(expectedPostings) ? 'posted, overdrawing a wallet' : 'posted');
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            try {
              const { entry } = await t.store.write(call);
              assert.equal(expected, undefined, `posted, but the model expected ${expected}`);
              model.apply(entry.entryID, expectedPostings, reference, isReversal);
              return true;
            } catch (error) {
              if (!(error instanceof LedgerError)) throw error;
              assert.equal(error.code, expected, error.message);
              return false;
            }
          };

          // Fund them, so holds mostly succeed and several can pile up on one wallet.
          for (const wallet of wallets) {
            const reference = randomUUID();
            await step(
              [{ account: world.ledgerAccountID, bucket: 'available', amount: -5_000 }, { account: wallet, bucket: 'available', amount: 5_000 }],
              reference,
              (sql) => moveFunds(sql, { ...ref(reference), fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet, amount: 5_000, currency: 'USD' }, clock),
            );
          }

          for (const op of ops) {
            switch (op.op) {
              case 'open': {
                if (wallets.length >= MAX_WALLETS) break;
                const wallet = await openAccount(t.store, clock, platformID, 'wallet');
                wallets.push(wallet.ledgerAccountID);
                model.open(wallet.ledgerAccountID, true);
                break;
              }
              case 'fund': {
                const wallet = pick(wallets, op.wallet);
                if (!wallet) break;
                const reference = randomUUID();
                await step(
                  [{ account: world.ledgerAccountID, bucket: 'available', amount: -op.amount }, { account: wallet, bucket: 'available', amount: op.amount }],
                  reference,
                  (sql) => moveFunds(sql, { ...ref(reference), fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet, amount: op.amount, currency: 'USD' }, clock),
                );
                break;
              }
              case 'move': {
                const from = pick(wallets, op.from);
                const to = pick(wallets, op.to);
                if (!from || !to) break;
                const reference = randomUUID();
                await step(
                  [{ account: from, bucket: 'available', amount: -op.amount }, { account: to, bucket: 'available', amount: op.amount }],
                  reference,
                  (sql) => moveFunds(sql, { ...ref(reference), fromLedgerAccountID: from, toLedgerAccountID: to, amount: op.amount, currency: 'USD' }, clock),
                  from === to ? 'invalid-entry' : undefined,
                );
                break;
              }
              case 'hold': {
                const wallet = pick(wallets, op.wallet);
                if (!wallet) break;
                const reference = randomUUID();
                const posted = await step(
                  [{ account: wallet, bucket: 'available', amount: -op.amount }, { account: wallet, bucket: 'pending', amount: op.amount }],
                  reference,
                  (sql) => holdFunds(sql, { ...ref(reference), ledgerAccountID: wallet, amount: op.amount, currency: 'USD' }, clock),
                );
                if (posted) holds.push({ account: wallet, reference });
                break;
              }
              case 'release': {
                const hold = pick(holds, op.hold);
                if (!hold) break;
                await step(
                  [{ account: hold.account, bucket: 'pending', amount: -op.amount }, { account: hold.account, bucket: 'available', amount: op.amount }],
                  hold.reference,
                  (sql) => releaseHold(sql, { ...ref(hold.reference), ledgerAccountID: hold.account, amount: op.amount, currency: 'USD' }, clock),
                );
                break;
              }
              case 'over-release': {
                const hold = pick(holds, op.hold);
                if (!hold) break;
                const take = (model.held.get(`${hold.account}/${hold.reference}`) ?? 0) + op.extra;
                await step(
                  [{ account: hold.account, bucket: 'pending', amount: -take }, { account: hold.account, bucket: 'available', amount: take }],
                  hold.reference,
                  (sql) => releaseHold(sql, { ...ref(hold.reference), ledgerAccountID: hold.account, amount: take, currency: 'USD' }, clock),
                );
                break;
              }
              case 'settle': {
                const hold = pick(holds, op.hold);
                const to = pick(wallets, op.to);
                if (!hold || !to) break;
                await step(
                  [{ account: hold.account, bucket: 'pending', amount: -op.amount }, { account: to, bucket: 'available', amount: op.amount }],
                  hold.reference,
                  (sql) => settleHold(sql, { ...ref(hold.reference), ledgerAccountID: hold.account, amount: op.amount, currency: 'USD', credits: [{ ledgerAccountID: to, amount: op.amount }] }, clock),
                );
                break;
              }
              case 'reverse': {
                const original = pick(model.entries, op.entry);
                if (!original) break;
                const negated = original.postings.map((p) => ({ ...p, amount: -p.amount }));
                const refusal = original.isReversal ? 'invalid-entry' : original.reversed ? 'already-reversed' : undefined;
                const posted = await step(
                  negated,
                  original.reference,
                  (sql) => reverseEntry(sql, { platformID, entryID: original.entryID, description: 'reversal' }, clock),
                  refusal,
                  true,
                );
                if (posted) original.reversed = true;
                break;
              }
              case 'settlement': {
                const wallet = pick(wallets, op.wallet);
                if (!wallet) break;
                const reference = randomUUID();
                await step(
                  [{ account: wallet, bucket: 'available', amount: -op.amount }, { account: world.ledgerAccountID, bucket: 'available', amount: op.amount }],
                  reference,
                  (sql) =>
                    moveFunds(sql, { ...ref(reference), settlement: op.kind, fromLedgerAccountID: wallet, toLedgerAccountID: world.ledgerAccountID, amount: op.amount, currency: 'USD' }, clock),
                  undefined,
                  false,
                  op.kind,
                );
                break;
              }
              case 'return': {
                const original = pick(model.entries, op.entry);
                if (!original) break;
                const negated = original.postings.map((p) => ({ ...p, amount: -p.amount }));
                const refusal = original.isReversal ? 'invalid-entry' : original.reversed ? 'already-reversed' : undefined;
                const posted = await step(
                  negated,
                  original.reference,
                  (sql) => reverseEntry(sql, { platformID, entryID: original.entryID, description: 'ACH return', settlement: 'ach-return' }, clock),
                  refusal,
                  true,
                  'ach-return',
                );
                if (posted) original.reversed = true;
                break;
              }
              case 'bad-amount': {
                const wallet = pick(wallets, op.wallet);
                if (!wallet) break;
                const reference = randomUUID();
                await step([], reference, (sql) => holdFunds(sql, { ...ref(reference), ledgerAccountID: wallet, amount: op.amount, currency: 'USD' }, clock), 'invalid-amount');
                break;
              }
            }
            await assertMatchesModel(t, platformID, model);
          }
        }),
        { numRuns: RUNS, examples: [[EVERY_OUTCOME]], seed: Number(process.env['LEDGER_PROPERTY_SEED'] ?? Date.now() % 2 ** 31) },
      );
      if (process.env['LEDGER_PROPERTY_STATS']) console.log(kind, Object.fromEntries(outcomes));
      // The generator must reach both sides: postings and each kind of refusal.
      for (const outcome of ['posted', 'posted, overdrawing a wallet', 'insufficient-funds', 'hold-exceeded', 'invalid-amount', 'invalid-entry', 'already-reversed']) {
        assert.ok((outcomes.get(outcome) ?? 0) > 0, `no step ended ${outcome}`);
      }
    });
  });
}

async function assertMatchesModel(t: TestStore, platformID: string, model: Model): Promise<void> {
  const rows = await t.store.read((sql) =>
    sql.all<{ ledger_account_id: string; available: number; pending: number }>(
      'SELECT ledger_account_id, available, pending FROM ledger_accounts WHERE platform_id = ?',
      [platformID],
    ),
  );
  const actual = new Map(rows.map((row) => [row.ledger_account_id, { available: Number(row.available), pending: Number(row.pending) }]));
  assert.deepEqual(actual, model.balances);
  const verdict = await verifyLedger(t.store);
  assert.equal(verdict.ok, true, verdict.ok ? '' : verdict.violation);
}
