import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { liveRepresentativesOf } from '../../src/store/repos/representatives.ts';
import { allSealed } from '../../src/domain/representatives/sealed.ts';
import { controllerBody, llcBody, ownerBody, v26, withoutIdsAndTimes } from './helpers.ts';
import { create, individual } from '../support/accounts.ts';
import { eventTypes } from '../support/events.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const kind of await storeKinds()) {
  describe(`representatives (${kind})`, () => {
    const s = serverPerSuite(kind);

    const business = async () => (await create(s, llcBody())).accountID as string;
    const rowsOf = (accountID: string) => s.testStore.store.read((sql) => liveRepresentativesOf(sql, accountID));

    it('creates, lists, gets, patches and deletes, showing only whether sensitive values were given', async () => {
      const accountID = await business();
      const created = await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody());
      assert.equal(created.status, 200, created.text);
      const rep = created.json;
      assert.match(rep.representativeID, UUID);
      assert.deepEqual(rep.name, { firstName: 'Dana', lastName: 'Reyes' });
      assert.equal(rep.birthDateProvided, true);
      assert.equal(rep.governmentIDProvided, true);
      assert.deepEqual(rep.responsibilities, { isController: true, isOwner: false, jobTitle: 'CEO' });
      assert.equal(rep.birthDate, undefined);
      assert.equal(rep.governmentID, undefined);
      const createdText = withoutIdsAndTimes(created.text);
      assert.ok(!createdText.includes('6789') && !createdText.includes('1980'), 'no SSN digits or birth year in the answer');

      const listed = await v26(s, 'GET', `/accounts/${accountID}/representatives`);
      assert.deepEqual(listed.json, [rep]);
      const got = await v26(s, 'GET', `/accounts/${accountID}/representatives/${rep.representativeID}`);
      assert.deepEqual(got.json, rep);

      const patched = await v26(s, 'PATCH', `/accounts/${accountID}/representatives/${rep.representativeID}`, {
        email: null,
        responsibilities: { jobTitle: 'President' },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(patched.json.email, undefined);
      assert.equal(patched.json.phone.number, '3035550100', 'fields not sent are kept');
      assert.equal(patched.json.responsibilities.jobTitle, 'President');
      assert.equal(patched.json.birthDateProvided, true, 'sealed values survive a PATCH');

      const deleted = await v26(s, 'DELETE', `/accounts/${accountID}/representatives/${rep.representativeID}`);
      assert.equal(deleted.status, 204);
      assert.equal((await v26(s, 'GET', `/accounts/${accountID}/representatives/${rep.representativeID}`)).status, 404);
      assert.deepEqual((await v26(s, 'GET', `/accounts/${accountID}/representatives`)).json, []);

      const events = (await eventTypes(s)).filter((e) => e.type.startsWith('representative.') && e.data.accountID === accountID);
      assert.deepEqual(
        events.map((e) => [e.type, e.data.representativeID]),
        [
          ['representative.created', rep.representativeID],
          ['representative.updated', rep.representativeID],
          ['representative.deleted', rep.representativeID],
        ],
      );
    });

    it('stores the birth date and SSN sealed', async () => {
      const accountID = await business();
      await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody());
      const [row] = await rowsOf(accountID);
      assert.ok(row);
      assert.ok(!row.sensitive.includes('123456789') && !row.sensitive.includes('1980'));
      assert.ok(allSealed(JSON.parse(row.sensitive)));
    });

    it('refuses representatives on an individual account (409) and writes nothing', async () => {
      const person = await create(s, individual());
      const refused = await v26(s, 'POST', `/accounts/${person.accountID}/representatives`, controllerBody());
      assert.equal(refused.status, 409);
      assert.deepEqual(refused.json, { error: 'only business accounts have representatives' });
      assert.deepEqual(await rowsOf(person.accountID), []);
    });

    it('refuses bad SSNs, future birth dates and missing names with 422 under error, writing nothing', async () => {
      const accountID = await business();
      const cases: Array<[unknown, unknown]> = [
        [controllerBody({ governmentID: { ssn: { full: '000-12-3456' } } }), { error: { governmentID: { ssn: { full: 'must be a valid social security number' } } } }],
        [controllerBody({ governmentID: { ssn: { full: '12345' } } }), { error: { governmentID: { ssn: { full: 'must be a valid social security number' } } } }],
        [controllerBody({ birthDate: { day: 1, month: 1, year: new Date().getUTCFullYear() + 1 } }), { error: { birthDate: { year: 'must not be in the future' } } }],
        [controllerBody({ name: { firstName: 'Dana' } }), { error: { name: { lastName: 'cannot be blank' } } }],
        [
          controllerBody({ address: { addressLine1: 'P.O. Box 42', city: 'Denver', stateOrProvince: 'CO', postalCode: '80203', country: 'US' } }),
          { error: { address: { addressLine1: 'must not be a PO box: give where the representative lives' } } },
        ],
        [controllerBody({ responsibilities: { isOwner: true } }), { error: { responsibilities: { ownershipPercentage: 'cannot be blank for an owner' } } }],
        [controllerBody({ responsibilities: { isOwner: true, ownershipPercentage: 101 } }), { error: { responsibilities: { ownershipPercentage: 'must be between 1 and 100' } } }],
        [controllerBody({ responsibilities: { isController: false, isOwner: false } }), { error: { responsibilities: { isController: 'a representative must be a controller, an owner or both' } } }],
      ];
      for (const [body, expected] of cases) {
        const refused = await v26(s, 'POST', `/accounts/${accountID}/representatives`, body);
        assert.equal(refused.status, 422, JSON.stringify(body));
        assert.deepEqual(refused.json, expected);
      }
      assert.deepEqual(await rowsOf(accountID), []);
      assert.equal((await eventTypes(s)).filter((e) => e.type === 'representative.created' && e.data.accountID === accountID).length, 0);
    });

    it("keeps the owners' percentages at most 100 in total, on create and on PATCH", async () => {
      const accountID = await business();
      const first = await v26(s, 'POST', `/accounts/${accountID}/representatives`, ownerBody(60));
      assert.equal(first.status, 200, first.text);
      const over = await v26(s, 'POST', `/accounts/${accountID}/representatives`, ownerBody(41, { name: { firstName: 'Kim', lastName: 'Tran' } }));
      assert.equal(over.status, 422);
      assert.deepEqual(over.json, { error: { responsibilities: { ownershipPercentage: "the owners' percentages would total 101; they can total at most 100" } } });
      const fits = await v26(s, 'POST', `/accounts/${accountID}/representatives`, ownerBody(40, { name: { firstName: 'Kim', lastName: 'Tran' } }));
      assert.equal(fits.status, 200, fits.text);
      const raise = await v26(s, 'PATCH', `/accounts/${accountID}/representatives/${fits.json.representativeID}`, { responsibilities: { ownershipPercentage: 45 } });
      assert.equal(raise.status, 422);
      const got = await v26(s, 'GET', `/accounts/${accountID}/representatives/${fits.json.representativeID}`);
      assert.equal(got.json.responsibilities.ownershipPercentage, 40, 'the refused PATCH changed nothing');
    });

    it('allows at most 7 representatives (409 for the 8th)', async () => {
      const accountID = await business();
      for (let i = 0; i < 7; i++) {
        const ok = await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody({ name: { firstName: `Rep${'abcdefg'[i]}`, lastName: 'Lee' } }));
        assert.equal(ok.status, 200, ok.text);
      }
      const eighth = await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody());
      assert.equal(eighth.status, 409);
      assert.equal((await rowsOf(accountID)).length, 7);
    });

    it("answers another platform's account or representative with the same empty 404 as an unknown one", async () => {
      const accountID = await business();
      const rep = (await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody())).json;
      const other = s.otherPlatform.basic;
      const probes: Array<[string, string, unknown?]> = [
        ['GET', `/accounts/${accountID}/representatives`],
        ['GET', `/accounts/${accountID}/representatives/${rep.representativeID}`],
        ['PATCH', `/accounts/${accountID}/representatives/${rep.representativeID}`, { email: 'x@example.com' }],
        ['DELETE', `/accounts/${accountID}/representatives/${rep.representativeID}`],
        ['POST', `/accounts/${accountID}/representatives`, controllerBody()],
      ];
      for (const [method, path, body] of probes) {
        const theirs = await v26(s, method, path, body, other);
        const unknown = await v26(s, method, path.replace(accountID, randomUUID()), body);
        assert.equal(theirs.status, 404, `${method} ${path}`);
        assert.equal(unknown.status, 404);
        assert.equal(theirs.text, '');
        assert.equal(unknown.text, '');
      }
      assert.equal((await v26(s, 'GET', `/accounts/${accountID}/representatives/${randomUUID()}`)).status, 404);
      assert.equal((await rowsOf(accountID)).length, 1);
    });
  });
}
