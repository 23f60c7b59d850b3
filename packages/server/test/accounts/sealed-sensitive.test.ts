import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { createServices, type Services } from '../../src/compose/services.ts';
import { upgradeAtRest } from '../../src/compose/at-rest.ts';
import { loadSourceSecrets, type SourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { openSensitive } from '../../src/domain/accounts/sealed-sensitive.ts';
import type { Dialect, Store } from '../../src/store/port.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { storeBeforeMigration } from '../support/old-schema.ts';
import { business, individual, V2026 } from './helpers.ts';
import { basic } from '../support/auth.ts';

/*
 * Birth dates, SSNs, ITINs and EINs are sealed at rest with the key of bank
 * account numbers (decisions/0504): the raw row holds none of them, responses
 * are what they were, and rows stored in the clear before are sealed at
 * start-up (upgradeAtRest) and read the same meanwhile.
 */

const SSN = '123456789';
const EIN = '987654321';
const BIRTH = { day: 9, month: 11, year: 1989 };

/** What the old code stored in the `sensitive` column for the individual below, in the clear. */
const PLAIN_INDIVIDUAL = { individual: { birthDate: BIRTH, governmentID: { ssn: { full: SSN, lastFour: '6789' } } } };

interface Harness {
  services: Services;
  secrets: SourceSecrets;
  testStore: TestStore;
  app: FastifyInstance;
  auth: string;
  request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
}

async function harness(kind: Dialect): Promise<Harness> {
  const testStore = await createTestStore(kind);
  const secrets = loadSourceSecrets({ encryptionKey: randomBytes(32).toString('hex'), databaseUrl: 'sqlite::memory:' });
  const services = createServices(testStore.store, { now: () => new Date() }, { sourceSecrets: secrets });
  const app = await buildApp({ services, rateLimit: { kind: 'off' }, logLevel: 'silent' });
  await app.ready();
  const platform = await services.platforms.create({ name: 'Sealing' });
  const auth = basic(platform.publicKey, platform.secret);
  return {
    services,
    secrets,
    testStore,
    app,
    auth,
    async request(method, path, body) {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { authorization: auth, ...V2026, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      return { status: response.statusCode, json: response.body ? response.json() : undefined };
    },
  };
}

async function rawRow(store: Store, accountID: string): Promise<Record<string, unknown>> {
  const row = await store.read((sql) => sql.get<Record<string, unknown>>('SELECT * FROM accounts WHERE account_id = ?', [accountID]));
  return row!;
}

function assertNoPlainValues(row: Record<string, unknown>): void {
  const text = JSON.stringify(row);
  for (const value of [SSN, '123-45-6789', EIN, '98-7654321', '"day":9', '"month":11', '"year":1989', '1989-11-09']) {
    assert.ok(!text.includes(value), `the stored row holds ${value}: ${text}`);
  }
}

for (const kind of await storeKinds()) {
  describe(`sensitive account values sealed at rest (${kind})`, () => {
    let h: Harness;
    before(async () => {
      h = await harness(kind);
    });
    after(async () => {
      await h.app.close();
      await h.testStore.destroy();
    });

    test('the stored row holds neither the SSN nor the birth date nor the EIN; responses are unchanged', async () => {
      const created = await h.request('POST', '/accounts', individual({}, { birthDate: BIRTH, governmentID: { ssn: { full: '123-45-6789' } } }));
      assert.equal(created.status, 200);
      const person = created.json.profile.individual;
      assert.equal(person.birthDateProvided, true);
      assert.equal(person.governmentIDProvided, true);
      assert.equal(person.birthDate, undefined);
      assert.equal(person.governmentID, undefined);
      const row = await rawRow(h.services.store, created.json.accountID);
      assertNoPlainValues(row);
      assert.match(String(row['sensitive']), /rys1\./);
      assert.deepEqual((await h.request('GET', `/accounts/${created.json.accountID}`)).json, created.json);
      // Sealed with the key of bank account numbers, bound to the account: they open to what was sent.
      const opened = openSensitive(h.secrets.sealer, created.json.accountID, JSON.parse(String(row['sensitive'])));
      assert.deepEqual(opened, PLAIN_INDIVIDUAL);

      const company = await h.request('POST', '/accounts', business({}, { taxID: { ein: { number: '98-7654321' } } }));
      assert.equal(company.status, 200);
      assert.equal(company.json.profile.business.taxIDProvided, true);
      assertNoPlainValues(await rawRow(h.services.store, company.json.accountID));
    });

    test('a PATCH merges with the sealed values and seals them again', async () => {
      const created = await h.request('POST', '/accounts', individual({}, { birthDate: BIRTH, governmentID: { ssn: { full: '123-45-6789' } } }));
      const patched = await h.request('PATCH', `/accounts/${created.json.accountID}`, { profile: { individual: { birthDate: { month: 12 } } } });
      assert.equal(patched.status, 200, JSON.stringify(patched.json));
      const row = await rawRow(h.services.store, created.json.accountID);
      assertNoPlainValues(row);
      const opened = openSensitive(h.secrets.sealer, created.json.accountID, JSON.parse(String(row['sensitive'])));
      assert.deepEqual(opened, { individual: { birthDate: { ...BIRTH, month: 12 }, governmentID: PLAIN_INDIVIDUAL.individual.governmentID } });
    });

    test('a row stored in the clear reads the same, and is sealed by the start-up upgrade', async () => {
      const created = await h.request('POST', '/accounts', individual({}, { birthDate: BIRTH, governmentID: { ssn: { full: '123-45-6789' } } }));
      const accountID = created.json.accountID as string;
      const shown = (await h.request('GET', `/accounts/${accountID}`)).json;
      const capabilities = (await h.request('GET', `/accounts/${accountID}/capabilities`)).json;
      // As the code before 0504 wrote it.
      await h.services.store.write((sql) =>
        sql.run('UPDATE accounts SET sensitive = ?, sensitive_sealed = 0 WHERE account_id = ?', [JSON.stringify(PLAIN_INDIVIDUAL), accountID]),
      );
      assert.deepEqual((await h.request('GET', `/accounts/${accountID}`)).json, shown, 'read the same while in the clear');

      const upgrade = await upgradeAtRest(h.services);
      assert.equal(upgrade.sealedAccounts, 1);
      const row = await rawRow(h.services.store, accountID);
      assertNoPlainValues(row);
      assert.equal(Number(row['sensitive_sealed']), 1);
      assert.deepEqual(openSensitive(h.secrets.sealer, accountID, JSON.parse(String(row['sensitive']))), PLAIN_INDIVIDUAL);
      assert.deepEqual((await h.request('GET', `/accounts/${accountID}`)).json, shown, 'read the same once sealed');
      assert.deepEqual((await h.request('GET', `/accounts/${accountID}/capabilities`)).json, capabilities);
      assert.equal((await upgradeAtRest(h.services)).sealedAccounts, 0, 'nothing left in the clear');
    });

    test('a PATCH of a row still in the clear seals it', async () => {
      const created = await h.request('POST', '/accounts', individual({}, { birthDate: BIRTH, governmentID: { ssn: { full: '123-45-6789' } } }));
      const accountID = created.json.accountID as string;
      await h.services.store.write((sql) =>
        sql.run('UPDATE accounts SET sensitive = ?, sensitive_sealed = 0 WHERE account_id = ?', [JSON.stringify(PLAIN_INDIVIDUAL), accountID]),
      );
      const patched = await h.request('PATCH', `/accounts/${accountID}`, { profile: { individual: { name: { firstName: 'Jo' } } } });
      assert.equal(patched.status, 200);
      const row = await rawRow(h.services.store, accountID);
      assertNoPlainValues(row);
      assert.equal(Number(row['sensitive_sealed']), 1);
      assert.deepEqual(openSensitive(h.secrets.sealer, accountID, JSON.parse(String(row['sensitive']))), PLAIN_INDIVIDUAL);
    });

    test('migration 14 marks the rows an older Railyard stored; the start-up upgrade seals them', async () => {
      const old = await storeBeforeSealing(kind);
      try {
        const secretID = randomUUID();
        const plainID = randomUUID();
        await old.insertAccount(secretID, JSON.stringify(PLAIN_INDIVIDUAL));
        await old.insertAccount(plainID, null);
        const store = old.open();
        try {
          const applied = await store.migrate();
          assert.ok(applied.includes(SEALING_MIGRATION));
          const marks = await store.read((sql) => sql.all<{ account_id: string; sensitive_sealed: number }>('SELECT account_id, sensitive_sealed FROM accounts'));
          assert.deepEqual(
            Object.fromEntries(marks.map((m) => [m.account_id, Number(m.sensitive_sealed)])),
            { [secretID]: 0, [plainID]: 1 },
            'a row with values to seal is marked, one without is not',
          );
          const services = createServices(store, { now: () => new Date() }, { sourceSecrets: h.secrets });
          assert.equal((await upgradeAtRest(services)).sealedAccounts, 1);
          const row = await rawRow(store, secretID);
          assertNoPlainValues(row);
          assert.deepEqual(openSensitive(h.secrets.sealer, secretID, JSON.parse(String(row['sensitive']))), PLAIN_INDIVIDUAL);
          assert.equal((await rawRow(store, plainID))['sensitive'], null);
        } finally {
          await store.close();
        }
      } finally {
        await old.destroy();
      }
    });
  });
}

const SEALING_MIGRATION = 14;
const LEGACY_ACCOUNT =
  'INSERT INTO accounts (account_id, created_by, mode, account_type, display_name, search_name, email, foreign_id, document, sensitive, created_on, updated_on) VALUES ';

function legacyAccount(accountID: string, sensitive: string | null): Array<string | null> {
  const now = '2026-01-02T03:04:05.000Z';
  const document = { accountID, mode: 'sandbox', accountType: 'individual', displayName: 'Jordan Lee', profile: { individual: { name: { firstName: 'Jordan', lastName: 'Lee' } } }, createdOn: now, updatedOn: now };
  return [accountID, accountID, 'sandbox', 'individual', 'Jordan Lee', 'jordan lee', null, null, JSON.stringify(document), sensitive, now, now];
}

/** A database migrated up to, not including, the sealing migration: the schema a running Railyard had before 0504. */
async function storeBeforeSealing(kind: Dialect) {
  const old = await storeBeforeMigration(kind, SEALING_MIGRATION);
  return {
    ...old,
    insertAccount: (accountID: string, sensitive: string | null) =>
      old.run(`${LEGACY_ACCOUNT}(${Array.from({ length: 12 }, () => '?').join(', ')})`, legacyAccount(accountID, sensitive)),
  };
}
