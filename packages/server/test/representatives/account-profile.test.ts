import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2024 } from '../support/versions.ts';
import { controllerBody, llcBody, ownerBody, v26, withoutIdsAndTimes } from './helpers.ts';
import { create, individual } from '../support/accounts.ts';

/*
 * A business account's answers list its live representatives under
 * `profile.business.representatives`, exactly as the representatives
 * operations show them (sealed values only as `…Provided`), on GET, the list,
 * PATCH and under v2024.01.00 too, whose Account shape has the field as well.
 */
for (const kind of await storeKinds()) {
  describe(`representatives on the account's profile (${kind})`, () => {
    const s = serverPerSuite(kind);

    /** A business with a controller and an owner, as the representatives operations answered them. */
    async function businessWithTwo() {
      const foreignID = randomUUID();
      const accountID = (await create(s, { ...llcBody(), foreignID })).accountID as string;
      const controller = await v26(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody());
      const owner = await v26(s, 'POST', `/accounts/${accountID}/representatives`, ownerBody(40));
      assert.equal(controller.status, 200, controller.text);
      assert.equal(owner.status, 200, owner.text);
      return { accountID, foreignID, controller: controller.json, owner: owner.json };
    }

    const listed = async (query: string, auth?: string) => {
      const answer = await v26(s, 'GET', `/accounts?${query}`, undefined, auth);
      assert.equal(answer.status, 200, answer.text);
      return answer.json as any[];
    };

    it('shows both representatives on GET, in the list and after PATCH, as the representatives operations do', async () => {
      const { accountID, foreignID, controller, owner } = await businessWithTwo();
      const shown = (await v26(s, 'GET', `/accounts/${accountID}/representatives`)).json;
      assert.deepEqual(shown, [controller, owner]);

      const got = await v26(s, 'GET', `/accounts/${accountID}`);
      assert.equal(got.status, 200, got.text);
      assert.deepEqual(got.json.profile.business.representatives, shown);
      assert.equal(got.json.profile.business.legalBusinessName, 'Pine Street Bakery LLC', 'the rest of the profile is kept');
      const shownText = withoutIdsAndTimes(got.text);
      assert.ok(!shownText.includes('6789') && !shownText.includes('7890') && !shownText.includes('1980'), 'no SSN digits or birth year');

      const [inList] = await listed(`foreignID=${foreignID}`);
      assert.equal(inList.accountID, accountID);
      assert.deepEqual(inList.profile.business.representatives, shown);

      const patched = await v26(s, 'PATCH', `/accounts/${accountID}`, { profile: { business: { description: 'Bread and pastries' } } });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual(patched.json.profile.business.representatives, shown);
      assert.equal(patched.json.profile.business.description, 'Bread and pastries');

      const legacy = await s.request('GET', `/accounts/${accountID}`, { headers: V2024 });
      assert.equal(legacy.status, 200, legacy.text);
      assert.deepEqual(legacy.json.profile.business.representatives, shown, 'v2024.01.00 has the field too');
    });

    it('drops a deleted representative and follows a representative PATCH', async () => {
      const { accountID, controller, owner } = await businessWithTwo();
      const renamed = await v26(s, 'PATCH', `/accounts/${accountID}/representatives/${owner.representativeID}`, { responsibilities: { ownershipPercentage: 60 } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal((await v26(s, 'DELETE', `/accounts/${accountID}/representatives/${controller.representativeID}`)).status, 204);

      const got = (await v26(s, 'GET', `/accounts/${accountID}`)).json;
      assert.deepEqual(got.profile.business.representatives, [renamed.json]);

      assert.equal((await v26(s, 'DELETE', `/accounts/${accountID}/representatives/${owner.representativeID}`)).status, 204);
      const none = (await v26(s, 'GET', `/accounts/${accountID}`)).json;
      assert.equal('representatives' in none.profile.business, false, 'no representatives left: the field is left out');
    });

    it('never gives an individual account the field, nor the stored profile a copy of the representatives', async () => {
      const person = await create(s, individual({ foreignID: randomUUID() }));
      const got = (await v26(s, 'GET', `/accounts/${person.accountID}`)).json;
      assert.equal(got.profile.business, undefined);
      assert.equal('representatives' in got.profile.individual, false);
      const [inList] = await listed(`foreignID=${person.foreignID}`);
      assert.equal('representatives' in inList.profile.individual, false);

      const { accountID } = await businessWithTwo();
      const row = await s.testStore.store.read((sql) => sql.get<{ document: string }>('SELECT document FROM accounts WHERE account_id = ?', [accountID]));
      assert.ok(row);
      assert.equal(JSON.parse(row.document).profile.business.representatives, undefined, 'read from their own table on each answer');
    });

    it('reads the representatives of a whole list page in one query', async () => {
      const pages = [await businessWithTwo(), await businessWithTwo(), await businessWithTwo()];
      const store = s.testStore.store;
      const seen: string[] = [];
      const original = store.read;
      const read = original.bind(store);
      // Counts what the list reads of the representatives table, then puts the store back as it was.
      (store as { read: typeof store.read }).read = (work) =>
        read((sql) =>
          work({
            ...sql,
            all: (text, params) => {
              if (/FROM representatives/.test(text)) seen.push(text);
              return sql.all(text, params);
            },
            get: (text, params) => {
              if (/FROM representatives/.test(text)) seen.push(text);
              return sql.get(text, params);
            },
          }),
        );
      let page: any[];
      try {
        page = await listed('count=200');
      } finally {
        (store as { read: typeof store.read }).read = original;
      }
      for (const { accountID } of pages) assert.equal(page.find((a) => a.accountID === accountID)?.profile.business.representatives.length, 2);
      assert.equal(seen.length, 1, seen.join('\n'));
    });

    it("lists each account with its own representatives only, never another platform's", async () => {
      const ours = await businessWithTwo();
      const other = s.otherPlatform.basic;
      const theirsID = (await create(s, llcBody(), other)).accountID as string;
      const theirRep = await v26(s, 'POST', `/accounts/${theirsID}/representatives`, controllerBody({ name: { firstName: 'Theo', lastName: 'Marsh' } }), other);
      assert.equal(theirRep.status, 200, theirRep.text);

      const page = await listed('count=200');
      assert.ok(page.some((a) => a.accountID === ours.accountID));
      for (const account of page) {
        const ids = (account.profile.business?.representatives ?? []).map((r: any) => r.representativeID);
        if (account.accountID === ours.accountID) assert.deepEqual(ids, [ours.controller.representativeID, ours.owner.representativeID]);
        assert.ok(!ids.includes(theirRep.json.representativeID));
      }
      assert.ok(!JSON.stringify(page).includes(theirRep.json.representativeID));
      assert.ok(!JSON.stringify(page).includes('Theo'));

      const theirs = await listed('count=200', other);
      const shown = theirs.find((a) => a.accountID === theirsID);
      assert.deepEqual(shown.profile.business.representatives, [theirRep.json]);
      assert.ok(!JSON.stringify(theirs).includes(ours.controller.representativeID));
    });
  });
}
