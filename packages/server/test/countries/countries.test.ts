import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { business, create, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { bearer, mintToken } from '../support/auth.ts';

/** The text a pdfkit PDF shows: its content streams inflated, the hex strings of its text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (let at = raw.indexOf('>>\nstream\n'); at >= 0; at = raw.indexOf('>>\nstream\n', at + 1)) {
    const start = at + '>>\nstream\n'.length;
    const content = inflateSync(pdf.subarray(start, raw.indexOf('\nendstream', start))).toString('latin1');
    for (const match of content.matchAll(/<([0-9a-f]+)>/g)) text += Buffer.from(match[1]!, 'hex').toString('latin1');
  }
  return text;
}

function manualTerms() {
  return { manual: { acceptedDate: new Date().toISOString(), acceptedIP: '192.0.2.44', acceptedUserAgent: 'test', acceptedDomain: 'platform.example.com' } };
}

for (const kind of await storeKinds()) {
  describe(`countries of operation (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('starts empty; PUT replaces the list, names or codes stored as names, duplicates once', async () => {
      const account = await create(s, business());
      const path = `/accounts/${account.accountID}/countries`;
      assert.deepEqual((await s.request('GET', path, { headers: V2026 })).json, { countries: [] });
      const put = await s.request('PUT', path, { body: { countries: ['US', 'united states', ' Canada ', 'MX'] }, headers: V2026 });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.json, { countries: ['United States', 'Canada', 'Mexico'] });
      assert.deepEqual((await s.request('GET', path)).json, { countries: ['United States', 'Canada', 'Mexico'] });
      const replaced = await s.request('PUT', path, { body: { countries: ['GB'] } });
      assert.deepEqual(replaced.json, { countries: ['United Kingdom'] });
      assert.deepEqual((await s.request('PUT', path, { body: { countries: [] } })).json, { countries: [] });
      assert.deepEqual((await s.request('GET', path)).json, { countries: [] });
    });

    it('refuses unknown and sanctioned countries at their index, and keeps the stored list', async () => {
      const account = await create(s, individual());
      const path = `/accounts/${account.accountID}/countries`;
      await s.request('PUT', path, { body: { countries: ['US'] } });
      const bad = await s.request('PUT', path, { body: { countries: ['US', 'Atlantis', 'KP', 'Iran'] } });
      assert.equal(bad.status, 422);
      assert.deepEqual(Object.keys(bad.json.countries).sort(), ['1', '2', '3']);
      assert.match(bad.json.countries['1'], /country name such as United States/);
      assert.match(bad.json.countries['2'], /North Korea is not supported/);
      assert.deepEqual((await s.request('GET', path)).json, { countries: ['United States'] });
      const tooLong = await s.request('PUT', path, { body: { countries: ['x'.repeat(65)] } });
      assert.equal(tooLong.status, 422);
      const notList = await s.request('PUT', path, { body: { countries: 'US' } });
      assert.equal(notList.status, 422);
      const missing = await s.request('PUT', path, { body: {} });
      assert.equal(missing.status, 422);
      assert.deepEqual((await s.request('GET', path)).json, { countries: ['United States'] });
    });

    it("another platform's and unknown accounts are the same empty 404; scopes are profile.read/profile.write", async () => {
      const account = await create(s, individual());
      const path = `/accounts/${account.accountID}/countries`;
      for (const [auth, target] of [
        [s.otherPlatform.basic, path],
        [undefined, `/accounts/${randomUUID()}/countries`],
      ] as const) {
        const get = await s.request('GET', target, auth ? { auth } : {});
        assert.equal(get.status, 404);
        assert.equal(get.text, '');
        const put = await s.request('PUT', target, { body: { countries: ['US'] }, ...(auth ? { auth } : {}) });
        assert.equal(put.status, 404);
        assert.equal(put.text, '');
      }
      assert.deepEqual((await s.request('GET', path)).json, { countries: [] });
      const read = await mintToken(s, `/accounts/${account.accountID}/profile.read`);
      assert.equal((await s.request('GET', path, { auth: bearer(read.access_token) })).status, 200);
      assert.equal((await s.request('PUT', path, { body: { countries: ['US'] }, auth: bearer(read.access_token) })).status, 403);
    });
  });

  describe(`merchant processing agreement (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('is a PDF generated from an account that accepted the terms', async () => {
      const account = await create(
        s,
        business(
          { termsOfService: manualTerms(), capabilities: ['transfers'] },
          { address: { addressLine1: '123 Main St', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' } },
        ),
      );
      const response = await fetch(`${s.url}/accounts/${account.accountID}/merchant-agreement`, { headers: { authorization: s.platform.basic, accept: 'application/pdf' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/pdf');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.match(bytes.subarray(bytes.length - 8).toString('latin1'), /%%EOF/);
      assert.match(bytes.toString('latin1'), /Merchant processing agreement: Whole Body Fitness LLC/, 'the title');
      const text = pdfText(bytes);
      assert.match(text, /Merchant: Whole Body Fitness LLC/);
      assert.match(text, new RegExp(`Account ID: ${account.accountID}`));
      assert.match(text, /Address: 123 Main St, Boulder, CO 80301, US/);
      assert.match(text, /Platform: Platform One/);
      assert.match(text, /Capabilities requested: transfers/);
      assert.match(text, /From IP address: 192\.0\.2\.44/);
      assert.match(text, /Through: platform\.example\.com/);
      // The same account renders to the same document.
      const again = Buffer.from(await (await fetch(`${s.url}/accounts/${account.accountID}/merchant-agreement`, { headers: { authorization: s.platform.basic } })).arrayBuffer());
      assert.equal(again.length, bytes.length);
    });

    it('an account that has not accepted the terms has none: 404, as unknown and foreign accounts', async () => {
      const account = await create(s, business());
      for (const [path, auth] of [
        [`/accounts/${account.accountID}/merchant-agreement`, s.platform.basic],
        [`/accounts/${randomUUID()}/merchant-agreement`, s.platform.basic],
        [`/accounts/${account.accountID}/merchant-agreement`, s.otherPlatform.basic],
      ] as const) {
        const response = await s.request('GET', path, { auth });
        assert.equal(response.status, 404, path);
        assert.equal(response.text, '');
      }
    });

    it('appears in the OpenAPI document as a binary PDF', async () => {
      const doc = (await s.request('GET', '/openapi.json', { auth: null })).json;
      const ok = doc.paths['/accounts/{accountID}/merchant-agreement'].get.responses['200'];
      assert.deepEqual(ok.content, { 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
      assert.deepEqual(doc.paths['/avatars/{uniqueID}'].get.responses['200'].content, { 'image/png': { schema: { type: 'string', format: 'binary' } } });
    });
  });
}
