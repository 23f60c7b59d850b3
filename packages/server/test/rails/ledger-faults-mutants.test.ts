import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { postTransfer, transferBody } from '../support/transfers.ts';
import { moneyWallet } from './helpers.ts';
import type { TransferRecord } from '../../src/domain/transfers/model.ts';
import { walletRail } from '../../src/domain/transfers/rails/wallet.ts';
import { holdSourceWallet } from '../../src/domain/transfers/rails/ledger-steps.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import type { Sql } from '../../src/store/port.ts';

/**
 * Only a refusal for want of money fails a transfer as
 * `wallet-insufficient-funds`; any other failure of the ledger (a disk error, a
 * constraint) propagates, so the unit of work rolls back and the request
 * answers an error instead of recording a failure that did not happen
 * (docs/transfers.md). The rails mutation scope found no test of it: here the
 * ledger's first write fails once, by injection.
 */

const INJECTED = 'injected: disk I/O error';

/** The unit's SQL, except that its first write statement fails. */
function failingFirstWrite(sql: Sql): Sql {
  let failed = false;
  const once = () => {
    if (failed) return;
    failed = true;
    throw new Error(INJECTED);
  };
  return {
    all: (text, params) => sql.all(text, params),
    get: (text, params) => sql.get(text, params),
    run: async (text, params) => (once(), sql.run(text, params)),
    defer: async (text, params) => (once(), sql.defer(text, params)),
    batch: async (statements) => (once(), sql.batch(statements)),
  } as Sql;
}

for (const kind of await storeKinds()) {
  describe(`a ledger failure other than funds propagates (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    /** A stored wallet → wallet transfer, as its rail would find it before moving money, under a new ID (no entry yet). */
    async function unmovedTransfer(): Promise<TransferRecord> {
      const from = await moneyWallet(s, 10_000);
      const to = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(from, to, 1_000), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const record = await s.services.transfers.record(s.platform.accountID, created.json.transferID);
      assert.ok(record, 'the transfer is stored');
      return { ...record, transferID: randomUUID(), status: 'created', completedOn: undefined, railAnsweredOn: undefined };
    }

    it('the wallet rail’s instant move: the error, not a failed transfer', async () => {
      const transfer = await unmovedTransfer();
      await assert.rejects(
        s.testStore.store.write((sql) => walletRail.start(failingFirstWrite(sql), { clock: s.services.clock, pacing: FAST_PACING }, transfer)),
        new RegExp(INJECTED),
      );
    });

    it('the hold of a source wallet: the error, not "lacks the money"', async () => {
      const transfer = await unmovedTransfer();
      await assert.rejects(
        s.testStore.store.write((sql) => holdSourceWallet(failingFirstWrite(sql), s.services.clock, transfer)),
        new RegExp(INJECTED),
      );
    });

    it('without the fault the same calls move the money (the injection is what fails them)', async () => {
      const transfer = await unmovedTransfer();
      assert.equal(await s.testStore.store.write((sql) => holdSourceWallet(sql, s.services.clock, transfer)), true);
    });
  });
}
