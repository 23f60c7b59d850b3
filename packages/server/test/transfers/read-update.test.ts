import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, postTransfer, transferBody, v2024TransferValidator, walletParty, type WalletParty } from './helpers.ts';
import { V2026 } from '../support/versions.ts';

for (const kind of await storeKinds()) {
  describe(`list, get and update transfers (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: WalletParty;
    let bob: WalletParty;
    let carol: WalletParty;
    const ids: string[] = [];
    const path = () => `/accounts/${s.platform.accountID}/transfers`;

    before(async () => {
      alice = await walletParty(s, 10_000);
      bob = await walletParty(s);
      carol = await walletParty(s);
      for (const [from, to, cents, foreignID] of [
        [alice, bob, 100, 'a'],
        [alice, carol, 200, 'b'],
        [bob, carol, 50, 'c'],
        [alice, bob, 1_000_000, 'd'],
      ] as const) {
        const created = await postTransfer(s, transferBody(from, to, cents, { foreignID }));
        assert.equal(created.status, 200, created.text);
        ids.push(created.json.transferID);
      }
    });

    it('lists newest first with every filter and paging', async () => {
      const all = await s.request('GET', path(), { headers: V2026 });
      assert.equal(all.status, 200);
      assert.deepEqual(all.json.map((t: any) => t.transferID), [...ids].reverse());
      const q = async (query: string) => (await s.request('GET', `${path()}?${query}`, { headers: V2026 })).json.map((t: any) => t.transferID);
      assert.deepEqual(await q(`accountIDs=${carol.accountID}`), [ids[2], ids[1]]);
      assert.deepEqual(await q(`accountIDs=${carol.accountID},${bob.accountID}`), [ids[3], ids[2], ids[1], ids[0]]);
      assert.deepEqual(await q('status=failed'), [ids[3]]);
      assert.deepEqual(await q('foreignID=b'), [ids[1]]);
      assert.deepEqual(await q('skip=1&count=2'), [ids[2], ids[1]]);
      assert.deepEqual(await q(`startDateTime=2000-01-01T00:00:00Z&endDateTime=2999-01-01T00:00:00Z&refunded=false&disputed=false`), [...ids].reverse());
      assert.deepEqual(await q('refunded=true'), []);
      assert.deepEqual(await q(`groupID=${randomUUID()}`), []);
      assert.deepEqual(await q(`scheduleID=${randomUUID()}`), []);
      assert.deepEqual(await q('paymentLinkCode=abc'), []);
      assert.deepEqual(await q('endDateTime=2000-01-01T00:00:00Z'), []);
    });

    it('refuses bad filters with 422 ListTransfersValidationError keys', async () => {
      for (const [query, key] of [
        ['status=done', 'status'],
        ['count=201', 'count'],
        ['count=0', 'count'],
        ['skip=-1', 'skip'],
        ['accountIDs=nope', 'accountIDs'],
        ['startDateTime=yesterday', 'startDateTime'],
        ['refunded=maybe', 'refunded'],
        ['groupID=x', 'groupID'],
        ['startDateTime=2020-01-02T00:00:00Z&endDateTime=2020-01-01T00:00:00Z', 'endDateTime'],
      ]) {
        const answer = await s.request('GET', `${path()}?${query}`, { headers: V2026 });
        assert.equal(answer.status, 422, `${query}: ${answer.text}`);
        assert.equal(typeof answer.json[key!], 'string', `${query}: ${answer.text}`);
      }
      const tooMany = await s.request('GET', `${path()}?count=1000`, { headers: V2026 });
      assert.deepEqual(tooMany.json, { count: 'must be no greater than 200' });
      const negative = await s.request('GET', `${path()}?skip=-1`, { headers: V2026 });
      assert.deepEqual(negative.json, { skip: 'must be no less than 0' });
    });

    it('gets one transfer; another platform’s or a missing one is 404', async () => {
      const got = await s.request('GET', `${path()}/${ids[0]}`, { headers: V2026 });
      assert.equal(got.status, 200);
      assert.equal(got.json.foreignID, 'a');
      const other = await s.request('GET', `/accounts/${s.otherPlatform.accountID}/transfers/${ids[0]}`, { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(other.status, 404);
      assert.equal(other.text, '');
      assert.equal((await s.request('GET', `${path()}/${randomUUID()}`, { headers: V2026 })).status, 404);
    });

    it('patches metadata (null clears) and foreignID; refuses bad values with 422', async () => {
      const url = `${path()}/${ids[0]}`;
      const set = await s.request('PATCH', url, { headers: V2026, body: { metadata: { note: 'x' }, foreignID: 'z' } });
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(set.json.metadata, { note: 'x' });
      assert.equal(set.json.foreignID, 'z');
      const keep = await s.request('PATCH', url, { headers: V2026, body: {} });
      assert.deepEqual(keep.json.metadata, { note: 'x' });
      const cleared = await s.request('PATCH', url, { headers: V2026, body: { metadata: null } });
      assert.equal(cleared.json.metadata, undefined);
      assert.equal(cleared.json.foreignID, 'z');
      const bad = await s.request('PATCH', url, { headers: V2026, body: { metadata: { k: 5 }, foreignID: 'f'.repeat(65) } });
      assert.equal(bad.status, 422);
      assert.deepEqual(Object.keys(bad.json).sort(), ['foreignID', 'metadata']);
      // v2024.01.00 cannot set foreignID: the field is dropped.
      const old = await s.request('PATCH', url, { body: { foreignID: 'ignored', metadata: { v: '2024' } } });
      assert.equal(old.status, 200);
      const after = await s.request('GET', url, { headers: V2026 });
      assert.equal(after.json.foreignID, 'z');
      assert.deepEqual(after.json.metadata, { v: '2024' });
      await assertLedgerOk(s);
    });

    it('answers v2024.01.00 callers in the spec-2024 Transfer shape', async () => {
      const validate = v2024TransferValidator();
      const list = await s.request('GET', path());
      assert.equal(list.status, 200);
      for (const transfer of list.json) {
        assert.ok(validate(transfer), JSON.stringify(validate.errors));
        assert.equal(transfer.foreignID, undefined);
        assert.deepEqual(Object.keys(transfer.source.wallet), ['walletID']);
      }
      const created = await postTransfer(s, transferBody(alice, bob, 5), { version: 'v2024.01.00', waitFor: 'rail-response' });
      assert.equal(created.status, 200);
      assert.ok(validate(created.json), JSON.stringify(validate.errors));
      const key = randomUUID();
      assert.equal((await postTransfer(s, transferBody(alice, bob, 5, { foreignID: 'dropped' }), { version: 'v2024.01.00', key })).status, 200);
      const replay = await postTransfer(s, transferBody(alice, bob, 5), { version: 'v2024.01.00', key });
      assert.equal(replay.status, 409);
      assert.ok(validate(replay.json), JSON.stringify(validate.errors));
      const stored = await s.request('GET', `${path()}/${replay.json.transferID}`, { headers: V2026 });
      assert.equal(stored.json.foreignID, undefined);
      const got = await s.request('GET', `${path()}/${created.json.transferID}`);
      assert.ok(validate(got.json), JSON.stringify(validate.errors));
    });
  });
}
