import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { assertLedgerOk, methodTransferBody as body, postTransfer, walletParty, type WalletParty } from '../support/transfers.ts';

// Wallet adjustments (docs/refunds.md "Adjustments"): Moov's list and get, and
// Railyard's sandbox create that posts one balanced, as an `adjustment`
// platform settlement (a debit may take the wallet below zero).

for (const kind of await storeKinds()) {
  describe(`adjustments (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: assertLedgerOk });

    const adjust = (party: WalletParty, value: number, extra: Record<string, unknown> = {}, auth?: string) =>
      s.request('POST', `/railyard/accounts/${party.accountID}/adjustments`, {
        headers: V2026,
        body: { walletID: party.walletID, amount: { currency: 'USD', value }, ...extra },
        ...(auth ? { auth } : {}),
      });
    const balanceOf = async (party: WalletParty) =>
      (await s.request('GET', `/accounts/${party.accountID}/wallets/${party.walletID}`, { headers: V2026 })).json.availableBalance.value as number;
    const counts = () =>
      s.testStore.store.read(async (sql) => ({
        adjustments: Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM adjustments'))?.n),
        entries: Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger_entries'))?.n),
        events: Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM events'))?.n),
      }));

    it('credits and debits a wallet, each with its adjustment wallet transaction, listed and read back', async () => {
      const party = await walletParty(s, 1_000);
      const credit = await adjust(party, 250, { memo: 'goodwill credit' });
      assert.equal(credit.status, 200, credit.text);
      assert.deepEqual(Object.keys(credit.json).sort(), ['adjustmentID', 'amount', 'createdOn', 'walletID']);
      assert.deepEqual(credit.json.amount, { currency: 'USD', valueDecimal: '2.50' });
      assert.equal(credit.json.walletID, party.walletID);
      const debit = await adjust(party, -1_500);
      assert.equal(debit.status, 200, debit.text);
      assert.deepEqual(debit.json.amount, { currency: 'USD', valueDecimal: '-15.00' });
      // 1,000 + 250 − 1,500: a platform correction may take the wallet below zero.
      assert.equal(await balanceOf(party), -250);

      const listed = await s.request('GET', `/accounts/${party.accountID}/adjustments`, { headers: V2026 });
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.json.map((a: any) => a.adjustmentID), [debit.json.adjustmentID, credit.json.adjustmentID]);
      const one = await s.request('GET', `/accounts/${party.accountID}/adjustments/${credit.json.adjustmentID}`, { headers: V2026 });
      assert.deepEqual(one.json, credit.json);
      const byWallet = await s.request('GET', `/accounts/${party.accountID}/adjustments?walletID=${randomUUID()}`, { headers: V2026 });
      assert.deepEqual(byWallet.json, []);

      const txs = await s.request('GET', `/accounts/${party.accountID}/wallets/${party.walletID}/transactions?transactionType=adjustment&sourceType=adjustment`, { headers: V2026 });
      const byID = new Map(txs.json.map((t: any) => [t.sourceID, t]));
      assert.equal((byID.get(credit.json.adjustmentID) as any).netAmount, 250);
      assert.equal((byID.get(credit.json.adjustmentID) as any).memo, 'goodwill credit');
      assert.equal((byID.get(debit.json.adjustmentID) as any).netAmount, -1_500);
      assert.equal((byID.get(debit.json.adjustmentID) as any).availableBalance, -250);

      // The negative wallet cannot send until covered.
      const to = await walletParty(s);
      const blocked = await postTransfer(s, body(party.paymentMethodID, to.paymentMethodID, 1));
      assert.equal(blocked.status, 200);
      const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${blocked.json.transferID}`, { headers: V2026 });
      assert.equal(got.json.failureReason, 'wallet-insufficient-funds');
      await adjust(party, 300);
      assert.equal(await balanceOf(party), 50);
      await assertLedgerOk(s);
    });

    for (const [what, payload, status, field] of [
      ['zero', { amount: { currency: 'USD', value: 0 } }, 422, 'amount'],
      ['fractional', { amount: { currency: 'USD', value: 1.5 } }, 422, 'amount'],
      ['too large', { amount: { currency: 'USD', value: 100_000_001 } }, 422, 'amount'],
      ['another currency', { amount: { currency: 'EUR', value: 100 } }, 422, 'amount'],
      ['an empty memo', { amount: { currency: 'USD', value: 100 }, memo: '' }, 422, 'memo'],
      ['an unknown field (the body as a whole is malformed)', { amount: { currency: 'USD', value: 100 }, reason: 'x' }, 400, 'error'],
    ] as const) {
      it(`refuses ${what} with ${status} and writes nothing`, async () => {
        const party = await walletParty(s, 100);
        const before = await counts();
        const refused = await s.request('POST', `/railyard/accounts/${party.accountID}/adjustments`, { headers: V2026, body: { walletID: party.walletID, ...payload } });
        assert.equal(refused.status, status, refused.text);
        assert.ok(refused.json[field], refused.text);
        assert.deepEqual(await counts(), before);
        assert.equal(await balanceOf(party), 100);
      });
    }

    it('answers another platform, an unknown wallet or adjustment with 404 and writes nothing', async () => {
      const party = await walletParty(s, 100);
      const before = await counts();
      const foreign = await s.request('POST', `/railyard/accounts/${party.accountID}/adjustments`, {
        headers: V2026,
        auth: s.otherPlatform.basic,
        body: { walletID: party.walletID, amount: { currency: 'USD', value: 100 } },
      });
      assert.equal(foreign.status, 404);
      const unknownWallet = await s.request('POST', `/railyard/accounts/${party.accountID}/adjustments`, {
        headers: V2026,
        body: { walletID: randomUUID(), amount: { currency: 'USD', value: 100 } },
      });
      assert.equal(unknownWallet.status, 404);
      assert.deepEqual(await counts(), before);
      const adjusted = await adjust(party, 10);
      const read = await s.request('GET', `/accounts/${party.accountID}/adjustments/${adjusted.json.adjustmentID}`, { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(read.status, 404);
      const list = await s.request('GET', `/accounts/${party.accountID}/adjustments`, { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(list.status, 404);
      const missing = await s.request('GET', `/accounts/${party.accountID}/adjustments/${randomUUID()}`, { headers: V2026 });
      assert.equal(missing.status, 404);
    });

    it('refuses a closed wallet with 400', async () => {
      const party = await walletParty(s);
      const general = await s.request('POST', `/accounts/${party.accountID}/wallets`, { headers: V2026, body: { name: 'spare' } });
      assert.equal(general.status, 200, general.text);
      const closed = await s.request('PATCH', `/accounts/${party.accountID}/wallets/${general.json.walletID}`, { headers: V2026, body: { status: 'closed' } });
      assert.equal(closed.status, 200, closed.text);
      const refused = await s.request('POST', `/railyard/accounts/${party.accountID}/adjustments`, {
        headers: V2026,
        body: { walletID: general.json.walletID, amount: { currency: 'USD', value: 100 } },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.json.error, 'the wallet is closed');
    });
  });
}
