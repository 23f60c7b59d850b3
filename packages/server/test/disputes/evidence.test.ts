import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_EVIDENCE_FILE_BYTES } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { addText, advance, disputedPayment, disputePath, getDispute, pdfBytes, uploadFile, V2026 } from './helpers.ts';
import { assertLedgerOk } from '../support/transfers.ts';

// Evidence of a dispute (docs/disputes.md "Evidence"): text and files (multipart,
// JPEG/TIFF/PDF up to 4 MB), read back, changed, deleted, downloaded and
// submitted once; and every refusal: a 4xx in Moov's shape with nothing written.

for (const kind of await storeKinds()) {
  describe(`dispute evidence (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    const evidenceCount = async (disputeID: string) =>
      Number(
        (await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM dispute_evidence WHERE dispute_id = ?', [disputeID])))!.n,
      );

    it('stores text and files, lists, reads, changes, downloads and deletes them', async () => {
      const { disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID;

      const text = await addText(s, disputeID, '  Tracking 1Z999 shows delivery.  ', 'proof-of-delivery');
      assert.equal(text.status, 201, text.text);
      assert.deepEqual(Object.keys(text.json).sort(), ['createdOn', 'disputeID', 'evidenceID', 'evidenceType', 'text']);
      assert.equal(text.json.text, 'Tracking 1Z999 shows delivery.');

      const pdf = pdfBytes(2_000);
      const file = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: pdf, name: 'receipt.pdf', type: 'application/pdf' } });
      assert.equal(file.status, 201, file.text);
      assert.deepEqual(
        { ...file.json, evidenceID: 'x', createdOn: 'x' },
        { evidenceID: 'x', disputeID, filename: 'receipt.pdf', mimeType: 'application/pdf', size: 2_000, evidenceType: 'receipt', createdOn: 'x' },
      );
      const jpeg = await uploadFile(s, disputeID, { evidenceType: 'other', file: { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), name: 'photo.jpg', type: 'image/jpeg' } });
      assert.equal(jpeg.status, 201, jpeg.text);

      const listed = await s.request('GET', disputePath(s, disputeID, '/evidence'), { headers: V2026 });
      assert.equal(listed.status, 200);
      assert.deepEqual(
        (listed.json as any[]).map((e) => [e.evidenceType, e.text ?? null, e.filename ?? null, e.size ?? null]),
        [
          ['proof-of-delivery', 'Tracking 1Z999 shows delivery.', null, null],
          ['receipt', null, 'receipt.pdf', 2_000],
          ['other', null, 'photo.jpg', 7],
        ],
      );

      const one = await s.request('GET', disputePath(s, disputeID, `/evidence/${file.json.evidenceID}`), { headers: V2026 });
      assert.equal(one.status, 200);
      assert.equal(one.json.mimeType, 'application/pdf');

      const data = await fetch(`${s.url}${disputePath(s, disputeID, `/evidence/${file.json.evidenceID}/data`)}`, {
        headers: { authorization: s.platform.basic, accept: 'application/pdf;q=1, image/jpeg;q=0.7, image/tiff;q=0' },
      });
      assert.equal(data.status, 200);
      assert.equal(data.headers.get('content-type'), 'application/pdf');
      assert.deepEqual(new Uint8Array(await data.arrayBuffer()), pdf);
      const textData = await s.request('GET', disputePath(s, disputeID, `/evidence/${text.json.evidenceID}/data`), { headers: V2026 });
      assert.equal(textData.status, 404);

      const changed = await s.request('PATCH', disputePath(s, disputeID, `/evidence/${text.json.evidenceID}`), {
        body: { text: 'Signed for by J. Doe.', evidenceType: 'customer-communication' },
        headers: V2026,
      });
      assert.equal(changed.status, 200, changed.text);
      assert.equal(changed.json.text, 'Signed for by J. Doe.');
      assert.equal(changed.json.evidenceType, 'customer-communication');
      const textOnFile = await s.request('PATCH', disputePath(s, disputeID, `/evidence/${file.json.evidenceID}`), { body: { text: 'no' }, headers: V2026 });
      assert.equal(textOnFile.status, 400);

      const deleted = await s.request('DELETE', disputePath(s, disputeID, `/evidence/${jpeg.json.evidenceID}`), { headers: V2026 });
      assert.equal(deleted.status, 204);
      assert.equal(deleted.text, '');
      assert.equal((await s.request('GET', disputePath(s, disputeID, `/evidence/${jpeg.json.evidenceID}`), { headers: V2026 })).status, 404);
      assert.equal(await evidenceCount(disputeID), 2);
    });

    it('refuses bad uploads with Moov’s FileUploadValidationError, writing nothing', async () => {
      const { disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID;
      const png = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), name: 'a.png', type: 'image/png' } });
      assert.equal(png.status, 422);
      assert.match(png.json.file.mimeType, /image\/jpeg, image\/tiff, application\/pdf/);

      const noFile = await uploadFile(s, disputeID, { evidenceType: 'receipt' });
      assert.equal(noFile.status, 422);
      assert.deepEqual(Object.keys(noFile.json.file), ['filename']);

      const noType = await uploadFile(s, disputeID, { file: { bytes: pdfBytes(), name: 'a.pdf', type: 'application/pdf' } });
      assert.equal(noType.status, 422);
      assert.equal(typeof noType.json.evidenceType, 'string');

      const badType = await uploadFile(s, disputeID, { evidenceType: 'selfie', file: { bytes: pdfBytes(), name: 'a.pdf', type: 'application/pdf' } });
      assert.equal(badType.status, 422);
      assert.equal(typeof badType.json.evidenceType, 'string');

      const tooBig = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: pdfBytes(MAX_EVIDENCE_FILE_BYTES + 1), name: 'big.pdf', type: 'application/pdf' } });
      assert.equal(tooBig.status, 422, tooBig.text);
      assert.deepEqual(tooBig.json, { file: { filename: 'must be no larger than 4 MB' } });
      const exactly = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: pdfBytes(MAX_EVIDENCE_FILE_BYTES), name: 'max.pdf', type: 'application/pdf' } });
      assert.equal(exactly.status, 201, exactly.text);
      assert.equal(exactly.json.size, MAX_EVIDENCE_FILE_BYTES);
      assert.equal(await evidenceCount(disputeID), 1);

      // Not multipart at all, and a part the operation does not take.
      const json = await s.request('POST', disputePath(s, disputeID, '/evidence-file'), { body: { evidenceType: 'receipt' }, headers: V2026 });
      assert.equal(json.status, 415);
      const form = new FormData();
      form.append('comment', 'hi');
      const extra = await fetch(`${s.url}${disputePath(s, disputeID, '/evidence-file')}`, { method: 'POST', headers: { authorization: s.platform.basic }, body: form });
      assert.equal(extra.status, 400);
      assert.ok(((await extra.json()) as { error: string }).error);
      // More parts than the operation takes: refused while streaming.
      const many = new FormData();
      many.append('evidenceType', 'receipt');
      many.append('evidenceType', 'other');
      const tooMany = await fetch(`${s.url}${disputePath(s, disputeID, '/evidence-file')}`, { method: 'POST', headers: { authorization: s.platform.basic }, body: many });
      assert.equal(tooMany.status, 413);

      // Text: blank, too long, unknown type.
      for (const body of [{ text: '   ', evidenceType: 'receipt' }, { text: 'x'.repeat(751), evidenceType: 'receipt' }, { text: 'ok', evidenceType: 'selfie' }, { text: 'ok' }]) {
        const refused = await s.request('POST', disputePath(s, disputeID, '/evidence-text'), { body, headers: V2026 });
        assert.equal(refused.status, 400, JSON.stringify(body));
        assert.equal(typeof refused.json.error, 'string');
      }
      assert.equal((await addText(s, disputeID, 'x'.repeat(750))).status, 201);
      assert.equal(await evidenceCount(disputeID), 2);
      await assertLedgerOk(s);
    });

    it('refuses evidence on a closed dispute (409; 400 for PATCH), submitting twice, and submitting nothing', async () => {
      const { disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID;
      const empty = await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 });
      assert.equal(empty.status, 400);
      assert.match(empty.json.error, /no evidence/);

      const text = await addText(s, disputeID, 'Proof.');
      assert.equal((await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 })).status, 200);
      const before = await getDispute(s, disputeID);

      const again = await s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 });
      assert.equal(again.status, 409);
      assert.match(again.json.error, /under-review/);
      assert.equal((await addText(s, disputeID, 'More.')).status, 409);
      const file = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: pdfBytes(), name: 'a.pdf', type: 'application/pdf' } });
      assert.equal(file.status, 409);
      assert.equal((await s.request('DELETE', disputePath(s, disputeID, `/evidence/${text.json.evidenceID}`), { headers: V2026 })).status, 409);
      const patched = await s.request('PATCH', disputePath(s, disputeID, `/evidence/${text.json.evidenceID}`), { body: { text: 'changed' }, headers: V2026 });
      assert.equal(patched.status, 400);
      assert.equal((await s.request('POST', disputePath(s, disputeID, '/accept'), { headers: V2026 })).status, 409);
      assert.deepEqual(await getDispute(s, disputeID), before);
      assert.equal(await evidenceCount(disputeID), 1);

      await advance(s, { seconds: 5 });
      assert.equal((await getDispute(s, disputeID)).status, 'won');
      assert.equal((await addText(s, disputeID, 'Late.')).status, 409);
    });

    it('racing accept and submit: exactly one wins, the loser is 409', async () => {
      for (let round = 0; round < 3; round++) {
        const { merchant, disputes } = await disputedPayment(s, 66_01);
        const disputeID = disputes[0].disputeID;
        await addText(s, disputeID, 'Proof.');
        const answers = await Promise.all([
          s.request('POST', disputePath(s, disputeID, '/accept'), { headers: V2026 }),
          s.request('POST', disputePath(s, disputeID, '/evidence/submit'), { headers: V2026 }),
        ]);
        const [accept, submit] = answers.map((a) => a.status);
        assert.deepEqual([accept, submit].sort(), [200, 409], JSON.stringify(answers.map((a) => a.text)));
        const final = await getDispute(s, disputeID);
        assert.equal(final.status, accept === 200 ? 'accepted' : 'under-review');
        await advance(s, { seconds: 5 });
        const settled = await getDispute(s, disputeID);
        assert.equal(settled.status, accept === 200 ? 'accepted' : 'won');
        const { balance } = await import('./helpers.ts');
        assert.equal(await balance(s, merchant), accept === 200 ? 0 : 66_01);
      }
      await assertLedgerOk(s);
    });

    it("answers another platform's dispute and evidence with the same empty 404 as unknown ones", async () => {
      const { merchant, disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID;
      const text = await addText(s, disputeID, 'Mine.');
      const other = s.otherPlatform;
      const unknown = '00000000-0000-4000-8000-000000000000';
      const paths = [
        ['GET', `/accounts/${other.accountID}/disputes/${disputeID}`],
        ['POST', `/accounts/${other.accountID}/disputes/${disputeID}/accept`],
        ['GET', `/accounts/${other.accountID}/disputes/${disputeID}/evidence`],
        ['GET', `/accounts/${other.accountID}/disputes/${disputeID}/evidence/${text.json.evidenceID}`],
        ['GET', `/accounts/${other.accountID}/disputes/${disputeID}/evidence/${text.json.evidenceID}/data`],
        ['DELETE', `/accounts/${other.accountID}/disputes/${disputeID}/evidence/${text.json.evidenceID}`],
        ['POST', `/accounts/${other.accountID}/disputes/${disputeID}/evidence/submit`],
        ['GET', `/accounts/${s.platform.accountID}/disputes/${unknown}`],
        ['POST', `/accounts/${s.platform.accountID}/disputes/${unknown}/accept`],
        ['GET', `/accounts/${s.platform.accountID}/disputes/${disputeID}/evidence/${unknown}`],
        // The platform's account named by another platform's key.
        ['GET', `/accounts/${s.platform.accountID}/disputes/${disputeID}`],
      ] as const;
      for (const [method, path] of paths) {
        const auth = path.startsWith(`/accounts/${other.accountID}`) || path.endsWith(disputeID) ? other.basic : s.platform.basic;
        const answered = await s.request(method, path, { headers: V2026, auth: path.includes(unknown) ? s.platform.basic : auth });
        assert.equal(answered.status, 404, `${method} ${path}`);
        assert.equal(answered.text, '', `${method} ${path}`);
      }
      const posted = await s.request('POST', `/accounts/${other.accountID}/disputes/${disputeID}/evidence-text`, { body: { text: 'x', evidenceType: 'other' }, headers: V2026, auth: other.basic });
      assert.equal(posted.status, 404);
      const uploaded = await uploadFile(s, disputeID, { evidenceType: 'receipt', file: { bytes: pdfBytes(), name: 'a.pdf', type: 'application/pdf' } }, other.basic, other.accountID);
      assert.equal(uploaded.status, 404);
      assert.equal((await s.request('GET', `/accounts/${other.accountID}/disputes`, { headers: V2026, auth: other.basic })).json.length, 0);

      // The merchant's own account sees its disputes; another connected account does not.
      const asMerchant = await s.request('GET', `/accounts/${merchant.accountID}/disputes/${disputeID}`, { headers: V2026 });
      assert.equal(asMerchant.status, 200);
      const { merchant: otherMerchant } = await disputedPayment(s, 66_00);
      assert.equal((await s.request('GET', `/accounts/${otherMerchant.accountID}/disputes/${disputeID}`, { headers: V2026 })).status, 404);
      assert.equal(await evidenceCount(disputeID), 1);
      assert.equal((await getDispute(s, disputeID)).status, 'response-needed');
    });
  });
}
