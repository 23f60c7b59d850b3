import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { business, completeIndividual, create, individual, manualTerms } from '../support/accounts.ts';
import { eventTypes } from '../support/events.ts';
import { requestV2026 } from '../support/versions.ts';

const statusOf = (list: any[], id: string) => list.find((c) => c.capability === id)?.status;

for (const kind of await storeKinds()) {
  describe(`capabilities (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('a platform’s own account has every usable capability enabled, nothing due, and keeps them', async () => {
      const own = s.platform.accountID;
      const list = await requestV2026(s, 'GET', `/accounts/${own}/capabilities`);
      assert.equal(list.status, 200);
      assert.ok(list.json.length >= 13);
      for (const c of list.json) {
        assert.equal(c.status, 'enabled');
        assert.equal(c.requirements, undefined);
        assert.equal(c.accountID, own);
      }
      const refused = await requestV2026(s, 'DELETE', `/accounts/${own}/capabilities/wallet`);
      assert.equal(refused.status, 400);
      assert.match(refused.json.error, /keeps every capability/);
      const moovManaged = await requestV2026(s, 'POST', `/accounts/${own}/capabilities`, { capabilities: ['platform.production-app'] });
      assert.equal(moovManaged.status, 422);
    });

    it('requests a capability as pending with what is due, and enables it once the account is complete', async () => {
      const account = await create(s, individual());
      const path = `/accounts/${account.accountID}/capabilities`;
      const requested = await requestV2026(s, 'POST', path, { capabilities: ['wallet.balance'] });
      assert.equal(requested.status, 200);
      assert.equal(requested.json.length, 1);
      assert.equal(requested.json[0].status, 'pending');
      assert.deepEqual(requested.json[0].requirements.currentlyDue, [
        'account.tos-acceptance',
        'individual.email-or-mobile',
        'individual.address',
        'individual.birthdate',
      ]);

      // Partly complete: still pending, with less due.
      const partial = await requestV2026(s, 'PATCH', `/accounts/${account.accountID}`, { profile: { individual: { email: 'jordan@example.com' } } });
      assert.equal(partial.status, 200);
      const stillPending = await requestV2026(s, 'GET', `${path}/wallet.balance`);
      assert.equal(stillPending.json.status, 'pending');
      assert.deepEqual(stillPending.json.requirements.currentlyDue, ['account.tos-acceptance', 'individual.address', 'individual.birthdate']);

      const complete = await requestV2026(s, 'PATCH', `/accounts/${account.accountID}`, {
        profile: {
          individual: {
            address: { addressLine1: '1 Pine St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
            birthDate: { day: 1, month: 2, year: 1990 },
          },
        },
        termsOfService: manualTerms(),
      });
      assert.equal(complete.status, 200);
      assert.equal(statusOf(complete.json.capabilities, 'wallet.balance'), 'enabled');
      const enabled = await requestV2026(s, 'GET', `${path}/wallet.balance`);
      assert.equal(enabled.json.status, 'enabled');
      assert.equal(enabled.json.requirements, undefined);

      const wallets = await requestV2026(s, 'GET', `/accounts/${account.accountID}/wallets`);
      assert.equal(wallets.json.length, 1);
      assert.equal(wallets.json[0].walletType, 'default');

      const events = (await eventTypes(s)).filter((e) => e.data.accountID === account.accountID);
      assert.ok(events.some((e) => e.type === 'capability.requested' && e.data.capabilityID === 'wallet.balance'));
      assert.ok(events.some((e) => e.type === 'capability.updated' && e.data.capabilityID === 'wallet.balance' && e.data.status === 'enabled'));
      assert.ok(events.some((e) => e.type === 'wallet.created' && e.data.walletID === wallets.json[0].walletID));
    });

    it('enabling a send capability brings wallet.balance along, enabled, with a default wallet', async () => {
      const account = await create(s, completeIndividual(['send-funds.ach']));
      const list = await requestV2026(s, 'GET', `/accounts/${account.accountID}/capabilities`);
      assert.equal(statusOf(list.json, 'send-funds.ach'), 'enabled');
      assert.equal(statusOf(list.json, 'wallet.balance'), 'enabled');
      assert.equal(statusOf(list.json, 'wallet'), undefined);
      const legacy = await create(s, completeIndividual(['send-funds']));
      const legacyList = await requestV2026(s, 'GET', `/accounts/${legacy.accountID}/capabilities`);
      assert.equal(statusOf(legacyList.json, 'wallet'), 'enabled');
    });

    it('money-transfer needs only the last four SSN digits; send-funds needs the full number', async () => {
      const body = completeIndividual(['money-transfer.pull-from-card', 'send-funds.rtp']);
      (body.profile.individual as any).governmentID = { ssn: { lastFour: '6789' } };
      const account = await create(s, body);
      const list = await requestV2026(s, 'GET', `/accounts/${account.accountID}/capabilities`);
      assert.equal(statusOf(list.json, 'money-transfer.pull-from-card'), 'enabled');
      const send = list.json.find((c: any) => c.capability === 'send-funds.rtp');
      assert.equal(send.status, 'pending');
      assert.deepEqual(send.requirements.currentlyDue, ['individual.ssn']);
    });

    it('maps business requirements: owners for an llc, MCC for card payments, then representatives and underwriting', async () => {
      const company = await create(
        s,
        business(
          { termsOfService: manualTerms() },
          {
            businessType: 'llc',
            phone: { number: '3035551234', countryCode: '1' },
            address: { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
            taxID: { ein: { number: '12-3456789' } },
            website: 'https://gym.example.com',
          },
        ),
      );
      const requested = await requestV2026(s, 'POST', `/accounts/${company.accountID}/capabilities`, { capabilities: ['collect-funds.card-payments', 'collect-funds.ach'] });
      assert.equal(requested.status, 200);
      const onboarding = ['business.controllers', 'business.owners', 'underwriting.geographicReach', 'underwriting.businessPresence'];
      const activity = (path: string) => ['averageTransactionAmount', 'maximumTransactionAmount', 'monthlyVolumeRange'].map((leaf) => `underwriting.${path}.estimatedActivity.${leaf}`);
      const card = ['cardAcceptanceMethods', 'currentlyAcceptsCards', 'fulfillment', 'refundPolicy'].map((leaf) => `underwriting.collectFunds.cardPayments.${leaf}`);
      assert.deepEqual(requested.json[0].requirements.currentlyDue, [
        'business.indicate-owners-provided',
        'business.industry-code-mcc',
        ...onboarding,
        ...activity('collectFunds.cardPayments'),
        ...card,
      ]);
      assert.deepEqual(requested.json[1].requirements.currentlyDue, ['business.indicate-owners-provided', ...onboarding, ...activity('collectFunds.ach')]);
      const patched = await requestV2026(s, 'PATCH', `/accounts/${company.accountID}`, { profile: { business: { ownersProvided: true, industryCodes: { mcc: '7997' } } } });
      // Declaring the owners clears both owner requirements; a controller and the underwriting are still due (decision 1703).
      assert.equal(statusOf(patched.json.capabilities, 'collect-funds.card-payments'), 'pending');
      const ach = await requestV2026(s, 'GET', `/accounts/${company.accountID}/capabilities/collect-funds.ach`);
      assert.deepEqual(ach.json.requirements.currentlyDue, ['business.controllers', 'underwriting.geographicReach', 'underwriting.businessPresence', ...activity('collectFunds.ach')]);
      assert.equal(statusOf(patched.json.capabilities, 'wallet.balance'), undefined, 'the wallet is requested only once a money capability is enabled');
    });

    it('refuses bad requests with the index-keyed map, writing nothing', async () => {
      const account = await create(s, individual());
      const path = `/accounts/${account.accountID}/capabilities`;
      const cases: Array<[unknown, unknown]> = [
        [{ capabilities: ['wallet', 'production-app', 'platform.wallet-transfers'] }, { capabilities: { '1': 'is managed by Moov and cannot be requested', '2': 'is managed by Moov and cannot be requested' } }],
        [{ capabilities: ['collect-funds.ach'] }, { capabilities: { '0': 'is only available to business accounts' } }],
        [{ capabilities: [] }, { error: 'capabilities cannot be blank' }],
        [{ capabilities: Array(33).fill('wallet') }, { error: 'at most 32 capabilities can be requested at once' }],
      ];
      for (const [body, expected] of cases) {
        const response = await requestV2026(s, 'POST', path, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        assert.deepEqual(response.json, expected);
      }
      const unknown = await requestV2026(s, 'POST', path, { capabilities: ['wallet', 'teleport'] });
      assert.equal(unknown.status, 422);
      assert.equal(typeof unknown.json.capabilities['1'], 'string');
      const missing = await requestV2026(s, 'POST', path, {});
      assert.equal(missing.status, 422);
      assert.equal((await requestV2026(s, 'POST', path, [])).status, 400);
      const list = await requestV2026(s, 'GET', path);
      assert.deepEqual(list.json.map((c: any) => c.capability), ['transfers']);
    });

    it('404s for another platform’s account, a missing capability and a malformed ID', async () => {
      const account = await create(s, individual());
      const path = `/accounts/${account.accountID}/capabilities`;
      assert.equal((await requestV2026(s, 'GET', path, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await requestV2026(s, 'POST', path, { capabilities: ['wallet'] }, s.otherPlatform.basic)).status, 404);
      assert.equal((await requestV2026(s, 'DELETE', `${path}/transfers`, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await requestV2026(s, 'GET', `${path}/wallet`)).status, 404);
      assert.equal((await requestV2026(s, 'GET', `${path}/teleport`)).status, 404);
      assert.equal((await requestV2026(s, 'DELETE', `${path}/wallet`)).status, 404);
      assert.equal((await requestV2026(s, 'GET', '/accounts/not-a-uuid/capabilities')).status, 404);
    });

    it('disabling twice answers 204 both times with one event; requesting again revives it', async () => {
      const account = await create(s, completeIndividual(['wallet']));
      const path = `/accounts/${account.accountID}/capabilities/wallet`;
      assert.equal((await requestV2026(s, 'GET', `/accounts/${account.accountID}/payment-methods`)).json.length, 1);
      assert.equal((await requestV2026(s, 'DELETE', path)).status, 204);
      assert.equal((await requestV2026(s, 'DELETE', path)).status, 204);
      const got = await requestV2026(s, 'GET', path);
      assert.equal(got.json.status, 'disabled');
      assert.ok(got.json.disabledOn);
      assert.equal(got.json.disabledReason, 'disabled by the platform');
      const disabledEvents = (await eventTypes(s, 'capability.updated')).filter(
        (e) => e.data.accountID === account.accountID && e.data.status === 'disabled',
      );
      assert.equal(disabledEvents.length, 1);
      // The moov-wallet method went away with the capability.
      assert.deepEqual((await requestV2026(s, 'GET', `/accounts/${account.accountID}/payment-methods`)).json, []);
      const again = await requestV2026(s, 'POST', `/accounts/${account.accountID}/capabilities`, { capabilities: ['wallet'] });
      assert.equal(again.json[0].status, 'enabled');
      assert.equal(again.json[0].disabledOn, undefined);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${account.accountID}/payment-methods`)).json.length, 1);
    });

    it('a disconnected account is read-only', async () => {
      const account = await create(s, individual());
      assert.equal((await s.request('DELETE', `/accounts/${account.accountID}`)).status, 204);
      const refused = await requestV2026(s, 'POST', `/accounts/${account.accountID}/capabilities`, { capabilities: ['wallet'] });
      assert.equal(refused.status, 409);
      assert.equal((await requestV2026(s, 'DELETE', `/accounts/${account.accountID}/capabilities/transfers`)).status, 409);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${account.accountID}/capabilities`)).status, 200);
    });

    it('v2024.01.00 callers never see granular IDs', async () => {
      const account = await create(s, completeIndividual(['send-funds.ach', 'send-funds']));
      const path = `/accounts/${account.accountID}/capabilities`;
      const old = await s.request('GET', path);
      assert.deepEqual(old.json.map((c: any) => c.capability).sort(), ['send-funds', 'transfers', 'wallet']);
      assert.equal((await s.request('GET', `${path}/wallet.balance`)).status, 404);
      assert.equal((await s.request('DELETE', `${path}/wallet.balance`)).status, 404);
      const refused = await s.request('POST', path, { body: { capabilities: ['wallet', 'send-funds.rtp'] } });
      assert.equal(refused.status, 422);
      assert.deepEqual(refused.json, { capabilities: { '1': 'must be a valid value' } });
      const granted = await s.request('POST', path, { body: { capabilities: ['card-issuing'] } });
      assert.equal(granted.status, 200);
      assert.equal(granted.json[0].capability, 'card-issuing');
    });
  });
}
