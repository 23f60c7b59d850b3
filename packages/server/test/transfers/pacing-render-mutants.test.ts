import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RAIL_PACING, FAST_PACING, parseRailPacing, REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { renderAsyncTransfer, renderTransfer } from '../../src/domain/transfers/render.ts';
import { transferFromRow, transferToRow, type TransferRecord } from '../../src/domain/transfers/model.ts';
import { recordDisputedAmount } from '../../src/domain/transfers/disputed-amount.ts';
import type { Sql } from '../../src/store/port.ts';

/**
 * Rail pacing, the public transfer and the stored row, written out as
 * docs/time-and-jobs.md, docs/transfers.md and the v2026.01.00 `Transfer`
 * state them, where the transfers mutation scope (docs/testing.md) found them
 * unpinned: every pacing figure, which optional fields a transfer shows and
 * when, and the row a record is stored as.
 */

describe('rail pacing (docs/time-and-jobs.md)', () => {
  it('fast: every step in seconds; the banking calendar for realistic', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(FAST_PACING)), {
      mode: 'fast',
      timeZone: 'America/New_York',
      walletCompleteAfterSeconds: 0,
      ach: {
        originateAfterSeconds: 1,
        completeAfterSeconds: 2,
        sameDayCompleteAfterSeconds: 1,
        returnAfterSeconds: 1,
        sameDayCutoffs: ['10:00', '14:15', '16:15'],
        standardCutoff: '17:30',
        debitHoldBankingDays: 2,
        returnWindowBankingDays: 2,
        lateReturnWindowDays: 60,
      },
      card: { settleAfterSeconds: 1, completeAfterSeconds: 1, walletCreditBy: '13:00' },
      rtp: { completeAfterSeconds: 0 },
    });
    assert.deepEqual(JSON.parse(JSON.stringify(REALISTIC_PACING)), { ...JSON.parse(JSON.stringify(FAST_PACING)), mode: 'realistic', rtp: { completeAfterSeconds: 2 } });
    assert.ok(Object.isFrozen(FAST_PACING) && Object.isFrozen(FAST_PACING.ach) && Object.isFrozen(REALISTIC_PACING.rtp), 'shared settings cannot be changed by a caller');
  });

  it('--rail-pacing: fast by default, either word in any case with spaces around, anything else refused by name', () => {
    assert.equal(DEFAULT_RAIL_PACING, 'fast');
    assert.equal(parseRailPacing(undefined), FAST_PACING);
    assert.equal(parseRailPacing(' Fast '), FAST_PACING);
    assert.equal(parseRailPacing('REALISTIC'), REALISTIC_PACING);
    assert.throws(() => parseRailPacing('slow'), { message: '--rail-pacing must be fast or realistic, not slow' });
    assert.throws(() => parseRailPacing(''), { message: '--rail-pacing must be fast or realistic, not ' });
  });
});

function party(kind: 'source' | 'destination') {
  return {
    accountID: `${kind}-account`,
    paymentMethodID: `${kind}-method`,
    paymentMethodType: 'moov-wallet' as const,
    sourceKind: 'wallet' as const,
    sourceID: `${kind}-wallet`,
    snapshot: { account: { accountID: `${kind}-account` }, wallet: { walletID: `${kind}-wallet` } },
    details: {},
  };
}

function bare(overrides: Partial<TransferRecord> = {}): TransferRecord {
  return {
    transferID: 't-1',
    platformID: 'p-1',
    idempotencyKey: 'k-1',
    rail: 'wallet',
    status: 'pending',
    failureReason: undefined,
    currency: 'USD',
    amount: 1_000,
    facilitatorFeeCents: 0,
    source: party('source'),
    destination: party('destination'),
    railState: {},
    request: {},
    metadata: undefined,
    foreignID: undefined,
    groupID: undefined,
    scheduleID: undefined,
    paymentLinkCode: undefined,
    refundedAmount: 0,
    disputedAmount: 0,
    railAnsweredOn: undefined,
    completedOn: undefined,
    createdOn: '2026-05-01T12:00:00.000Z',
    updatedOn: '2026-05-01T12:00:00.000Z',
    rowVersion: 1,
    ...overrides,
  };
}

