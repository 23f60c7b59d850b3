import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFields } from '../src/api.ts';
import { formatMoney, humanize, parseMoney } from '../src/format.ts';
import { clearSession, IDLE_MINUTES, loadSession, parseApiKey, saveSession, touchSession } from '../src/session.ts';
import { timeline } from '../src/timeline.ts';
import type { Transfer } from '../src/types.ts';

/** The dashboard's logic that needs no browser: field maps, money, the session, the timeline. */

/** A sessionStorage for node: the same Storage calls the browser's answers. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('422 field maps', () => {
  it('flatten to dotted paths, so each message finds the field of that name', () => {
    assert.deepEqual(flattenFields({ profile: { individual: { name: { firstName: 'cannot be blank' }, email: 'bad' } }, amount: 'too small' }), {
      'profile.individual.name.firstName': 'cannot be blank',
      'profile.individual.email': 'bad',
      amount: 'too small',
    });
    assert.deepEqual(flattenFields(undefined), {});
    assert.deepEqual(flattenFields({ error: 'x' }), { error: 'x' });
  });
});

describe('money', () => {
  it('reads what people type into cents, refusing what is not an amount', () => {
    assert.equal(parseMoney('100'), 10_000);
    assert.equal(parseMoney('25.5'), 2_550);
    assert.equal(parseMoney('$1,234.56'), 123_456);
    assert.equal(parseMoney(' 0.07 '), 7);
    for (const bad of ['', '-5', '1.234', 'abc', '1e3', '.5']) assert.equal(parseMoney(bad), undefined, bad);
  });
  it('formats cents as currency, negatives too', () => {
    assert.equal(formatMoney(123_456), '$1,234.56');
    assert.equal(formatMoney(-2_550), '-$25.50');
  });
  it('humanizes API words', () => {
    assert.equal(humanize('ach-debit-fund'), 'ACH debit fund');
    assert.equal(humanize('rail.wallet.complete'), 'Rail wallet complete');
  });
});

describe('the session', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });

  it('splits PUBLIC_KEY:SECRET at the first colon, and refuses anything else', () => {
    assert.deepEqual(parseApiKey(' pub:se:cret '), { publicKey: 'pub', secret: 'se:cret' });
    for (const bad of ['', 'nocolon', ':secret', 'public:']) assert.equal(parseApiKey(bad), undefined, bad);
  });

  it(`lasts ${IDLE_MINUTES} minutes from the last activity, then says it expired and forgets the key`, () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    saveSession({ publicKey: 'p', secret: 's', platformID: 'x' }, start);
    assert.equal(loadSession(start + (IDLE_MINUTES * 60_000) / 2).kind, 'signed-in');
    assert.equal(touchSession(start + (IDLE_MINUTES * 60_000) / 2), true);
    const later = start + IDLE_MINUTES * 60_000 + 1;
    assert.equal(loadSession(later).kind, 'signed-in', 'activity pushed the expiry back');
    const expired = loadSession(start + 2 * IDLE_MINUTES * 60_000);
    assert.deepEqual(expired, { kind: 'signed-out', reason: 'expired' });
    assert.deepEqual(loadSession(start), { kind: 'signed-out' }, 'the key is gone');
  });

  it('treats a damaged stored session as signed out', () => {
    sessionStorage.setItem('railyard.session', '{not json');
    assert.deepEqual(loadSession(), { kind: 'signed-out' });
    saveSession({ publicKey: 'p', secret: 's', platformID: 'x' });
    clearSession();
    assert.deepEqual(loadSession(), { kind: 'signed-out' });
  });
});

describe('a transfer’s timeline', () => {
  const party = (accountID: string, extra: Record<string, unknown> = {}) => ({ paymentMethodID: 'pm', paymentMethodType: 'ach-debit-fund', account: { accountID, displayName: accountID }, ...extra });
  const transfer = {
    transferID: 't',
    status: 'completed',
    amount: { currency: 'USD', value: 100 },
    createdOn: '2026-01-01T00:00:00Z',
    source: party('a', { achDetails: { status: 'completed', initiatedOn: '2026-01-01T00:00:01Z', originatedOn: '2026-01-01T00:00:02Z', completedOn: '2026-01-01T00:00:05Z' } }),
    destination: party('b'),
  } as unknown as Transfer;

  it('merges status events and rail sub-statuses in time order, each saying where it came from', () => {
    const steps = timeline(transfer, [
      { eventID: '1', type: 'transfer.created', data: { status: 'created' }, createdOn: '2026-01-01T00:00:00Z' },
      { eventID: '2', type: 'transfer.updated', data: { status: 'pending' }, createdOn: '2026-01-01T00:00:01Z' },
      { eventID: '3', type: 'transfer.updated', data: { status: 'completed' }, createdOn: '2026-01-01T00:00:05Z' },
      { eventID: '4', type: 'refund.updated', data: { status: 'completed' }, createdOn: '2026-01-01T00:00:09Z' },
      { eventID: '5', type: 'balance.updated', data: {}, createdOn: '2026-01-01T00:00:05Z' },
    ]);
    assert.deepEqual(
      steps.map((step) => [step.label, step.origin]),
      [
        ['Transfer created', 'transfer'],
        ['Source ACH: initiated', 'source.achDetails'],
        ['Transfer pending', 'transfer.updated event'],
        ['Source ACH: originated', 'source.achDetails'],
        ['Source ACH: completed', 'source.achDetails'],
        ['Transfer completed', 'transfer.updated event'],
        ['Refund completed', 'refund.updated event'],
      ],
    );
  });
});
