import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSFER_STATUSES, type TransferStatusValue } from '@railyard/contract';
import { FINAL_STATUSES, type RailName, type TransferRecord } from '../../src/domain/transfers/model.ts';
import { z } from 'zod';
import { assertTransition, isAllowedLegChange, isAllowedStatusChange, LEG_MACHINES, parseRailState, TRANSFER_EDGES } from '../../src/domain/transfers/state-machine.ts';

/**
 * The state machine's tables written out as docs/transfers.md "State machine"
 * states them, edge by edge, and compared with the code's: a table the rails
 * never walk (an edge no sandbox amount reaches) is still pinned. The transfers
 * mutation scope (docs/testing.md) found the tables' entries unpinned.
 */

const DOCUMENTED_STATUS_EDGES: Record<TransferStatusValue, TransferStatusValue[]> = {
  created: ['pending', 'completed', 'failed'],
  pending: ['completed', 'failed', 'reversed', 'canceled'],
  completed: ['reversed'],
  queued: ['canceled'],
  failed: [],
  reversed: [],
  canceled: [],
};

const ACH = {
  details: 'achDetails',
  first: ['initiated'],
  edges: { initiated: ['originated', 'canceled'], originated: ['completed', 'returned'], completed: ['returned'], returned: [], canceled: [] },
};

const DOCUMENTED_LEGS = {
  ach: { source: ACH, destination: ACH },
  card: {
    source: {
      details: 'cardDetails',
      first: ['initiated'],
      edges: { initiated: ['confirmed', 'failed'], confirmed: ['settled', 'canceled'], settled: ['completed'], completed: [], failed: [], canceled: [] },
    },
    destination: { details: 'cardDetails', first: ['initiated'], edges: { initiated: ['completed', 'failed', 'canceled'], completed: [], failed: [], canceled: [] } },
  },
  rtp: {
    destination: { details: 'rtpDetails', first: ['initiated'], edges: { initiated: ['completed', 'accepted-without-posting', 'failed'], completed: [], 'accepted-without-posting': [], failed: [] } },
  },
  wallet: null,
};

const sorted = (list: readonly string[]) => [...list].sort();

function record(rail: RailName, status: TransferStatusValue, details: Partial<Record<'source' | 'destination', Record<string, unknown>>> = {}): TransferRecord {
  const party = (side: 'source' | 'destination') => ({ details: details[side] ?? {} }) as unknown as TransferRecord['source'];
  return { transferID: 't-1', rail, status, source: party('source'), destination: party('destination'), railState: {} } as unknown as TransferRecord;
}

const refusal = (message: string) => (error: unknown) => {
  assert.ok(error instanceof Error && error.name === 'IllegalTransferTransition', `an IllegalTransferTransition, not ${String(error)}`);
  assert.equal(error.message, message);
  return true;
};

