import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Sql, Store } from '../../src/store/port.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { findTransferByIdempotencyKey, findTransferRow, insertTransfer, updateNewTransferRow, updateTransferRow, type TransferRow } from '../../src/store/repos/transfers.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, type TestServer } from '../support/server.ts';
import { bankParty } from '../support/parties.ts';
import { notingSql } from '../support/noting-sql.ts';
import { assertLedgerOk, balance, createWithPacing, methodTransferBody, platformCaller, transferBody, walletParty, type WalletParty } from './helpers.ts';

// Decision 2001, amendment "A new transfer written once": a unit of work holds the
// transfer it creates and writes it at its end as it stands then, so a rail that
// moves it on at once (completed, pending, failed) costs one INSERT, not an INSERT
// and an UPDATE of every index of the table.

/** Every statement the store's units of work and reads run while `during` runs. */
async function statementsDuring(store: Store, during: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const watch = (sql: Sql): Sql => notingSql(sql, (text) => seen.push(text));
  const write = store.write;
  const read = store.read;
  store.write = <T>(work: (sql: Sql) => Promise<T>) => write.call(store, (sql) => work(watch(sql))) as Promise<T>;
  store.read = <T>(work: (sql: Sql) => Promise<T>) => read.call(store, (sql) => work(watch(sql))) as Promise<T>;
  try {
    await during();
  } finally {
    store.write = write;
    store.read = read;
  }
  return seen;
}

/** The statements that write the transfers table, by their first words. */
function transferWrites(statements: readonly string[]): string[] {
  return statements
    .map((text) => text.trim().replace(/\s+/g, ' '))
    .filter((text) => /^(INSERT INTO|UPDATE) transfers\b/.test(text))
    .map((text) => text.split(' ').slice(0, 3).join(' '));
}

async function storedRow(s: TestServer, transferID: string): Promise<TransferRow> {
  const row = await s.testStore.store.read((sql) => findTransferRow(sql, s.platform.accountID, transferID));
  assert.ok(row, `transfer ${transferID} is stored`);
  return row;
}

