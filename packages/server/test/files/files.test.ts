import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MAX_FILE_BYTES } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { countFilesOf, fileContent, filesOf } from '../../src/store/repos/account-files.ts';
import { create, individual } from '../support/accounts.ts';
import { controllerBody, llcBody, SAMPLE_FILES, uploadAccountFile } from '../support/onboarding.ts';
import { requestV2026 } from '../support/versions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const kind of await storeKinds()) {
  describe(`account files (${kind})`, () => {
    const s = serverPerSuite(kind);

    const business = async () => (await create(s, llcBody())).accountID as string;
    const count = (accountID: string) => s.testStore.store.read((sql) => countFilesOf(sql, accountID));

    it('uploads each accepted type, keeps the bytes, lists and gets the details', async () => {
      const accountID = await business();
      const rep = (await requestV2026(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody())).json;
      const metadata = JSON.stringify({ representative_id: rep.representativeID, comment: 'driver licence' });
      const uploaded = [];
      for (const [name, type, bytes] of [
        ['statement.pdf', 'application/pdf', SAMPLE_FILES.pdf()],
        ['front.png', 'image/png', SAMPLE_FILES.png()],
        ['back.jpg', 'image/jpeg', SAMPLE_FILES.jpeg()],
        ['volumes.csv', 'text/csv', SAMPLE_FILES.csv()],
      ] as const) {
        const answer = await uploadAccountFile(s, accountID, { file: { bytes, name, type }, filePurpose: 'representative_verification', metadata });
        assert.equal(answer.status, 200, answer.text);
        assert.match(answer.json.fileID, UUID);
        assert.equal(answer.json.fileName, name);
        assert.equal(answer.json.accountID, accountID);
        assert.equal(answer.json.filePurpose, 'representative_verification');
        assert.equal(answer.json.fileStatus, 'approved');
        assert.equal(answer.json.fileSizeBytes, bytes.length);
        assert.deepEqual(JSON.parse(answer.json.metadata), { representative_id: rep.representativeID, comment: 'driver licence' });
        const kept = await s.testStore.store.read((sql) => fileContent(sql, answer.json.fileID));
        assert.ok(kept?.equals(bytes), 'the bytes are kept as sent');
        uploaded.push(answer.json);
      }
      const listed = await requestV2026(s, 'GET', `/accounts/${accountID}/files`);
      assert.deepEqual(listed.json, uploaded);
      const got = await requestV2026(s, 'GET', `/accounts/${accountID}/files/${uploaded[0].fileID}`);
      assert.deepEqual(got.json, uploaded[0]);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/files/${randomUUID()}`)).status, 404);
    });

    it('takes only the name of a path, and an individual account may upload too', async () => {
      const person = await create(s, individual());
      const answer = await uploadAccountFile(s, person.accountID, { file: { bytes: SAMPLE_FILES.pdf(), name: 'C:\\scans\\id.pdf', type: 'application/pdf' }, filePurpose: 'individual_verification' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.fileName, 'id.pdf');
      assert.equal(answer.json.metadata, '{}');
    });

    it('refuses a file over 20 MB with 422 on file, reading no more than the limit, and stores nothing', async () => {
      const accountID = await business();
      const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x20);
      big.write('%PDF-', 0, 'latin1');
      const answer = await uploadAccountFile(s, accountID, { file: { bytes: big, name: 'big.pdf', type: 'application/pdf' }, filePurpose: 'merchant_underwriting' });
      assert.equal(answer.status, 422);
      assert.deepEqual(answer.json, { file: 'must be no larger than 20 MB' });
      assert.equal(await count(accountID), 0);
    });

    it('refuses wrong types, content that is not its type, missing parts and bad metadata (422), unknown parts (400), non-multipart (415)', async () => {
      const accountID = await business();
      const pdf = { bytes: SAMPLE_FILES.pdf(), name: 'a.pdf', type: 'application/pdf' };
      const cases: Array<[Parameters<typeof uploadAccountFile>[2], number, unknown]> = [
        [{ file: { bytes: Buffer.from('hello'), name: 'a.txt', type: 'text/plain' }, filePurpose: 'merchant_underwriting' }, 422, { file: 'Invalid option: expected one of "text/csv"|"image/png"|"image/jpeg"|"application/pdf"' }],
        [{ file: { bytes: SAMPLE_FILES.png(), name: 'a.pdf', type: 'application/pdf' }, filePurpose: 'merchant_underwriting' }, 422, { file: 'the content is not a valid application/pdf file' }],
        [{ file: { bytes: Buffer.alloc(0), name: 'a.pdf', type: 'application/pdf' }, filePurpose: 'merchant_underwriting' }, 422, { file: 'cannot be empty' }],
        [{ filePurpose: 'merchant_underwriting' }, 422, { file: 'cannot be blank' }],
        [{ file: pdf }, 422, { filePurpose: 'must be one of business_verification, representative_verification, individual_verification, merchant_underwriting, account_requirement, identity_verification' }],
        [{ file: pdf, filePurpose: 'selfie' }, 422, { filePurpose: 'must be one of business_verification, representative_verification, individual_verification, merchant_underwriting, account_requirement, identity_verification' }],
        [{ file: pdf, filePurpose: 'merchant_underwriting', metadata: 'not json' }, 422, { metadata: 'must be a JSON object' }],
        [{ file: pdf, filePurpose: 'merchant_underwriting', metadata: '{"color":"red"}' }, 422, { metadata: 'unknown key color; keys are representative_id, comment, requirement_id, error_code' }],
        [{ file: pdf, filePurpose: 'merchant_underwriting', metadata: JSON.stringify({ representative_id: randomUUID() }) }, 422, { metadata: 'representative_id names no representative of this account' }],
        [{ file: pdf, filePurpose: 'merchant_underwriting', extra: { nickname: 'x' } }, 400, { error: 'unknown part nickname; this operation takes file, filePurpose, metadata' }],
      ];
      for (const [parts, status, expected] of cases) {
        const answer = await uploadAccountFile(s, accountID, parts);
        assert.equal(answer.status, status, JSON.stringify(parts.filePurpose) + answer.text);
        assert.deepEqual(answer.json, expected);
      }
      const json = await requestV2026(s, 'POST', `/accounts/${accountID}/files`, { filePurpose: 'merchant_underwriting' });
      assert.equal(json.status, 415);
      assert.deepEqual(json.json, { error: 'Content-Type must be multipart/form-data' });
      assert.equal(await count(accountID), 0);
    });

    it('answers 413 unread for a body declared longer than the limits allow', async () => {
      const accountID = await business();
      // fetch will not send a Content-Length its body does not have: the request is written by hand,
      // declaring 64 MB and sending a few bytes; the answer comes without the rest being waited for.
      const net = await import('node:net');
      const { port } = new URL(s.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /accounts/${accountID}/files HTTP/1.1\r\nHost: x\r\nAuthorization: ${s.platform.basic}\r\n` +
              `Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n--XX\r\n`,
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
          if (text.includes('}')) socket.destroy();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5_000);
      });
      assert.match(answer, /^HTTP\/1\.1 413/);
      assert.match(answer, /"error":"the request body is larger than \d+ bytes"/);
      assert.equal(await count(accountID), 0);
    });

    it('holds at most 50 files per account (409 for the 51st)', async () => {
      const accountID = await business();
      for (let i = 0; i < 50; i++) {
        const ok = await uploadAccountFile(s, accountID, { file: { bytes: SAMPLE_FILES.csv(), name: `f${i}.csv`, type: 'text/csv' }, filePurpose: 'account_requirement' });
        assert.equal(ok.status, 200, ok.text);
      }
      const over = await uploadAccountFile(s, accountID, { file: { bytes: SAMPLE_FILES.csv(), name: 'f50.csv', type: 'text/csv' }, filePurpose: 'account_requirement' });
      assert.equal(over.status, 409);
      assert.deepEqual(over.json, { error: 'an account holds at most 50 files' });
      assert.equal(await count(accountID), 50);
    });

    it("answers another platform's account or file with the same empty 404 as an unknown one", async () => {
      const accountID = await business();
      const file = (await uploadAccountFile(s, accountID, { file: { bytes: SAMPLE_FILES.pdf(), name: 'a.pdf', type: 'application/pdf' }, filePurpose: 'business_verification' })).json;
      const other = s.otherPlatform.basic;
      for (const path of [`/accounts/${accountID}/files`, `/accounts/${accountID}/files/${file.fileID}`]) {
        const theirs = await requestV2026(s, 'GET', path, undefined, other);
        const unknown = await requestV2026(s, 'GET', path.replace(accountID, randomUUID()));
        assert.deepEqual([theirs.status, theirs.text], [404, '']);
        assert.deepEqual([unknown.status, unknown.text], [404, '']);
      }
      const theirUpload = await uploadAccountFile(s, accountID, { file: { bytes: SAMPLE_FILES.pdf(), name: 'b.pdf', type: 'application/pdf' }, filePurpose: 'business_verification' }, other);
      const unknownUpload = await uploadAccountFile(s, randomUUID(), { file: { bytes: SAMPLE_FILES.pdf(), name: 'b.pdf', type: 'application/pdf' }, filePurpose: 'business_verification' });
      assert.deepEqual([theirUpload.status, theirUpload.text], [404, '']);
      assert.deepEqual([unknownUpload.status, unknownUpload.text], [404, '']);
      assert.equal((await s.testStore.store.read((sql) => filesOf(sql, accountID))).length, 1);
    });
  });
}
