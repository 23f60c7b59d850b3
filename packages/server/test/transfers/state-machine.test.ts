import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AchTransactionDetails, CardTransactionDetails, RtpTransactionDetails, TRANSFER_STATUSES, type TransferStatusValue } from '@railyard/contract';
import { FINAL_STATUSES, type RailName, type TransferRecord } from '../../src/domain/transfers/model.ts';
import {
  assertTransition,
  IllegalTransferTransition,
  LEG_MACHINES,
  MalformedRailState,
  TRANSFER_EDGES,
  type LegMachine,
} from '../../src/domain/transfers/state-machine.ts';
import { transitionTransfer, type TransferTransition } from '../../src/domain/transfers/transitions.ts';
import { achStateOf } from '../../src/domain/transfers/rails/ach/state.ts';
import { cardStateOf } from '../../src/domain/transfers/rails/card/state.ts';
import { rtpStateOf } from '../../src/domain/transfers/rails/rtp/state.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { postTransfer, transferBody, walletParty } from './helpers.ts';
import { bankParty, cardMethod, moneyWallet } from '../support/parties.ts';
import { advance, methodTransferBody as body } from '../support/transfers.ts';

// The transfer state machine (docs/transfers.md "State machine"): the tables
// themselves, and `transitionTransfer` refusing what they do not allow before
// it writes anything. state-machine.property.test.ts drives the real rails.

const legMachines = (): Array<[string, LegMachine]> =>
  Object.entries(LEG_MACHINES).flatMap(([rail, sides]) => Object.entries(sides ?? {}).map(([side, machine]) => [`${rail} ${side}`, machine] as [string, LegMachine]));

/** A bare record for pure checks of `assertTransition`. */
function record(rail: RailName, status: TransferStatusValue, details: Partial<Record<'source' | 'destination', Record<string, unknown>>> = {}): TransferRecord {
  const party = (side: 'source' | 'destination') => ({ details: details[side] ?? {} }) as unknown as TransferRecord['source'];
  return { transferID: 't-1', rail, status, source: party('source'), destination: party('destination'), railState: {} } as unknown as TransferRecord;
}

describe('transfer state machine tables', () => {
  it('has a row for every contract status, no self-edges, and only contract statuses', () => {
    assert.deepEqual(Object.keys(TRANSFER_EDGES).sort(), [...TRANSFER_STATUSES].sort());
    for (const [from, targets] of Object.entries(TRANSFER_EDGES)) {
      assert.ok(!targets.includes(from as TransferStatusValue), `${from} → ${from}`);
      for (const to of targets) assert.ok((TRANSFER_STATUSES as readonly string[]).includes(to), `${from} → ${to}`);
    }
  });

  it('FINAL_STATUSES are exactly the statuses with no edge out; completed is not one (returns reverse it)', () => {
    const dead = Object.entries(TRANSFER_EDGES).filter(([, targets]) => targets.length === 0).map(([status]) => status);
    assert.deepEqual(dead.sort(), [...FINAL_STATUSES].sort());
    assert.deepEqual(TRANSFER_EDGES.completed, ['reversed']);
  });

  it('every leg sub-status is one the contract knows for its details, and every edge lands on a row', () => {
    const known = {
      achDetails: AchTransactionDetails.shape.status.unwrap().options as readonly string[],
      cardDetails: CardTransactionDetails.shape.status.unwrap().options as readonly string[],
      rtpDetails: RtpTransactionDetails.shape.status.unwrap().options as readonly string[],
    };
    for (const [name, machine] of legMachines()) {
      for (const status of [...machine.first, ...Object.keys(machine.edges), ...Object.values(machine.edges).flat()]) {
        assert.ok(known[machine.details].includes(status), `${name}: ${status} is no ${machine.details}.status`);
        assert.ok(status in machine.edges, `${name}: ${status} has no row`);
      }
    }
  });

  it('assertTransition accepts exactly the table’s status edges (and unchanged statuses) from a status that is not final', () => {
    for (const from of TRANSFER_STATUSES) {
      for (const to of TRANSFER_STATUSES) {
        const attempt = () => assertTransition(record('wallet', from), { status: to });
        if (FINAL_STATUSES.has(from)) assert.throws(attempt, IllegalTransferTransition, `${from} → ${to}`);
        else if (from === to || TRANSFER_EDGES[from].includes(to)) assert.doesNotThrow(attempt, `${from} → ${to}`);
        else assert.throws(attempt, new RegExp(`status ${from} → ${to}`), `${from} → ${to}`);
      }
    }
    // A final transfer takes no change at all, not even one without a status.
    assert.throws(() => assertTransition(record('ach', 'failed'), {}), /it is failed, after which nothing changes/);
  });

  it('assertTransition checks each leg against its rail’s machine', () => {
    const ach = record('ach', 'pending', { destination: { achDetails: { status: 'initiated' } } });
    assert.doesNotThrow(() => assertTransition(ach, { destination: { achDetails: { status: 'originated' } } }));
    assert.doesNotThrow(() => assertTransition(ach, { source: { achDetails: { status: 'initiated' } } }));
    assert.throws(() => assertTransition(ach, { destination: { achDetails: { status: 'completed' } } }), /destination\.achDetails\.status initiated → completed/);
    assert.throws(() => assertTransition(ach, { source: { achDetails: { status: 'originated' } } }), /source\.achDetails\.status \(none\) → originated/);
    assert.throws(() => assertTransition(ach, { destination: { cardDetails: { status: 'initiated' } } }), /the ach rail writes no destination\.cardDetails/);
    assert.throws(() => assertTransition(record('rtp', 'pending'), { source: { rtpDetails: { status: 'initiated' } } }), /the rtp rail writes no source\.rtpDetails/);
    // A pull cannot complete from `confirmed` (it settles first); a push completes straight from `initiated`.
    assert.throws(() => assertTransition(record('card', 'pending', { source: { cardDetails: { status: 'confirmed' } } }), { source: { cardDetails: { status: 'completed' } } }));
    assert.doesNotThrow(() => assertTransition(record('card', 'pending', { destination: { cardDetails: { status: 'initiated' } } }), { destination: { cardDetails: { status: 'completed' } } }));
    assert.throws(() => assertTransition(ach, { destination: { achDetails: { status: 7 } } }), /must be a string/);
  });
});

