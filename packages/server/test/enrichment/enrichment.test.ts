import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { checkRoutingNumber } from '../../src/domain/sources/routing-number.ts';
import { DIRECTORY, abaCheckDigit } from '../../src/domain/institutions/directory.ts';
import { industrySlug } from '../../src/domain/enrichment/industries.ts';
import { bankFor } from '../../src/domain/bank-accounts/bank-directory.ts';
import { create as createAccount, individual } from '../support/accounts.ts';
import { bearer, mintToken } from '../support/auth.ts';

describe('the sandbox institution directory', () => {
  it('holds only valid, distinct routing numbers, the bank table among them', () => {
    const numbers = DIRECTORY.map((i) => i.routingNumber);
    assert.equal(new Set(numbers).size, numbers.length);
    for (const number of numbers) assert.ok(checkRoutingNumber(number).ok, number);
    assert.ok(DIRECTORY.length > 150);
    assert.ok(DIRECTORY.some((i) => i.routingNumber === '021000021' && i.name === 'JPMorgan Chase Bank, N.A.'));
    assert.ok(DIRECTORY.filter((i) => !i.name.startsWith('Sandbox ')).length < 20, 'generated names say Sandbox');
  });

  it('names the banks of linked bank accounts, with the same rails', () => {
    for (const institution of DIRECTORY) {
      assert.deepEqual(bankFor(institution.routingNumber), { bankName: institution.name, rtp: institution.rtp, fedNow: institution.fedNow }, institution.routingNumber);
    }
    assert.deepEqual(bankFor('011000015'), { bankName: 'Bank in the Boston Federal Reserve district', rtp: false, fedNow: false });
  });

  it('computes the ABA check digit (3-7-1 weights)', () => {
    assert.equal(abaCheckDigit('02100002'), '1');
    assert.equal(abaCheckDigit('12345678'), '0');
    assert.equal(abaCheckDigit('32227162'), '7');
  });

  it('makes URL-safe industry IDs', () => {
    assert.equal(industrySlug('Heating, Plumbing & Air Conditioning'), 'heating-plumbing-air-conditioning');
    assert.equal(industrySlug("Men's Clothing"), 'mens-clothing');
  });
});

