import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAYMENT_METHOD_TYPE_IDS } from '@railyard/contract';
import { isValidPair, railFor } from '../../src/domain/transfers/pairs.ts';
import { AMEX_MINIMUM, amountLimit, dollars } from '../../src/domain/transfers/limits.ts';
import { capabilityRequirements, unmetRequirement } from '../../src/domain/transfers/capability-rules.ts';
import type { PaymentMethodType } from '../../src/domain/payment-methods/provider.ts';

/**
 * The pair, rail, limit and capability tables written out as the docs state
 * them (docs/api-behaviour.md §7.1–§7.3, docs/transfers.md "Choices for
 * unconfirmed facts") and compared cell by cell with the code's, for every
 * pair of the twelve payment-method types: the transfers mutation scope
 * (docs/testing.md) found entries no other test reached.
 */

const BANK_CREDITS = ['ach-credit-standard', 'ach-credit-same-day'];
const DOCUMENTED_PAIRS: Record<string, string[]> = {
  'moov-wallet': ['moov-wallet', ...BANK_CREDITS, 'rtp-credit', 'instant-bank-credit', 'push-to-card'],
  'ach-debit-fund': ['moov-wallet', ...BANK_CREDITS],
  'ach-debit-collect': ['moov-wallet', ...BANK_CREDITS],
  'card-payment': ['moov-wallet'],
  'apple-pay': ['moov-wallet'],
  'pull-from-card': ['moov-wallet'],
  'card-present-payment': ['moov-wallet'],
};

/** The rail of each valid pair (docs/rails.md): cards, then instant credits, then ACH, else the wallet rail. */
function documentedRail(source: string, destination: string): string {
  if (['card-payment', 'apple-pay', 'pull-from-card', 'card-present-payment'].includes(source) || destination === 'push-to-card') return 'card';
  if (destination === 'rtp-credit' || destination === 'instant-bank-credit') return 'rtp';
  if (source.startsWith('ach-') || destination.startsWith('ach-')) return 'ach';
  return 'wallet';
}

/** Per-transaction limits in cents; a type not listed has only the $10,000,000,000.00 bound. */
const DOCUMENTED_LIMITS: Record<string, number> = {
  'card-payment': 10_000_000,
  'apple-pay': 10_000_000,
  'card-present-payment': 10_000_000,
  'rtp-credit': 1_000_000_000,
  'instant-bank-credit': 10_000_000,
  'ach-credit-same-day': 100_000_000,
  'ach-credit-standard': 1_000_000_000,
  'ach-debit-fund': 1_000_000_000,
  'ach-debit-collect': 1_000_000_000,
  'push-to-card': 5_000_000,
  'pull-from-card': 5_000_000,
};
const ANY_TRANSFER = 1_000_000_000_000;

const TYPES = [...PAYMENT_METHOD_TYPE_IDS] as PaymentMethodType[];

describe('payment-method pairs, rails and limits, as documented', () => {
  it('exactly the documented pairs are valid, each on its rail', () => {
    for (const source of TYPES) {
      for (const destination of TYPES) {
        const valid = DOCUMENTED_PAIRS[source]?.includes(destination) ?? false;
        assert.equal(isValidPair(source, destination), valid, `${source} → ${destination}`);
        if (valid) assert.equal(railFor(source, destination), documentedRail(source, destination), `the rail of ${source} → ${destination}`);
      }
    }
    // The rail rules' order: a card source to a wallet is card, a wallet to push-to-card is card, a wallet to RTP is rtp.
    assert.deepEqual(
      [railFor('card-payment', 'moov-wallet'), railFor('moov-wallet', 'push-to-card'), railFor('moov-wallet', 'instant-bank-credit'), railFor('ach-debit-fund', 'ach-credit-same-day'), railFor('moov-wallet', 'moov-wallet')],
      ['card', 'card', 'rtp', 'ach', 'wallet'],
    );
  });

  it('the tighter limit of the two methods applies, and says which method set it', () => {
    for (const source of TYPES) {
      for (const destination of TYPES) {
        const candidates = [source, destination].filter((type) => DOCUMENTED_LIMITS[type] !== undefined);
        let expected: { limit: number; setBy: string | undefined } = { limit: ANY_TRANSFER, setBy: undefined };
        for (const type of candidates) if (DOCUMENTED_LIMITS[type]! < expected.limit) expected = { limit: DOCUMENTED_LIMITS[type]!, setBy: type };
        assert.deepEqual(amountLimit(source, destination), expected, `${source} → ${destination}`);
      }
    }
    // Equal limits: the source's is named (the first strictly tighter wins).
    assert.deepEqual(amountLimit('ach-debit-fund', 'ach-credit-standard'), { limit: 1_000_000_000, setBy: 'ach-debit-fund' });
    assert.equal(AMEX_MINIMUM, 100, 'American Express: at least $1.00');
  });

  it('dollars() writes cents as the messages show them', () => {
    assert.deepEqual([dollars(0), dollars(5), dollars(100), dollars(12_345), dollars(10_000_000), dollars(1_000_000_000_000)], [
      '$0.00',
      '$0.05',
      '$1.00',
      '$123.45',
      '$100,000.00',
      '$10,000,000,000.00',
    ]);
  });
});

