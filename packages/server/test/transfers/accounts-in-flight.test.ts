import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccountsInFlight } from '../../src/domain/transfers/forecast-offer.ts';

// A create forecasts its wallets only when no other create of the process is moving them (forecast-offer.ts).
describe('accounts in flight', () => {
  it('answers alone only when none of the accounts is in flight, and counts each entry until it leaves', () => {
    const inFlight = new AccountsInFlight();
    assert.equal(inFlight.enter(['a', 'b']), true);
    assert.equal(inFlight.enter(['b', 'c']), false, 'b is in flight');
    assert.equal(inFlight.enter(['c']), false, 'c was counted in by the refused call too');
    inFlight.leave(['a', 'b']);
    assert.equal(inFlight.enter(['a']), true);
    assert.equal(inFlight.enter(['b']), false, 'b is still in flight once');
    inFlight.leave(['b', 'c']);
    inFlight.leave(['c']);
    inFlight.leave(['a']);
    inFlight.leave(['b']);
    assert.equal(inFlight.size, 0);
    assert.equal(inFlight.enter([]), true);
  });
});