for (const kind of await storeKinds()) {
  describe(`a new transfer is written once (${kind})`, () => {
    const s = serverPerSuite(kind);
    let from: WalletParty;
    let to: WalletParty;
    before(async () => {
      from = await walletParty(s, 10_000);
      to = await walletParty(s);
    });

    const create = (body: Record<string, unknown>, key = randomUUID()) =>
      s.services.transfers.create(platformCaller(s), { accountID: s.platform.accountID, idempotencyKey: key, waitForRail: true, body });

    it('wallet → wallet: one INSERT, already completed, as the answer says', async () => {
      let outcome: Awaited<ReturnType<typeof create>> | undefined;
      const statements = await statementsDuring(s.testStore.store, async () => (outcome = await create(transferBody(from, to, 300))));
      assert.deepEqual(transferWrites(statements), ['INSERT INTO transfers']);
      const body = outcome!.body as { transferID: string; status: string };
      assert.equal(body.status, 'completed');
      const row = await storedRow(s, body.transferID);
      assert.equal(row.status, 'completed');
      assert.equal(Number(row.row_version), 2, 'created at version 1, moved on once');
      assert.ok(row.rail_answered_on !== null && row.completed_on !== null);
      assert.equal(await balance(s, to), 300);
    });

    it('a wallet without the money: one INSERT, already failed, nothing moved', async () => {
      const poor = await walletParty(s, 50);
      let outcome: Awaited<ReturnType<typeof create>> | undefined;
      const statements = await statementsDuring(s.testStore.store, async () => (outcome = await create(transferBody(poor, to, 51))));
      assert.deepEqual(transferWrites(statements), ['INSERT INTO transfers']);
      const row = await storedRow(s, (outcome!.body as { transferID: string }).transferID);
      assert.equal(row.status, 'failed');
      assert.equal(row.failure_reason, 'wallet-insufficient-funds');
      assert.equal(await balance(s, poor), 50);
    });

    it('a wallet transfer that waits for its job: one INSERT, pending', async () => {
      let transferID = '';
      const statements = await statementsDuring(s.testStore.store, async () => {
        transferID = await createWithPacing(s, { ...FAST_PACING, walletCompleteAfterSeconds: 600 }, transferBody(from, to, 10));
      });
      assert.deepEqual(transferWrites(statements), ['INSERT INTO transfers']);
      assert.equal((await storedRow(s, transferID)).status, 'pending');
    });

    it('ACH debit: the rail’s versioned update of its new transfer is one INSERT too, pending with the debit initiated', async () => {
      const owner = await bankParty(s, { verified: true });
      let outcome: Awaited<ReturnType<typeof create>> | undefined;
      const statements = await statementsDuring(s.testStore.store, async () => {
        outcome = await create(methodTransferBody(owner.methods['ach-debit-fund']!, owner.paymentMethodID, 4_000));
      });
      assert.deepEqual(transferWrites(statements), ['INSERT INTO transfers']);
      const row = await storedRow(s, (outcome!.body as { transferID: string }).transferID);
      assert.equal(row.status, 'pending');
      assert.equal((JSON.parse(row.source_details!) as { achDetails: { status: string } }).achDetails.status, 'initiated');
    });

    it('a replay of the key, sent after the first committed, is refused at the insert and moves nothing', async () => {
      const key = randomUUID();
      const first = await create(transferBody(from, to, 7), key);
      const before = await balance(s, to);
      await assert.rejects(create(transferBody(from, to, 7), key), (error: Error & { status?: number }) => error.status === 409);
      assert.equal(await balance(s, to), before);
      assert.equal((first.body as { status: string }).status, 'completed');
      await assertLedgerOk(s);
    });

    describe('inside the unit, through the transfers repository', () => {
      /** A copy of a stored transfer under a new ID and key, as a unit would insert it. */
      async function newRow(): Promise<TransferRow> {
        const made = await create(transferBody(from, to, 1));
        const row = await storedRow(s, (made.body as { transferID: string }).transferID);
        return { ...row, transfer_id: randomUUID(), idempotency_key: randomUUID(), status: 'created', row_version: 1 };
      }
      const change = (row: TransferRow, status: string) => ({ ...row, status, updated_on: new Date().toISOString() });

      it('the unit reads and changes its new transfer before it is written; the row written is the last one', async () => {
        const row = await newRow();
        await s.testStore.store.write(async (sql) => {
          await insertTransfer(sql, row);
          assert.equal((await findTransferRow(sql, row.platform_id, row.transfer_id))?.status, 'created');
          assert.equal((await findTransferByIdempotencyKey(sql, row.platform_id, row.idempotency_key))?.transfer_id, row.transfer_id);
          assert.equal(await findTransferRow(sql, s.otherPlatform.accountID, row.transfer_id), undefined, 'another platform does not see it');
          assert.equal(await updateTransferRow(sql, row.platform_id, row.transfer_id, 2, change(row, 'failed')), false, 'a stale version is refused');
          assert.equal(await updateTransferRow(sql, row.platform_id, row.transfer_id, 1, change(row, 'pending')), true);
          await updateNewTransferRow(sql, row.platform_id, row.transfer_id, 2, { ...change(row, 'completed'), refunded_amount: 99 } as TransferRow);
          const held = await findTransferRow(sql, row.platform_id, row.transfer_id);
          assert.equal(held?.status, 'completed');
          assert.equal(Number(held?.row_version), 3);
        });
        const stored = await storedRow(s, row.transfer_id);
        assert.equal(stored.status, 'completed');
        assert.equal(Number(stored.row_version), 3);
        assert.equal(Number(stored.refunded_amount), 0, 'only the columns an update may change are taken from a change');
      });

      it('a unit that fails after inserting writes nothing', async () => {
        const row = await newRow();
        await assert.rejects(
          s.testStore.store.write(async (sql) => {
            await insertTransfer(sql, row);
            throw new Error('refused');
          }),
          /refused/,
        );
        assert.equal(await s.testStore.store.read((sql) => findTransferRow(sql, row.platform_id, row.transfer_id)), undefined);
      });

      it('a change of a new transfer at the wrong version is a bug, and fails the unit', async () => {
        const row = await newRow();
        await assert.rejects(
          s.testStore.store.write(async (sql) => {
            await insertTransfer(sql, row);
            await updateNewTransferRow(sql, row.platform_id, row.transfer_id, 5, change(row, 'completed'));
          }),
          /not at version 5/,
        );
        assert.equal(await s.testStore.store.read((sql) => findTransferRow(sql, row.platform_id, row.transfer_id)), undefined);
      });
    });
  });
}