describe('the state machine, as documented', () => {
  it('the top-level edges are exactly the documented ones; every other pair is refused', () => {
    for (const from of TRANSFER_STATUSES) {
      assert.deepEqual(sorted(TRANSFER_EDGES[from]), sorted(DOCUMENTED_STATUS_EDGES[from]), from);
      for (const to of TRANSFER_STATUSES) {
        assert.equal(isAllowedStatusChange(from, to), DOCUMENTED_STATUS_EDGES[from].includes(to), `${from} → ${to}`);
      }
    }
    assert.deepEqual(sorted([...FINAL_STATUSES]), ['canceled', 'failed', 'reversed']);
  });

  it('each rail’s legs are exactly the documented machines', () => {
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(LEG_MACHINES).map(([rail, sides]) => [
          rail,
          sides === null
            ? null
            : Object.fromEntries(Object.entries(sides).map(([side, machine]) => [side, { details: machine!.details, first: [...machine!.first], edges: Object.fromEntries(Object.entries(machine!.edges).map(([from, to]) => [from, [...to]])) }])),
        ]),
      ),
      DOCUMENTED_LEGS,
    );
  });

  it('a leg is first written initiated; a status it keeps is no change; anything off the table is refused', () => {
    const rtp = LEG_MACHINES.rtp!.destination!;
    assert.equal(isAllowedLegChange(rtp, undefined, 'initiated'), true);
    assert.equal(isAllowedLegChange(rtp, undefined, 'completed'), false);
    assert.equal(isAllowedLegChange(rtp, 'completed', 'completed'), true, 'unchanged');
    assert.equal(isAllowedLegChange(rtp, 'completed', 'failed'), false);
    assert.equal(isAllowedLegChange(rtp, 'initiated', 'accepted-without-posting'), true);
    assert.equal(isAllowedLegChange(rtp, 'no-such-status', 'failed'), false, 'an unknown current status has no edges');
  });

  it('assertTransition says exactly what it refused', () => {
    assert.throws(() => assertTransition(record('ach', 'canceled'), {}), refusal('illegal transition of ach transfer t-1: it is canceled, after which nothing changes'));
    assert.throws(() => assertTransition(record('card', 'completed'), { status: 'pending' }), refusal('illegal transition of card transfer t-1: status completed → pending'));
    assert.throws(
      () => assertTransition(record('rtp', 'pending'), { destination: { rtpDetails: { status: 'canceled' } } as never }),
      refusal('illegal transition of rtp transfer t-1: destination.rtpDetails.status (none) → canceled'),
    );
    assert.throws(
      () => assertTransition(record('ach', 'pending', { source: { achDetails: { status: 'completed' } } }), { source: { achDetails: { status: 'originated' } } as never }),
      refusal('illegal transition of ach transfer t-1: source.achDetails.status completed → originated'),
    );
    assert.throws(
      () => assertTransition(record('ach', 'pending', { source: { achDetails: { status: 3 } } }), { source: { achDetails: { status: 'originated' } } as never }),
      refusal('illegal transition of ach transfer t-1: source.achDetails.status must be a string'),
    );
    assert.throws(
      () => assertTransition(record('card', 'pending'), { destination: { achDetails: { status: 'initiated' } } as never }),
      refusal('illegal transition of card transfer t-1: the card rail writes no destination.achDetails'),
    );
  });

  it('allowed: an unchanged status, a leg patch without a status, and anything on a wallet transfer’s details', () => {
    assert.doesNotThrow(() => assertTransition(record('ach', 'pending'), { status: 'pending' }));
    assert.doesNotThrow(() => assertTransition(record('ach', 'completed'), { status: 'reversed' }));
    assert.doesNotThrow(() => assertTransition(record('ach', 'pending', { source: { achDetails: { status: 'initiated' } } }), { source: { achDetails: { initiatedOn: 'x' } } as never }));
    assert.doesNotThrow(() => assertTransition(record('wallet', 'pending'), { status: 'completed', destination: { cardDetails: { status: 'anything' } } as never }));
    assert.doesNotThrow(() =>
      assertTransition(record('card', 'pending', { source: { cardDetails: { status: 'confirmed' } } }), { source: { cardDetails: { status: 'settled' } } as never, destination: undefined }),
    );
  });

  it('a malformed rail state names the transfer, the rail and every problem with its path, (root) for the whole', () => {
    const schema = z.object({ step: z.string(), plan: z.number() });
    const withState = (railState: unknown) => ({ ...record('ach', 'pending'), railState }) as TransferRecord;
    const malformed = (pattern: RegExp) => (error: unknown) => {
      assert.ok(error instanceof Error && error.name === 'MalformedRailState', `a MalformedRailState, not ${String(error)}`);
      assert.match(error.message, pattern);
      return true;
    };
    assert.throws(() => parseRailState(withState({ step: 1 }), schema), malformed(/^transfer t-1: malformed ach rail state: step: [^;]+; plan: [^;]+$/));
    assert.throws(() => parseRailState(withState('oops'), schema), malformed(/^transfer t-1: malformed ach rail state: \(root\): [^;]+$/));
    assert.deepEqual(parseRailState(withState({ step: 'x', plan: 2 }), schema), { step: 'x', plan: 2 });
  });
});
