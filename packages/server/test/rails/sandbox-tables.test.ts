import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rtpAnswerFor } from '../../src/domain/transfers/rails/rtp/triggers.ts';
import { returnTriggerFor } from '../../src/domain/transfers/rails/ach/returns.ts';
import { sandboxCard } from '../../src/domain/sources/sandbox-cards.ts';
import {
  ACH_RETURNS_AS_DOCUMENTED,
  RTP_ACCEPTED_WITHOUT_POSTING_CENTS,
  RTP_FAILURES_AS_DOCUMENTED,
  TEST_CARDS_AS_DOCUMENTED,
} from '../support/documented.ts';

// The sandbox's magic values against docs/sandbox.md, written out in
// support/documented.ts: a changed trigger in the source fails here in
// milliseconds (the HTTP tests of each rail then check the whole transfer).

test('RTP: every documented amount fails with its codes; its neighbours and other amounts complete', () => {
  for (const { cents, failureCode, networkResponseCode } of RTP_FAILURES_AS_DOCUMENTED) {
    assert.deepEqual(rtpAnswerFor(cents), { outcome: 'failed', failureCode, networkResponseCode }, `$${cents / 100}`);
  }
  assert.deepEqual(rtpAnswerFor(RTP_ACCEPTED_WITHOUT_POSTING_CENTS), { outcome: 'accepted-without-posting' }, '$77.11');
  for (const cents of [7700, 7712, 7601, 7805, 7801, 1, 4_000]) {
    if (RTP_FAILURES_AS_DOCUMENTED.some((row) => row.cents === cents)) continue;
    assert.deepEqual(rtpAnswerFor(cents), { outcome: 'completed' }, `$${cents / 100} is no trigger`);
  }
});

test('ACH: every documented return amount answers its code and phase; its neighbours return nothing', () => {
  for (const { cents, code, arrives } of ACH_RETURNS_AS_DOCUMENTED) {
    const trigger = returnTriggerFor(cents);
    assert.equal(trigger?.code, code, `$${cents / 100}`);
    assert.equal(trigger?.phase, arrives, `$${cents / 100} arrives ${arrives}`);
  }
  for (const cents of [5500, 5508, 5401, 5601, 1_000]) assert.equal(returnTriggerFor(cents), undefined, `$${cents / 100} is no trigger`);
});

test('test cards: brand, type, push and pull eligibility, and decline as documented', () => {
  for (const card of TEST_CARDS_AS_DOCUMENTED) {
    const known = sandboxCard(card.pan);
    assert.ok(known, `${card.pan} is a sandbox card`);
    assert.deepEqual(
      { brand: known.brand, cardType: known.cardType, push: known.domesticPushToCard, pull: known.domesticPullFromCard, declines: known.declines },
      { brand: card.brand, cardType: card.cardType, push: card.push, pull: card.pull, declines: card.declines },
      card.pan,
    );
  }
  assert.equal(sandboxCard('4242424242424242'), undefined, 'any other valid card is no sandbox card');
});
