import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { controllerBody, llcBody, ownerBody } from '../support/onboarding.ts';
import { requestV2026 } from '../support/versions.ts';

/*
 * The official SDK parses a business account whose profile lists its
 * representatives (BusinessProfile.representatives: Representative[]) on
 * get, list and update.
 */
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk account with representatives (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('parses profile.business.representatives on get, list and update', async () => {
      const foreignID = randomUUID();
      const { result: account } = await moov.accounts.create(
        { ...llcBody(), foreignID } as Parameters<typeof moov.accounts.create>[0],
      );
      const accountID = account.accountID;
      const controller = (await requestV2026(s, 'POST', `/accounts/${accountID}/representatives`, controllerBody())).json;
      const owner = (await requestV2026(s, 'POST', `/accounts/${accountID}/representatives`, ownerBody(30))).json;

      const { result: got } = await moov.accounts.get({ accountID });
      const representatives = got.profile.business?.representatives ?? [];
      assert.deepEqual(representatives.map((r) => r.representativeID), [controller.representativeID, owner.representativeID]);
      assert.ok(representatives[0]?.createdOn instanceof Date);
      assert.equal(representatives[0]?.governmentIDProvided, true);
      assert.equal(representatives[1]?.responsibilities?.ownershipPercentage, 30);

      const { result: listed } = await moov.accounts.list({ foreignID });
      assert.equal(listed[0]?.profile.business?.representatives?.length, 2);

      const { result: updated } = await moov.accounts.update({ accountID, patchAccount: { profile: { business: { description: 'Bread and pastries' } } } });
      assert.equal(updated.profile.business?.representatives?.[1]?.name.firstName, 'Sam');
    });
  });
}
