import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { platformCaller, postTransfer, transferBody, type WalletParty, walletParty } from '../support/transfers.ts';

/**
 * The transfer service's edges (docs/transfers.md "List, get, update"), where
 * the transfers mutation scope (docs/testing.md) found them unpinned: a date
 * window compared in UTC and refused when empty, IDs and the path account
 * matched whatever their case, and a PATCH that clears the foreignID with "".
 */

for (const kind of await storeKinds()) {
  describe(`transfer service edges (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));
    let alice: WalletParty;
    let bob: WalletParty;
    let transferID: string;
    before(async () => {
      alice = await walletParty(s, 10_000);
      bob = await walletParty(s);
      const created = await postTransfer(s, transferBody(alice, bob, 5, { foreignID: 'keep-me' }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      transferID = created.json.transferID as string;
    });
    const path = (account = s.platform.accountID) => `/accounts/${account}/transfers`;
    const caller = () => platformCaller(s);

    it('a date window must not be empty: an end at or before the start is a 422 naming endDateTime, compared in UTC', async () => {
      const list = (query: string) => s.request('GET', `${path()}?${query}`, { headers: V2026 });
      const equal = await list('startDateTime=2020-01-01T00:00:00Z&endDateTime=2020-01-01T00:00:00Z');
      assert.deepEqual([equal.status, equal.json], [422, { endDateTime: 'must be after startDateTime' }]);
      // 05:00 at +05:00 is midnight UTC: the same instant, so the same refusal.
      const offset = await list(`startDateTime=${encodeURIComponent('2020-01-01T05:00:00+05:00')}&endDateTime=2020-01-01T00:00:00Z`);
      assert.deepEqual([offset.status, offset.json], [422, { endDateTime: 'must be after startDateTime' }]);
      const oneMs = await list('startDateTime=2020-01-01T00:00:00.000Z&endDateTime=2020-01-01T00:00:00.001Z');
      assert.deepEqual([oneMs.status, oneMs.json], [200, []]);
      // 10:00 at +05:00 is 05:00 UTC, before 06:00 UTC: a window, though the text sorts the other way.
      const zones = await s.services.transfers.list(caller(), s.platform.accountID, { startDateTime: '2020-01-01T10:00:00+05:00', endDateTime: '2020-01-01T06:00:00Z' } as never);
      assert.deepEqual(zones, []);
      // A window that holds the transfer finds it, in whatever zone it is written.
      const around = await list(`startDateTime=${encodeURIComponent('2000-01-01T09:00:00+09:00')}&endDateTime=2100-01-01T00:00:00Z`);
      assert.deepEqual(around.json.map((t: { transferID: string }) => t.transferID), [transferID]);
    });

    it('the path account and the transfer ID match in any case', async () => {
      // The service itself, as other services and the MCP tools call it (not only through the HTTP edge).
      const service = s.services.transfers;
      assert.equal((await service.get(caller(), s.platform.accountID.toUpperCase(), transferID.toUpperCase())).transferID, transferID);
      assert.equal((await service.record(s.platform.accountID, transferID.toUpperCase()))?.transferID, transferID);
      const viaService = await service.update(caller(), s.platform.accountID.toUpperCase(), transferID.toUpperCase(), { metadata: { via: 'service' } });
      assert.deepEqual(viaService.metadata, { via: 'service' });
      const got = await s.request('GET', `${path(s.platform.accountID.toUpperCase())}/${transferID.toUpperCase()}`, { headers: V2026 });
      assert.deepEqual([got.status, got.json.transferID], [200, transferID]);
      const listed = await s.request('GET', path(s.platform.accountID.toUpperCase()), { headers: V2026 });
      assert.equal(listed.status, 200);
      const patched = await s.request('PATCH', `${path()}/${transferID.toUpperCase()}`, { headers: V2026, body: { metadata: { case: 'upper' } } });
      assert.deepEqual([patched.status, patched.json.metadata, patched.json.foreignID], [200, { case: 'upper' }, 'keep-me']);
      const filtered = await s.request('GET', `${path()}?groupID=${'A1B2C3D4-0000-4000-8000-000000000000'}`, { headers: V2026 });
      assert.deepEqual([filtered.status, filtered.json], [200, []]);
    });

    it('PATCH with foreignID "" clears it, and a body without metadata keeps the metadata', async () => {
      await s.request('PATCH', `${path()}/${transferID}`, { headers: V2026, body: { metadata: { a: '1' }, foreignID: 'set' } });
      const cleared = await s.request('PATCH', `${path()}/${transferID}`, { headers: V2026, body: { foreignID: '' } });
      assert.deepEqual([cleared.status, cleared.json.foreignID, cleared.json.metadata], [200, undefined, { a: '1' }]);
      const stored = await s.request('GET', `${path()}/${transferID}`, { headers: V2026 });
      assert.deepEqual([stored.json.foreignID, stored.json.metadata], [undefined, { a: '1' }]);
      const untouched = await s.request('PATCH', `${path()}/${transferID}`, { headers: V2026, body: {} });
      assert.deepEqual([untouched.status, untouched.json.foreignID, untouched.json.metadata], [200, undefined, { a: '1' }]);
    });
  });
}
