import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BANK_ACCOUNT_STATUSES } from '../../src/domain/sources/bank-account-status.ts';
import {
  PAYMENT_METHOD_TYPES,
  paymentMethodTypesFor,
  type SourceFacts,
} from '../../src/domain/sources/payment-method-types.ts';

const caps = (...ids: string[]) => new Set(ids);
const ALL = caps('transfers', 'send-funds', 'collect-funds', 'wallet', 'wallet.balance', 'send-funds.ach', 'collect-funds.ach',
  'send-funds.push-to-card', 'money-transfer.push-to-card', 'money-transfer.pull-from-card');
const noRails = { rtp: false, fedNow: false };
const bank = (status: (typeof BANK_ACCOUNT_STATUSES)[number], rails = noRails): SourceFacts => ({ kind: 'bank-account', status, rails });
const card = (push?: 'not-supported' | 'standard' | 'fast-funds' | 'unknown', pull?: 'not-supported' | 'supported' | 'unknown', expired = false): SourceFacts => ({
  kind: 'card',
  expired,
  domesticPushToCard: push,
  domesticPullFromCard: pull,
});

test('the list is the SDK PaymentMethodType enum', () => {
  assert.deepEqual([...PAYMENT_METHOD_TYPES], [
    'moov-wallet', 'ach-debit-fund', 'ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day', 'rtp-credit',
    'card-payment', 'push-to-card', 'pull-from-card', 'apple-pay', 'card-present-payment', 'instant-bank-credit',
  ]);
});

test('the table', () => {
  const table: Array<[string, SourceFacts, Set<string>, string[]]> = [
    ['active wallet, wallet capability', { kind: 'wallet', status: 'active' }, caps('wallet'), ['moov-wallet']],
    ['active wallet, granular wallet.balance', { kind: 'wallet', status: 'active' }, caps('wallet.balance'), ['moov-wallet']],
    ['active wallet, no wallet capability', { kind: 'wallet', status: 'active' }, caps('transfers'), []],
    ['closed wallet', { kind: 'wallet', status: 'closed' }, ALL, []],
    ['new bank', bank('new'), ALL, ['ach-credit-standard', 'ach-credit-same-day']],
    ['pending bank', bank('pending'), ALL, ['ach-credit-standard', 'ach-credit-same-day']],
    ['verificationFailed bank', bank('verificationFailed'), ALL, ['ach-credit-standard', 'ach-credit-same-day']],
    ['errored bank', bank('errored', { rtp: true, fedNow: true }), ALL, []],
    ['new bank, no capabilities: credits need none', bank('new'), caps(), ['ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, all capabilities', bank('verified'), ALL,
      ['ach-debit-fund', 'ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, send only', bank('verified'), caps('send-funds'), ['ach-debit-fund', 'ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, granular send-funds.ach', bank('verified'), caps('send-funds.ach'), ['ach-debit-fund', 'ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, collect only', bank('verified'), caps('collect-funds.ach'), ['ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, transfers only', bank('verified'), caps('transfers'), ['ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day']],
    ['verified bank, no capabilities', bank('verified'), caps(), ['ach-credit-standard', 'ach-credit-same-day']],
    ['RTP bank', bank('new', { rtp: true, fedNow: false }), caps(), ['ach-credit-standard', 'ach-credit-same-day', 'rtp-credit', 'instant-bank-credit']],
    ['FedNow-only bank', bank('new', { rtp: false, fedNow: true }), caps(), ['ach-credit-standard', 'ach-credit-same-day', 'instant-bank-credit']],
    ['card, nothing eligible', card('not-supported', 'not-supported'), ALL, ['card-payment']],
    ['card, eligibility unknown', card('unknown', 'unknown'), ALL, ['card-payment']],
    ['card, eligibility not reported', card(undefined, undefined), ALL, ['card-payment']],
    ['card, fast funds and pull', card('fast-funds', 'supported'), ALL, ['card-payment', 'push-to-card', 'pull-from-card']],
    ['card, standard push', card('standard', 'not-supported'), ALL, ['card-payment', 'push-to-card']],
    ['card, eligible but no capabilities', card('fast-funds', 'supported'), caps(), ['card-payment']],
    ['card, push capability only', card('fast-funds', 'supported'), caps('money-transfer.push-to-card'), ['card-payment', 'push-to-card']],
    ['card, pull capability only', card('fast-funds', 'supported'), caps('money-transfer.pull-from-card'), ['card-payment', 'pull-from-card']],
    ['expired card', card('fast-funds', 'supported', true), ALL, []],
  ];
  for (const [name, source, capabilities, expected] of table) {
    assert.deepEqual(paymentMethodTypesFor(source, capabilities), expected, name);
  }
});

test('debits only ever come from verified bank accounts', () => {
  for (const status of BANK_ACCOUNT_STATUSES) {
    const types = paymentMethodTypesFor(bank(status, { rtp: true, fedNow: true }), ALL);
    const debits = types.filter((type) => type.startsWith('ach-debit'));
    assert.deepEqual(debits, status === 'verified' ? ['ach-debit-fund', 'ach-debit-collect'] : [], status);
  }
});