for (const kind of await storeKinds()) {
  describe(`industries, institutions, enrichment and avatars (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('GET /industries lists industries by display name with categories and MCCs', async () => {
      const response = await s.request('GET', '/industries');
      assert.equal(response.status, 200);
      const { industries } = response.json;
      const names = industries.map((i: any) => i.displayName);
      assert.deepEqual(names, [...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
      assert.equal(new Set(industries.map((i: any) => i.industry)).size, industries.length, 'industry IDs are distinct');
      for (const industry of industries) {
        assert.match(industry.industry, /^[a-z0-9]+(-[a-z0-9]+)*$/);
        assert.match(industry.defaultMcc, /^[0-9]{4}$/);
        assert.ok(industry.categoryDisplayName.length > 0);
      }
      assert.deepEqual(
        industries.find((i: any) => i.defaultMcc === '5812'),
        { industry: 'restaurants', displayName: 'Restaurants', category: 'food-drink', categoryDisplayName: 'Food & Drink', defaultMcc: '5812' },
      );
      const token = await mintToken(s, '/profile-enrichment.read');
      assert.equal((await s.request('GET', '/industries', { auth: bearer(token.access_token) })).status, 200);
      const other = await mintToken(s, '/ping.read');
      assert.equal((await s.request('GET', '/industries', { auth: bearer(other.access_token) })).status, 403);
      assert.equal((await s.request('GET', '/industries', { auth: null })).status, 401);
    });

    it('GET /institutions finds by routing number or name, per rail', async () => {
      const chase = await s.request('GET', '/institutions?routingNumber=021000021');
      assert.equal(chase.status, 200);
      assert.equal(chase.json.ach.length, 1);
      assert.equal(chase.json.ach[0].name, 'JPMorgan Chase Bank, N.A.');
      assert.equal(chase.json.ach[0].address.country, 'US');
      assert.equal(chase.json.rtp.length, 1);
      assert.equal(chase.json.fednow.length, 1);
      const sandboxBank = await s.request('GET', '/institutions?routingNumber=123456780');
      assert.deepEqual([sandboxBank.json.ach.length, sandboxBank.json.rtp.length, sandboxBank.json.fednow.length], [1, 0, 0]);
      const prefix = await s.request('GET', '/institutions?routingNumber=0210&limit=50');
      assert.ok(prefix.json.ach.length >= 2);
      assert.ok(prefix.json.ach.every((i: any) => i.routingNumber.startsWith('0210')));
      const byName = await s.request('GET', '/institutions?name=credit%20union&limit=5');
      assert.ok(byName.json.ach.length > 0 && byName.json.ach.length <= 5);
      assert.ok(byName.json.ach.every((i: any) => /credit union/i.test(i.name)));
      const none = await s.request('GET', '/institutions?name=nonexistent%20zebra');
      assert.deepEqual(none.json, { ach: [], rtp: [], wire: [], fednow: [] });
    });

    it('a bank account linked with a directory routing number shows the institution the search answers', async () => {
      const generated = DIRECTORY.find((i) => i.name.startsWith('Sandbox ') && i.rtp)!;
      const account = await createAccount(s, individual());
      const linked = await s.request('POST', `/accounts/${account.accountID}/bank-accounts`, {
        body: { account: { holderName: 'Jordan Lee', holderType: 'individual', accountNumber: '0004321567000', bankAccountType: 'checking', routingNumber: generated.routingNumber } },
      });
      assert.equal(linked.status, 200, linked.text);
      const found = await s.request('GET', `/institutions?routingNumber=${generated.routingNumber}`);
      assert.equal(linked.json.bankName, found.json.ach[0].name);
      assert.equal(found.json.rtp.length, 1);
    });

    it('GET /institutions refuses a search it cannot run with 400', async () => {
      for (const query of ['', '?name=', '?routingNumber=021000022', '?routingNumber=12ab', '?routingNumber=1234567890', '?routingNumber=000000000', '?name=bank&limit=0', '?name=bank&limit=abc']) {
        const response = await s.request('GET', `/institutions${query}`);
        assert.equal(response.status, 400, `${query}: ${response.text}`);
        assert.equal(typeof response.json.error, 'string', query);
      }
      const token = await mintToken(s, '/institutions.read');
      assert.equal((await s.request('GET', '/institutions?name=bank', { auth: bearer(token.access_token) })).status, 200);
    });

    it('GET /institutions/ach/search answers Fed-style ACH participants, by state too', async () => {
      const found = await s.request('GET', '/institutions/ach/search?name=wells%20fargo');
      assert.equal(found.status, 200);
      const [wells] = found.json.achParticipants;
      assert.equal(wells.routingNumber, '121000248');
      assert.equal(wells.customerName, 'WELLS FARGO BANK, N.A.');
      assert.equal(wells.servicingFRBNumber, '121000374');
      assert.equal(wells.logo, null);
      const texas = await s.request('GET', '/institutions/ach/search?name=sandbox&state=TX&limit=200');
      assert.ok(texas.json.achParticipants.length > 0);
      assert.ok(texas.json.achParticipants.every((p: any) => p.achLocation.state === 'TX'));
      assert.equal((await s.request('GET', '/institutions/ach/search?routingNumber=021000022')).status, 400);
      const token = await mintToken(s, '/fed.read');
      assert.equal((await s.request('GET', '/institutions/ach/search?name=bank', { auth: bearer(token.access_token) })).status, 200);
    });

    it('GET /enrichment/address suggests the same addresses for the same search, within the filters', async () => {
      const first = await s.request('GET', '/enrichment/address?search=123%20Main&maxResults=5');
      assert.equal(first.status, 200);
      assert.equal(first.json.suggestions.length, 5);
      for (const suggestion of first.json.suggestions) {
        assert.match(suggestion.addressLine1, /^123 Main [A-Z][a-z]+$/);
        assert.match(suggestion.postalCode, /^[0-9]{5}$/);
      }
      assert.deepEqual((await s.request('GET', '/enrichment/address?search=123%20Main&maxResults=5')).json, first.json);
      const colorado = await s.request('GET', '/enrichment/address?search=55%20Pine%20St&includeStates=CO');
      assert.ok(colorado.json.suggestions.length > 0);
      assert.ok(colorado.json.suggestions.every((x: any) => x.stateOrProvince === 'CO' && x.addressLine1 === '55 Pine St'));
      const boulder = await s.request('GET', '/enrichment/address?search=9%20Oak%20Ave%2C%20Boulder');
      assert.ok(boulder.json.suggestions.every((x: any) => x.city === 'Boulder'));
      const noTexas = await s.request('GET', '/enrichment/address?search=1%20Elm&excludeStates=TX&maxResults=20');
      assert.ok(noTexas.json.suggestions.every((x: any) => x.stateOrProvince !== 'TX'));
      const preferred = await s.request('GET', '/enrichment/address?search=7%20Lake&preferStates=WA&maxResults=3');
      assert.equal(preferred.json.suggestions[0].stateOrProvince, 'WA');
      for (const query of ['', '?search=', '?search=1%20Main&maxResults=0', '?search=1%20Main&maxResults=21', '?search=1%20Main&source=moon']) {
        assert.equal((await s.request('GET', `/enrichment/address${query}`)).status, 400, query);
      }
    });

    it('GET /enrichment/profile describes a business from its email domain, the same each time', async () => {
      const first = await s.request('GET', '/enrichment/profile?email=ops%40acme-software.com');
      assert.equal(first.status, 200);
      const business = first.json.business;
      assert.equal(business.legalBusinessName.startsWith('Acme Software '), true);
      assert.equal(business.website, 'https://www.acme-software.com');
      assert.equal(business.email, 'ops@acme-software.com');
      assert.deepEqual(business.industryCodes, { naics: '541511', sic: '7372' });
      assert.match(business.phone.number, /^[0-9]{3}5550[0-9]{3}$/);
      assert.deepEqual((await s.request('GET', '/enrichment/profile?email=ops%40acme-software.com')).json, first.json);
      assert.equal((await s.request('GET', '/enrichment/profile?email=someone%40gmail.com')).status, 404);
      assert.equal((await s.request('GET', '/enrichment/profile?email=a%40example.com')).status, 404);
      assert.equal((await s.request('GET', '/enrichment/profile?email=not-an-email')).status, 400);
      assert.equal((await s.request('GET', '/enrichment/profile')).status, 400);
    });

    it('GET /avatars/{uniqueID} draws one identicon PNG per ID', async () => {
      const get = async (id: string) => {
        const response = await fetch(`${s.url}/avatars/${encodeURIComponent(id)}`, { headers: { authorization: s.platform.basic, accept: 'image/*' } });
        return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
      };
      const a = await get(s.platform.accountID);
      assert.equal(a.status, 200);
      assert.equal(a.type, 'image/png');
      const image = PNG.sync.read(a.bytes);
      assert.deepEqual([image.width, image.height], [128, 128]);
      // Mirrored left to right, as an identicon is; more than one colour.
      const pixel = (x: number, y: number) => image.data.readUInt32BE((y * 128 + x) * 4);
      for (let y = 0; y < 128; y += 7) for (let x = 0; x < 64; x += 5) assert.equal(pixel(x, y), pixel(127 - x, y), `${x},${y}`);
      // The ID "railyard" lights some cells and not others: the cells are drawn, not one flat square.
      const fixed = PNG.sync.read((await get('railyard')).bytes);
      const colours = new Set<number>();
      for (let y = 24; y < 114; y += 20) for (let x = 24; x < 114; x += 20) colours.add(fixed.data.readUInt32BE((y * 128 + x) * 4));
      assert.equal(colours.size, 2);
      assert.ok(colours.has(0xf0f0f0ff), 'the background');
      assert.deepEqual((await get(s.platform.accountID)).bytes, a.bytes);
      assert.notDeepEqual((await get('021000021')).bytes, a.bytes);
      assert.equal((await get('x'.repeat(101))).status, 404);
      const token = await mintToken(s, '/profile-enrichment.read');
      const withToken = await fetch(`${s.url}/avatars/abc`, { headers: { authorization: bearer(token.access_token) } });
      assert.equal(withToken.status, 200);
    });
  });
}
