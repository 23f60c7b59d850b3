import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { bankPath, createAccount, eventsOf, link, liveMethodTypes, SANDBOX_BANK, V2026 } from './helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of await storeKinds()) {
  describe(`bank accounts: micro-deposits and instant verification (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: { now: () => new Date(Date.now() + offsetMs) } }));
    let offsetMs = 0;

    const fresh = async (overrides: Record<string, unknown> = {}) => {
      const accountID = await createAccount(s);
      const bank = await link(s, accountID, overrides);
      const at = (suffix = '') => bankPath(accountID, bank.bankAccountID, suffix);
      const status = async () => (await s.request('GET', at(), { headers: V2026 })).json;
      return { accountID, bank, at, status };
    };
    const put = (path: string, body: unknown) => s.request('PUT', path, { body, headers: V2026 });
    const post = (path: string, headers: Record<string, string> = V2026) => s.request('POST', path, { headers });

    it('sandbox micro-deposits: $0.00/$0.00, verified with [0, 0], debits enabled', async () => {
      const { bank, at, status } = await fresh();
      const early = await put(at('/micro-deposits'), { amounts: [0, 0] });
      assert.equal(early.status, 409, 'nothing to confirm before initiation');

      const started = await post(at('/micro-deposits'));
      assert.equal(started.status, 204);
      assert.equal(started.text, '');
      assert.deepEqual([(await status()).status, (await status()).statusReason], ['pending', 'verification-initiated']);
      assert.equal((await post(at('/micro-deposits'))).status, 409, 'a round is already in progress');
      assert.equal((await post(at('/verify'))).status, 409, 'one round at a time across both methods');

      const done = await put(at('/micro-deposits'), { amounts: [0, 0] });
      assert.equal(done.status, 200);
      assert.deepEqual(done.json, { status: 'verified' });
      const after = await status();
      assert.deepEqual([after.status, after.statusReason], ['verified', 'verification-successful']);
      // `transfers` is enabled on every account, so collect debits open; `send-funds` is only requested.
      assert.deepEqual(await liveMethodTypes(s, bank.bankAccountID), [
        'ach-credit-same-day',
        'ach-credit-standard',
        'ach-debit-collect',
        'instant-bank-credit',
        'rtp-credit',
      ]);
      const updates = (await eventsOf(s, 'bankAccount.updated')).filter((e) => e['bankAccountID'] === bank.bankAccountID);
      assert.deepEqual(updates.map((e) => [e['status'], e['statusReason']]), [
        ['pending', 'verification-initiated'],
        ['verified', 'verification-successful'],
      ]);
      assert.equal((await post(at('/micro-deposits'))).status, 409, 'already verified');
      assert.equal((await put(at('/micro-deposits'), { amounts: [0, 0] })).status, 409);
      assert.equal((await post(at('/verify'))).status, 409);
    });

    it('malformed amounts are a 422 {amounts} and use no try; three wrong reports end the round', async () => {
      const { at, status } = await fresh();
      await post(at('/micro-deposits'));
      for (const body of [{ amounts: [0] }, { amounts: [0, 0, 0] }, { amounts: ['0', 0] }, { amounts: [0.5, 0] }, { amounts: [50, 0] }, { amounts: [-1, 0] }, {}, { amounts: null }]) {
        const response = await put(at('/micro-deposits'), body);
        assert.equal(response.status, 422, JSON.stringify(body));
        assert.deepEqual(Object.keys(response.json), ['amounts']);
      }
      assert.equal((await put(at('/micro-deposits'), [0, 0])).status, 400, 'a body that is not an object');

      const first = await put(at('/micro-deposits'), { amounts: [1, 2] });
      assert.equal(first.status, 400);
      assert.match(first.json.error, /2 tries left/);
      assert.match((await put(at('/micro-deposits'), { amounts: [3, 4] })).json.error, /1 try left/);
      const third = await put(at('/micro-deposits'), { amounts: [5, 6] });
      assert.equal(third.status, 400);
      assert.match(third.json.error, /errored: link a new bank account/);
      const after = await status();
      assert.deepEqual([after.status, after.statusReason], ['errored', 'micro-deposit-attempts-exceeded']);
      assert.equal((await put(at('/micro-deposits'), { amounts: [0, 0] })).status, 409, 'the round is over');
      // Errored: no new round; the holder links a new bank account.
      assert.equal((await post(at('/micro-deposits'))).status, 409);
      assert.equal((await post(at('/verify'))).status, 409);
    });

    it('three wrong micro-deposit reports leave the bank account errored with no payment methods', async () => {
      const { bank, at, status } = await fresh();
      assert.equal((await post(at('/micro-deposits'))).status, 204);
      for (let attempt = 0; attempt < 3; attempt++) await put(at('/micro-deposits'), { amounts: [7, 8] });
      const after = await status();
      assert.deepEqual([after.status, after.statusReason], ['errored', 'micro-deposit-attempts-exceeded']);
      assert.deepEqual(await liveMethodTypes(s, bank.bankAccountID), []);
      const refused = await post(at('/micro-deposits'));
      assert.equal(refused.status, 409);
      assert.match(refused.json.error, /link a new bank account/);
    });

    it('instant verification: code 0000 in any documented spelling; wrong codes counted, bad codes refused', async () => {
      const { at, status } = await fresh();
      assert.equal((await s.request('GET', at('/verify'))).status, 404, 'none started');
      assert.equal((await put(at('/verify'), { code: '0000' })).status, 409, 'nothing to complete');

      const started = await post(at('/verify'), { ...V2026, 'x-wait-for': 'rail-response' });
      assert.equal(started.status, 200);
      assert.deepEqual(started.json, { verificationMethod: 'instant', status: 'sent-credit' });
      assert.deepEqual((await s.request('GET', at('/verify'))).json, { verificationMethod: 'instant', status: 'sent-credit' });
      assert.equal((await post(at('/micro-deposits'))).status, 409, 'one round at a time');

      for (const code of ['MV00000', '000', 'abcd', 1234, null]) {
        const bad = await put(at('/verify'), { code });
        assert.equal(bad.status, 422, String(code));
        assert.equal(typeof bad.json.error, 'string');
      }
      const wrong = await put(at('/verify'), { code: 'MV1234' });
      assert.equal(wrong.status, 400);
      assert.match(wrong.json.error, /4 tries left/);
      const right = await put(at('/verify'), { code: 'mv0000' });
      assert.equal(right.status, 200);
      assert.deepEqual(right.json, { verificationMethod: 'instant', status: 'successful' });
      assert.equal((await status()).status, 'verified');
      assert.equal((await put(at('/verify'), { code: '0000' })).status, 409, 'already verified');
    });

    it('five wrong codes: max-attempts-exceeded and verificationFailed; ACH-only banks verify over ach', async () => {
      const { at, status } = await fresh({ routingNumber: SANDBOX_BANK });
      const started = await post(at('/verify'));
      assert.deepEqual(started.json, { verificationMethod: 'ach', status: 'sent-credit' });
      for (let i = 0; i < 4; i++) assert.equal((await put(at('/verify'), { code: '9999' })).status, 400);
      const fifth = await put(at('/verify'), { code: '9999' });
      assert.equal(fifth.status, 200);
      assert.deepEqual(fifth.json, { verificationMethod: 'ach', status: 'max-attempts-exceeded' });
      const after = await status();
      assert.deepEqual([after.status, after.statusReason], ['verificationFailed', 'verification-attempts-exceeded']);
      assert.equal((await put(at('/verify'), { code: '0000' })).status, 409);
      assert.equal((await post(at('/verify'))).status, 200, 'reverify');
      assert.equal((await put(at('/verify'), { code: '0000' })).json.status, 'successful');
    });

    it('rounds expire after 14 days, applied on the next read with its event', async () => {
      const micro = await fresh();
      const instant = await fresh();
      await post(micro.at('/micro-deposits'));
      await post(instant.at('/verify'));
      offsetMs += 14 * DAY_MS + 1000;
      try {
        const expired = await micro.status();
        assert.deepEqual([expired.status, expired.statusReason], ['verificationFailed', 'micro-deposit-expired']);
        const list = await s.request('GET', `/accounts/${instant.accountID}/bank-accounts`, { headers: V2026 });
        assert.deepEqual([list.json[0].status, list.json[0].statusReason], ['verificationFailed', 'verification-expired']);
        assert.deepEqual((await s.request('GET', instant.at('/verify'))).json, { verificationMethod: 'instant', status: 'expired' });
        assert.equal((await put(micro.at('/micro-deposits'), { amounts: [0, 0] })).status, 409);
        const updates = (await eventsOf(s, 'bankAccount.updated')).filter((e) => e['bankAccountID'] === micro.bank.bankAccountID);
        assert.equal(updates.filter((e) => e['statusReason'] === 'micro-deposit-expired').length, 1, 'recorded once');
      } finally {
        offsetMs = 0;
      }
    });

    it('a disconnected account is read-only for its bank accounts', async () => {
      const { accountID, at } = await fresh();
      assert.equal((await s.request('DELETE', `/accounts/${accountID}`)).status, 204);
      assert.equal((await s.request('GET', at())).status, 200);
      const refused = await post(at('/micro-deposits'));
      assert.equal(refused.status, 409);
      assert.equal((await s.request('DELETE', at())).status, 409);
    });
  });
}
