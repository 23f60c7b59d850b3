import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { disputedPayment, disputePath, listDisputes, uploadFile, pdfBytes, V2026 } from './helpers.ts';
import { bearer, mintToken } from '../support/auth.ts';

// The list's filters and order, and Moov's scopes: transfers.read for reads and
// accept, transfers.write for evidence and submission (docs/disputes.md).

for (const kind of await storeKinds()) {
  describe(`dispute list and scopes (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));
    let first: { disputeID: string; transferID: string; merchant: string; createdOn: string; respondBy: string };
    let second: { disputeID: string; transferID: string; merchant: string; createdOn: string; respondBy: string };
    before(async () => {
      const a = await disputedPayment(s, 66_01);
      const b = await disputedPayment(s, 66_03);
      first = { ...a.disputes[0], transferID: a.transferID, merchant: a.merchant.accountID };
      second = { ...b.disputes[0], transferID: b.transferID, merchant: b.merchant.accountID };
    });

    const ids = (list: any[]) => list.map((d) => d.disputeID);

    it('filters by IDs, parties, status and windows; orders and pages', async () => {
      assert.deepEqual(ids(await listDisputes(s)), [second.disputeID, first.disputeID], 'newest first');
      assert.deepEqual(ids(await listDisputes(s, 'orderBy=createdOn:asc')), [first.disputeID, second.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, 'orderBy=amount')), [second.disputeID, first.disputeID], '$33.01 before $66.01');
      assert.deepEqual(ids(await listDisputes(s, 'count=1&skip=1')), [first.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, `disputeIDs=${first.disputeID},${second.disputeID.toUpperCase()}`)), [second.disputeID, first.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, `transferIDs=${second.transferID}`)), [second.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, `merchantAccountID=${first.merchant}`)), [first.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, 'status=won')), []);
      assert.deepEqual(ids(await listDisputes(s, `startDateTime=${encodeURIComponent(second.createdOn)}&endDateTime=${encodeURIComponent(second.createdOn)}`)), [second.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, `respondEndDateTime=${encodeURIComponent(first.respondBy)}`)), [first.disputeID]);
      // The merchant's own account sees only its disputes; a filter for another merchant finds nothing.
      assert.deepEqual(ids(await listDisputes(s, '', second.merchant)), [second.disputeID]);
      assert.deepEqual(ids(await listDisputes(s, `merchantAccountID=${first.merchant}`, second.merchant)), []);
    });

    it('refuses malformed filters with 400', async () => {
      for (const query of ['status=open', 'disputeIDs=nope', 'orderBy=transferID', 'startDateTime=yesterday', 'count=0', 'count=201', `startDateTime=2030-01-02T00:00:00Z&endDateTime=2030-01-01T00:00:00Z`]) {
        const refused = await s.request('GET', `/accounts/${s.platform.accountID}/disputes?${query}`, { headers: V2026 });
        assert.equal(refused.status, 400, query);
        assert.equal(typeof refused.json.error, 'string', query);
      }
    });

    it('a token with transfers.read reads and accepts; evidence needs transfers.write', async () => {
      const platformID = s.platform.accountID;
      const reader = bearer((await mintToken(s, `/accounts/${platformID}/transfers.read`)).access_token);
      const writer = bearer((await mintToken(s, `/accounts/${platformID}/transfers.write`)).access_token);
      assert.equal((await s.request('GET', `/accounts/${platformID}/disputes`, { headers: V2026, auth: reader })).status, 200);
      assert.equal((await s.request('GET', `/accounts/${platformID}/disputes`, { headers: V2026, auth: writer })).status, 403);
      const text = await s.request('POST', disputePath(s, first.disputeID, '/evidence-text'), { body: { text: 'x', evidenceType: 'other' }, headers: V2026, auth: reader });
      assert.equal(text.status, 403);
      assert.equal((await uploadFile(s, first.disputeID, { evidenceType: 'receipt', file: { bytes: pdfBytes(), name: 'a.pdf', type: 'application/pdf' } }, reader)).status, 403);
      assert.equal((await s.request('POST', disputePath(s, first.disputeID, '/evidence-text'), { body: { text: 'x', evidenceType: 'other' }, headers: V2026, auth: writer })).status, 201);
      assert.equal((await s.request('POST', disputePath(s, first.disputeID, '/evidence/submit'), { headers: V2026, auth: reader })).status, 403);
      assert.equal((await s.request('POST', disputePath(s, second.disputeID, '/accept'), { headers: V2026, auth: writer })).status, 403);
      assert.equal((await s.request('POST', disputePath(s, second.disputeID, '/accept'), { headers: V2026, auth: reader })).status, 200);
    });
  });
}