describe('the public transfer (renderTransfer)', () => {
  it('a bare transfer shows only what every transfer has, with Moov fees stated as zero', () => {
    assert.deepEqual(renderTransfer(bare()), {
      transferID: 't-1',
      createdOn: '2026-05-01T12:00:00.000Z',
      source: { paymentMethodID: 'source-method', paymentMethodType: 'moov-wallet', account: { accountID: 'source-account' }, wallet: { walletID: 'source-wallet' } },
      destination: { paymentMethodID: 'destination-method', paymentMethodType: 'moov-wallet', account: { accountID: 'destination-account' }, wallet: { walletID: 'destination-wallet' } },
      status: 'pending',
      amount: { currency: 'USD', value: 1_000 },
      moovFee: 0,
      moovFeeDecimal: '0',
    });
    assert.deepEqual(renderTransfer(bare(), []), renderTransfer(bare()), 'no cancellations: no key');
    assert.deepEqual(renderAsyncTransfer(bare()), { transferID: 't-1', createdOn: '2026-05-01T12:00:00.000Z' });
  });

  it('every optional field appears once it has a value, rail details beside the snapshot', () => {
    const cancellation = { cancellationID: 'c-1', status: 'completed', createdOn: '2026-05-01T12:01:00.000Z' } as never;
    const full = bare({
      status: 'completed',
      completedOn: '2026-05-02T12:00:00.000Z',
      failureReason: 'wallet-insufficient-funds' as never,
      metadata: { order: '7' },
      groupID: 'g-1',
      scheduleID: 's-1',
      paymentLinkCode: 'pl-1',
      foreignID: 'f-1',
      refundedAmount: 100,
      disputedAmount: 200,
      request: {
        description: 'rent',
        facilitatorFee: { total: 5 },
        salesTaxAmount: { currency: 'USD', value: 10 },
        lineItems: { items: [{ name: 'Tea' }] },
      },
      destination: { ...party('destination'), details: { rtpDetails: { status: 'completed' } } },
    });
    const view = renderTransfer(full, [cancellation]) as unknown as Record<string, unknown>;
    assert.deepEqual(view, {
      transferID: 't-1',
      createdOn: '2026-05-01T12:00:00.000Z',
      source: { paymentMethodID: 'source-method', paymentMethodType: 'moov-wallet', account: { accountID: 'source-account' }, wallet: { walletID: 'source-wallet' } },
      destination: {
        paymentMethodID: 'destination-method',
        paymentMethodType: 'moov-wallet',
        account: { accountID: 'destination-account' },
        wallet: { walletID: 'destination-wallet' },
        rtpDetails: { status: 'completed' },
      },
      status: 'completed',
      amount: { currency: 'USD', value: 1_000 },
      completedOn: '2026-05-02T12:00:00.000Z',
      failureReason: 'wallet-insufficient-funds',
      description: 'rent',
      metadata: { order: '7' },
      facilitatorFee: { total: 5 },
      moovFee: 0,
      moovFeeDecimal: '0',
      groupID: 'g-1',
      cancellations: [cancellation],
      refundedAmount: { currency: 'USD', value: 100 },
      disputedAmount: { currency: 'USD', value: 200 },
      scheduleID: 's-1',
      paymentLinkCode: 'pl-1',
      salesTaxAmount: { currency: 'USD', value: 10 },
      foreignID: 'f-1',
      lineItems: { items: [{ name: 'Tea' }] },
    });
  });
});

describe('the stored row (transferToRow, transferFromRow)', () => {
  it('a record survives the round trip; empty details and rail state are stored as NULL and read back as empty', () => {
    const record = bare({
      metadata: { a: 'b' },
      railState: { step: 'x' },
      request: { description: 'd' },
      foreignID: 'f',
      groupID: 'g',
      scheduleID: 's',
      paymentLinkCode: 'pl',
      failureReason: 'wallet-insufficient-funds' as never,
      completedOn: '2026-05-02T00:00:00.000Z',
      railAnsweredOn: '2026-05-01T12:00:01.000Z',
    });
    const row = transferToRow(record);
    assert.deepEqual([row.group_id, row.schedule_id, row.payment_link_code, row.failure_reason], ['g', 's', 'pl', 'wallet-insufficient-funds']);
    assert.equal(row.rail_state, '{"step":"x"}');
    assert.equal(row.metadata, '{"a":"b"}');
    assert.equal(row.source_details, null, 'no details: NULL');
    assert.deepEqual(transferFromRow(row), record);
    const empty = transferToRow(bare());
    assert.deepEqual(
      [empty.rail_state, empty.request, empty.metadata, empty.foreign_id, empty.group_id, empty.schedule_id, empty.payment_link_code, empty.failure_reason],
      [null, '{}', null, null, null, null, null, null],
    );
    assert.deepEqual(transferFromRow(empty), bare());
  });
});

describe('a disputed amount (docs/disputes.md)', () => {
  const updates = (changes: number) => {
    const runs: unknown[][] = [];
    const sql = { run: async (_text: string, params: unknown[]) => (runs.push(params), { changes }) } as unknown as Sql;
    return { sql, runs };
  };

  it('adds a positive whole amount to the transfer; refuses zero, negatives, fractions; refuses more than the payment less its refunds', async () => {
    const ok = updates(1);
    await recordDisputedAmount(ok.sql, bare(), 300);
    assert.deepEqual(ok.runs, [[300, 'p-1', 't-1', 300]]);
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      const none = updates(1);
      await assert.rejects(recordDisputedAmount(none.sql, bare(), amount), { message: 'transfer t-1: a disputed amount must be a positive integer' });
      assert.equal(none.runs.length, 0, `${amount}: nothing written`);
    }
    await assert.rejects(recordDisputedAmount(updates(0).sql, bare(), 1_001), { message: 'transfer t-1: 1001 more would dispute more than the payment less its refunds' });
    await recordDisputedAmount(updates(1).sql, bare(), 1);
  });
});
