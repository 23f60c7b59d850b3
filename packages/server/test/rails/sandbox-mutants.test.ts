import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { returnTriggerFor } from '../../src/domain/transfers/rails/ach/returns.ts';
import { CHARGEBACK_NOTICE_DELAY_MS, chargebackScenario, disputedShare } from '../../src/domain/transfers/rails/card/chargebacks.ts';
import { authorizationCodeFor } from '../../src/domain/transfers/rails/card/authorization.ts';

// The rest of the sandbox's magic values, written out: the whole ACH return
// each trigger answers (the NACHA return reason and description the transfer's
// `achDetails.return` carries, and the leg it hits per docs/sandbox.md "ACH
// returns": R03/R04 the credit, the rest the debit), the dispute triggers of
// docs/sandbox.md "Disputes", and the card approval code's shape. Pure: no
// store. Added for the rails mutation scope (issue 15, item 6).

describe('ACH return triggers', () => {
  it('answers the NACHA return, its phase and its leg for $55.01–$55.07', () => {
    const rows = [5501, 5502, 5503, 5504, 5505, 5506, 5507].map((cents) => ({ cents, ...returnTriggerFor(cents) }));
    assert.deepEqual(rows, [
      { cents: 5501, code: 'R01', reason: 'Insufficient Funds', description: 'Available balance is not sufficient to cover the dollar value of the debit entry', phase: 'clearing', prefers: 'debit' },
      { cents: 5502, code: 'R02', reason: 'Account Closed', description: 'Previously active account has been closed by customer or RDFI', phase: 'clearing', prefers: 'debit' },
      {
        cents: 5503,
        code: 'R03',
        reason: 'No Account/Unable to Locate Account',
        description: 'Account number structure is valid, but does not match individual or open account',
        phase: 'after-completion',
        prefers: 'credit',
      },
      { cents: 5504, code: 'R04', reason: 'Invalid Account Number', description: 'Account number structure is not valid', phase: 'after-completion', prefers: 'credit' },
      {
        cents: 5505,
        code: 'R05',
        reason: 'Unauthorized Debit to Consumer Account Using Corporate SEC Code',
        description: 'A debit entry was transmitted to a consumer account that was not authorized by the receiver',
        phase: 'after-completion',
        prefers: 'debit',
      },
      { cents: 5506, code: 'R06', reason: "Returned per ODFI's Request", description: 'The ODFI has requested that the RDFI return the entry', phase: 'after-completion', prefers: 'debit' },
      {
        cents: 5507,
        code: 'R07',
        reason: 'Authorization Revoked by Customer',
        description: 'Consumer who previously authorized entries has revoked authorization with the originator',
        phase: 'after-completion',
        prefers: 'debit',
      },
    ]);
  });
});

describe('dispute triggers (docs/sandbox.md "Disputes")', () => {
  it('$66.01–$66.04 open their dispute; their neighbours and other amounts none', () => {
    assert.deepEqual(chargebackScenario(6601), { reason: 'fraud', share: 'full', phase: 'chargeback' });
    assert.deepEqual(chargebackScenario(6602), { reason: 'not-received', share: 'full', phase: 'chargeback' });
    assert.deepEqual(chargebackScenario(6603), { reason: 'duplicate', share: 'half', phase: 'chargeback' });
    assert.deepEqual(chargebackScenario(6604), { reason: 'fraud', share: 'full', phase: 'pre-dispute' });
    for (const cents of [6600, 6605, 6501, 6701, 1_000]) assert.equal(chargebackScenario(cents), undefined, String(cents));
  });

  it('disputes all of the payment, or half rounded down to the cent ($66.03 → $33.01)', () => {
    assert.equal(disputedShare({ reason: 'fraud', share: 'full', phase: 'chargeback' }, 6601), 6601);
    assert.equal(disputedShare({ reason: 'duplicate', share: 'half', phase: 'chargeback' }, 6603), 3301);
    assert.equal(disputedShare({ reason: 'duplicate', share: 'half', phase: 'chargeback' }, 6604), 3302);
  });

  it('the network notice arrives 5 seconds after the wallet was credited', () => {
    assert.equal(CHARGEBACK_NOTICE_DELAY_MS, 5_000);
  });
});

describe('card approval codes', () => {
  it('are six upper-case characters, the same for a transfer every time, different across transfers', () => {
    const a = authorizationCodeFor('2f0b5a8e-0c4f-4b9e-9c57-1d2e3f405162');
    assert.match(a, /^[0-9A-F]{6}$/);
    assert.equal(authorizationCodeFor('2f0b5a8e-0c4f-4b9e-9c57-1d2e3f405162'), a);
    const codes = new Set(Array.from({ length: 20 }, (_, i) => authorizationCodeFor(`transfer-${i}`)));
    assert.ok(codes.size >= 19, `20 transfers, ${codes.size} codes`);
  });
});