describe('capabilities a transfer needs (docs/api-behaviour.md §7.2), legacy or granular', () => {
  const all = (party: 'source' | 'destination', anyOf: string[]) => ({ party, anyOf });
  const ALWAYS = [all('source', ['transfers']), all('destination', ['transfers'])];
  const SEND_ACH = ['send-funds', 'send-funds.ach'];
  const COLLECT_CARD = ['collect-funds', 'collect-funds.card-payments'];
  const WALLET = ['wallet', 'wallet.balance'];

  it('each documented pair needs exactly its requirements', () => {
    const expected: Array<[PaymentMethodType, PaymentMethodType, Array<{ party: string; anyOf: string[] }>]> = [
      ['moov-wallet', 'moov-wallet', [all('source', WALLET), all('destination', WALLET)]],
      ['moov-wallet', 'ach-credit-standard', [all('source', WALLET), all('source', SEND_ACH)]],
      ['moov-wallet', 'ach-credit-same-day', [all('source', WALLET), all('source', SEND_ACH)]],
      ['moov-wallet', 'rtp-credit', [all('source', WALLET), all('source', ['send-funds', 'send-funds.rtp', 'send-funds.instant-bank'])]],
      ['moov-wallet', 'instant-bank-credit', [all('source', WALLET), all('source', ['send-funds', 'send-funds.instant-bank'])]],
      ['moov-wallet', 'push-to-card', [all('source', WALLET), all('source', ['send-funds', 'send-funds.push-to-card', 'wallet', 'wallet.balance'])]],
      ['ach-debit-fund', 'moov-wallet', [all('source', SEND_ACH), all('destination', WALLET)]],
      ['ach-debit-collect', 'ach-credit-standard', [all('destination', ['collect-funds', 'collect-funds.ach']), all('source', SEND_ACH)]],
      ['card-payment', 'moov-wallet', [all('destination', COLLECT_CARD), all('destination', WALLET)]],
      ['apple-pay', 'moov-wallet', [all('destination', COLLECT_CARD), all('destination', WALLET)]],
      ['card-present-payment', 'moov-wallet', [all('destination', COLLECT_CARD), all('destination', WALLET)]],
      ['pull-from-card', 'moov-wallet', [all('destination', ['collect-funds', 'money-transfer.pull-from-card']), all('destination', WALLET)]],
    ];
    for (const [source, destination, own] of expected) {
      assert.deepEqual(
        capabilityRequirements(source, destination).map((req) => ({ party: req.party, anyOf: [...req.anyOf] })),
        [...ALWAYS, ...own],
        `${source} → ${destination}`,
      );
    }
  });

  it('a type that never takes that side adds no requirement of its own', () => {
    // Credits are never sources and debits never destinations (isValidPair refuses such pairs first).
    assert.deepEqual(capabilityRequirements('rtp-credit', 'card-payment').map((req) => ({ party: req.party, anyOf: [...req.anyOf] })), ALWAYS);
  });

  it('the first unmet requirement is named; any one of its IDs meets it', () => {
    const set = (...ids: string[]) => new Set(ids);
    assert.deepEqual(unmetRequirement('moov-wallet', 'ach-credit-standard', { source: set('transfers', 'wallet.balance', 'send-funds.ach'), destination: set('transfers') }), undefined);
    assert.deepEqual(unmetRequirement('moov-wallet', 'ach-credit-standard', { source: set('transfers', 'wallet'), destination: set('transfers') }), all('source', SEND_ACH));
    assert.deepEqual(unmetRequirement('moov-wallet', 'moov-wallet', { source: set('wallet'), destination: set('transfers', 'wallet') }), all('source', ['transfers']));
    assert.deepEqual(unmetRequirement('moov-wallet', 'moov-wallet', { source: set('transfers', 'wallet'), destination: set('transfers') }), all('destination', WALLET));
  });
});