for (const kind of await storeKinds()) {
  describe(`transitionTransfer asserts the state machine (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    const rowOf = (transferID: string) =>
      s.testStore.store.read((sql) =>
        sql.get<Record<string, unknown>>('SELECT * FROM transfers WHERE platform_id = ? AND transfer_id = ?', [s.platform.accountID, transferID]),
      );
    const eventCount = async () =>
      Number((await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM events WHERE platform_id = ?', [s.platform.accountID])))!.n);
    const recordOf = async (transferID: string) => (await s.services.transfers.record(s.platform.accountID, transferID))!;

    /** Tries an illegal change; it must throw IllegalTransferTransition matching `message` and leave the row and the events as they were. */
    async function refused(transferID: string, change: TransferTransition, message: RegExp): Promise<void> {
      const rowBefore = await rowOf(transferID);
      const eventsBefore = await eventCount();
      await assert.rejects(
        s.testStore.store.write(async (sql) => {
          const clock = await s.services.platformClock.view(sql, s.platform.accountID);
          await transitionTransfer(sql, clock, await recordOf(transferID), change);
        }),
        (error: unknown) => error instanceof IllegalTransferTransition && message.test(error.message),
      );
      assert.deepEqual(await rowOf(transferID), rowBefore, 'the transfer row is unchanged');
      assert.equal(await eventCount(), eventsBefore, 'no event was written');
    }

    it('refuses completed → pending and writes nothing', async () => {
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const created = await postTransfer(s, transferBody(alice, bob, 300), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      await refused(created.json.transferID, { status: 'pending', legEvents: ['source.initiated'] }, /status completed → pending/);
    });

    it('refuses any change to a failed transfer and writes nothing', async () => {
      const alice = await walletParty(s, 100);
      const bob = await walletParty(s);
      const created = await postTransfer(s, transferBody(alice, bob, 300), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'failed', created.text);
      await refused(created.json.transferID, { status: 'completed' }, /it is failed/);
      await refused(created.json.transferID, { railState: { step: 'again' } }, /it is failed/);
    });

    it('refuses an ACH leg that skips origination, and a leg of another rail, and writes nothing', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const created = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 2_000), { waitFor: 'rail-response' });
      assert.equal(created.json.destination.achDetails.status, 'initiated', created.text);
      const transferID = created.json.transferID as string;
      await refused(transferID, { status: 'completed', destination: { achDetails: { status: 'completed' } }, legEvents: ['destination.completed'] }, /destination\.achDetails\.status initiated → completed/);
      await refused(transferID, { destination: { rtpDetails: { status: 'initiated' } } }, /writes no destination\.rtpDetails/);
      // The rail itself still runs its course.
      await advance(s, { seconds: 10 });
      assert.equal((await recordOf(transferID)).status, 'completed');
    });

    it('the rails parse their rail state: a malformed one stops the job with MalformedRailState and changes nothing', async () => {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(created.json.source.cardDetails.status, 'confirmed', created.text);
      const transferID = created.json.transferID as string;
      assert.equal(cardStateOf(await recordOf(transferID)).step, 'confirmed');
      await s.testStore.store.write((sql) =>
        sql.run('UPDATE transfers SET rail_state = ? WHERE platform_id = ? AND transfer_id = ?', ['{"step":"sideways"}', s.platform.accountID, transferID]),
      );
      const rowBefore = await rowOf(transferID);
      await s.services.platformClock.advance(s.platform.accountID, { seconds: 1 });
      const summary = await s.services.jobs.runDueJobs({ platformID: s.platform.accountID });
      assert.equal(summary.completed, 0, JSON.stringify(summary));
      const job = await s.testStore.store.read((sql) =>
        sql.get<{ last_error: string | null }>('SELECT last_error FROM jobs WHERE platform_id = ? AND dedupe_key = ?', [s.platform.accountID, `transfer:${transferID}:card-settle`]),
      );
      assert.match(job?.last_error ?? '', /malformed card rail state: step/);
      assert.deepEqual(await rowOf(transferID), rowBefore);

      // Each rail's parser refuses a state of the wrong shape.
      const record = await recordOf(transferID);
      assert.throws(() => achStateOf({ ...record, rail: 'ach', railState: { plan: { legs: [] }, options: {} } }), MalformedRailState);
      assert.throws(() => achStateOf({ ...record, rail: 'ach', railState: {} }), /malformed ach rail state: plan/);
      assert.throws(() => cardStateOf({ ...record, railState: { step: 'confirmed', completeAt: 'soon' } }), /completeAt: not a timestamp/);
      assert.throws(() => rtpStateOf({ ...record, rail: 'rtp', railState: { step: 'settled' } }), MalformedRailState);
      assert.deepEqual(rtpStateOf({ ...record, rail: 'rtp', railState: { step: 'initiated' } }), { step: 'initiated' });
    });
  });
}
