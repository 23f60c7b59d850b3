import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { accountPayload, bankPath, CHASE, createAccount, eventsOf, link, liveMethodTypes, SANDBOX_BANK, V2026 } from './helpers.ts';

for (const kind of await storeKinds()) {
  describe(`bank accounts: link, list, get, disable (${kind})`, () => {
    const s = serverPerSuite(kind);
    let accountID: string;
    before(async () => {
      accountID = await createAccount(s);
    });

    const post = (body: unknown, headers: Record<string, string> = V2026, owner = accountID) =>
      s.request('POST', `/accounts/${owner}/bank-accounts`, { body, headers });

    it('links: last four shown, full number only sealed, bank named, event and payment methods written', async () => {
      const bank = await link(s, accountID, { holderName: '  Jules   Jackson ' });
      assert.match(bank.bankAccountID, /^[0-9a-f-]{36}$/);
      assert.equal(bank.status, 'new');
      assert.equal(bank.statusReason, 'bank-account-created');
      assert.equal(bank.holderName, 'Jules Jackson');
      assert.equal(bank.holderType, 'individual');
      assert.equal(bank.bankAccountType, 'checking');
      assert.equal(bank.routingNumber, CHASE);
      assert.equal(bank.lastFourAccountNumber, '7000');
      assert.equal(bank.bankName, 'JPMorgan Chase Bank, N.A.');
      assert.match(bank.fingerprint, /^[0-9a-f]{64}$/);
      assert.equal(bank.paymentMethods, undefined, 'paymentMethods only with X-Wait-For');
      assert.ok(!JSON.stringify(bank).includes('0004321567000'));

      const stored = await s.services.store.read((sql) =>
        sql.get<{ account_number_sealed: string }>('SELECT account_number_sealed FROM bank_accounts WHERE bank_account_id = ?', [bank.bankAccountID]),
      );
      assert.ok(stored && !stored.account_number_sealed.includes('4321567'));
      const sealer = (s.services.bankAccounts as unknown as { secrets: { sealer: { open(v: string, c: string): string } } }).secrets.sealer;
      assert.equal(sealer.open(stored.account_number_sealed, bank.bankAccountID), '0004321567000');
      assert.throws(() => sealer.open(stored.account_number_sealed, 'another-row'), /tampered/);

      const created = (await eventsOf(s, 'bankAccount.created')).find((e) => e['bankAccountID'] === bank.bankAccountID);
      assert.deepEqual(created, { bankAccountID: bank.bankAccountID, accountID, status: 'new' });
      // Chase is on RTP and FedNow in the sandbox directory; debits wait for verification.
      assert.deepEqual(await liveMethodTypes(s, bank.bankAccountID), [
        'ach-credit-same-day',
        'ach-credit-standard',
        'instant-bank-credit',
        'rtp-credit',
      ]);
    });

    it('X-Wait-For: payment-method lists the generated methods; v2024 callers never see instant-bank-credit', async () => {
      const owner = await createAccount(s);
      const waited = await post(accountPayload(), { ...V2026, 'x-wait-for': 'payment-method' }, owner);
      assert.equal(waited.status, 200);
      assert.deepEqual(
        waited.json.paymentMethods.map((m: { paymentMethodType: string }) => m.paymentMethodType).sort(),
        ['ach-credit-same-day', 'ach-credit-standard', 'instant-bank-credit', 'rtp-credit'],
      );
      for (const method of waited.json.paymentMethods) assert.match(method.paymentMethodID, /^[0-9a-f-]{36}$/);

      const old = await post(accountPayload({ accountNumber: '55501234' }), { 'x-wait-for': 'payment-method' }, owner);
      assert.equal(old.status, 200);
      assert.deepEqual(
        old.json.paymentMethods.map((m: { paymentMethodType: string }) => m.paymentMethodType).sort(),
        ['ach-credit-same-day', 'ach-credit-standard', 'rtp-credit'],
      );
      const rail = await post(accountPayload({ accountNumber: '55501235' }), { ...V2026, 'x-wait-for': 'rail-response' }, owner);
      assert.equal(rail.status, 200);
      assert.equal(rail.json.paymentMethods, undefined);
      const junk = await post(accountPayload({ accountNumber: '55501236' }), { ...V2026, 'x-wait-for': 'forever' }, owner);
      assert.equal(junk.status, 400);
      assert.match(junk.json.error, /X-Wait-For/);
    });

    it('names unlisted banks by Federal Reserve district and gives them ACH only', async () => {
      const owner = await createAccount(s);
      const listed = await link(s, owner, { routingNumber: SANDBOX_BANK });
      assert.equal(listed.bankName, 'Railyard Sandbox Bank');
      assert.deepEqual(await liveMethodTypes(s, listed.bankAccountID), ['ach-credit-same-day', 'ach-credit-standard']);
      const unlisted = await link(s, owner, { routingNumber: '091000019' });
      assert.equal(unlisted.bankName, 'Bank in the Minneapolis Federal Reserve district');
    });

    it('refuses bad details with BankAccountValidationError, writing nothing', async () => {
      const owner = await createAccount(s);
      const bad = await post(accountPayload({ routingNumber: '123456789', accountNumber: '12', holderType: 'robot' }), V2026, owner);
      assert.equal(bad.status, 422);
      assert.deepEqual(Object.keys(bad.json), ['account']);
      assert.match(bad.json.account, /accountNumber: the length must be between 4 and 17/);
      assert.match(bad.json.account, /holderType: must be a valid value/);
      assert.match(bad.json.account, /routingNumber: must be a valid ABA routing number/);

      const cases: Array<[unknown, number, string]> = [
        [{}, 422, 'account'],
        [{ account: 'x' }, 422, 'account'],
        [{ account: {} }, 422, 'account'],
        [{ account: { ...accountPayload().account, routingNumber: 21000021 } }, 422, 'account'],
        [accountPayload({ bankAccountType: 'general-ledger' }), 422, 'account'],
        [{ plaid: { token: 'x' } }, 422, 'plaid'],
        [{ plaidLink: { publicToken: 'x' } }, 422, 'plaidLink'],
        [{ mx: { authorizationCode: 'x' } }, 422, 'mx'],
        [{ ...accountPayload(), mx: { authorizationCode: 'x' } }, 422, 'error'],
        [[accountPayload()], 400, 'error'],
      ];
      for (const [body, status, key] of cases) {
        const response = await post(body, V2026, owner);
        assert.equal(response.status, status, JSON.stringify(body));
        assert.equal(typeof response.json[key], 'string', `${JSON.stringify(body)} → ${response.text}`);
      }
      const plaid = await post({ plaid: { token: 'x' } }, V2026, owner);
      assert.match(plaid.json.plaid, /not available in Railyard/);
      const rows = await s.services.store.read((sql) => sql.all('SELECT 1 FROM bank_accounts WHERE account_id = ?', [owner]));
      assert.equal(rows.length, 0);
    });

    it('gates the guest holder type by version', async () => {
      const owner = await createAccount(s);
      const old = await post(accountPayload({ holderType: 'guest' }), {}, owner);
      assert.equal(old.status, 422);
      assert.equal(old.json.account, 'holderType: must be a valid value.');
      const guest = await link(s, owner, { holderType: 'guest' });
      assert.equal(guest.holderType, 'guest');
      const shownToV2024 = await s.request('GET', bankPath(owner, guest.bankAccountID));
      assert.equal(shownToV2024.json.holderType, 'individual');
    });

    it('linking the same bank account twice is a 409 naming the first; a different type or a relink after disabling is not', async () => {
      const owner = await createAccount(s);
      const first = await link(s, owner);
      const again = await post(accountPayload({ holderName: 'Someone Else' }), V2026, owner);
      assert.equal(again.status, 409);
      assert.match(again.json.error, new RegExp(first.bankAccountID));
      const savings = await link(s, owner, { bankAccountType: 'savings' });
      assert.notEqual(savings.fingerprint, first.fingerprint);

      // The same account on another account of the platform: same fingerprint, no conflict.
      const other = await link(s, await createAccount(s));
      assert.equal(other.fingerprint, first.fingerprint);

      assert.equal((await s.request('DELETE', bankPath(owner, first.bankAccountID))).status, 204);
      const relinked = await link(s, owner);
      assert.notEqual(relinked.bankAccountID, first.bankAccountID);
      assert.equal(relinked.fingerprint, first.fingerprint);
    });

    it('concurrent links of one bank account leave exactly one', async () => {
      const owner = await createAccount(s);
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(accountPayload(), V2026, owner)));
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409, 409, 409]);
      const list = await s.request('GET', `/accounts/${owner}/bank-accounts`, { headers: V2026 });
      assert.equal(list.json.length, 1);
    });

    it('lists and gets; disabling is 204 once, then 404, and disables its payment methods', async () => {
      const owner = await createAccount(s);
      const a = await link(s, owner);
      const b = await link(s, owner, { accountNumber: '99887766' });
      const list = await s.request('GET', `/accounts/${owner}/bank-accounts`, { headers: V2026 });
      assert.equal(list.status, 200);
      assert.deepEqual(list.json.map((x: { bankAccountID: string }) => x.bankAccountID), [a.bankAccountID, b.bankAccountID]);
      const got = await s.request('GET', bankPath(owner, a.bankAccountID.toUpperCase()), { headers: V2026 });
      assert.equal(got.status, 200);
      assert.deepEqual(got.json, a);

      assert.equal((await s.request('DELETE', bankPath(owner, a.bankAccountID))).status, 204);
      const twice = await s.request('DELETE', bankPath(owner, a.bankAccountID));
      assert.equal(twice.status, 404);
      assert.equal(twice.text, '');
      assert.equal((await s.request('GET', bankPath(owner, a.bankAccountID))).status, 404);
      assert.equal((await s.request('POST', bankPath(owner, a.bankAccountID, '/micro-deposits'))).status, 404);
      const after = await s.request('GET', `/accounts/${owner}/bank-accounts`);
      assert.deepEqual(after.json.map((x: { bankAccountID: string }) => x.bankAccountID), [b.bankAccountID]);
      assert.deepEqual(await liveMethodTypes(s, a.bankAccountID), []);
      const deleted = await eventsOf(s, 'bankAccount.deleted');
      assert.deepEqual(deleted.filter((e) => e['bankAccountID'] === a.bankAccountID), [{ bankAccountID: a.bankAccountID, accountID: owner }]);
      const disabledMethods = (await eventsOf(s, 'paymentMethod.disabled')).filter((e) => e['sourceID'] === a.bankAccountID);
      assert.equal(disabledMethods.length, 4);
    });

    it('hides another platform’s accounts and bank accounts behind an empty 404', async () => {
      const bank = await link(s, accountID, { accountNumber: '11112222' });
      const other = s.otherPlatform.basic;
      const attempts = [
        s.request('GET', `/accounts/${accountID}/bank-accounts`, { auth: other }),
        s.request('GET', bankPath(accountID, bank.bankAccountID), { auth: other }),
        s.request('POST', `/accounts/${accountID}/bank-accounts`, { body: accountPayload({ accountNumber: '33334444' }), auth: other }),
        s.request('DELETE', bankPath(accountID, bank.bankAccountID), { auth: other }),
        s.request('POST', bankPath(accountID, bank.bankAccountID, '/micro-deposits'), { auth: other }),
        s.request('PUT', bankPath(accountID, bank.bankAccountID, '/micro-deposits'), { body: { amounts: [0, 0] }, auth: other }),
        s.request('POST', bankPath(accountID, bank.bankAccountID, '/verify'), { auth: other }),
        s.request('PUT', bankPath(accountID, bank.bankAccountID, '/verify'), { body: { code: '0000' }, auth: other }),
        s.request('GET', bankPath(accountID, bank.bankAccountID, '/verify'), { auth: other }),
      ];
      for (const response of await Promise.all(attempts)) {
        assert.equal(response.status, 404);
        assert.equal(response.text, '');
      }
      // A bank account of one account is not found under another account of the same platform.
      const sibling = await createAccount(s);
      assert.equal((await s.request('GET', bankPath(sibling, bank.bankAccountID))).status, 404);
      assert.equal((await s.request('GET', bankPath(accountID, 'not-a-uuid'))).status, 404);
      assert.equal((await s.request('GET', bankPath(accountID, bank.bankAccountID))).status, 200);
    });
  });
}
