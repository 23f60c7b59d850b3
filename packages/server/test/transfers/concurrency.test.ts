import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, balance, transferBody, walletParty, type WalletParty } from './helpers.ts';

const TRANSFERS = 1_000;
const CONCURRENCY = 50;
const FUNDS = 30_000;
const AMOUNT = 100;

/** Runs tasks with at most `limit` in flight. */
async function bounded<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

for (const kind of await storeKinds()) {
  describe(`transfers under concurrency (${kind})`, () => {
    const s = serverPerSuite(kind);
    let source: WalletParty;
    let destination: WalletParty;
    before(async () => {
      source = await walletParty(s, FUNDS);
      destination = await walletParty(s);
    });

    it(`${TRANSFERS} concurrent transfers from one wallet never overdraw it; the excess fail cleanly`, async () => {
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const outcomes = await bounded(TRANSFERS, CONCURRENCY, async () => {
        const outcome = await s.services.transfers.create(caller, {
          accountID: s.platform.accountID,
          idempotencyKey: randomUUID(),
          waitForRail: true,
          body: transferBody(source, destination, AMOUNT),
        });
        return (outcome.body as { status?: string }).status;
      });
      const completed = outcomes.filter((status) => status === 'completed').length;
      const failed = outcomes.filter((status) => status === 'failed').length;
      assert.equal(completed, FUNDS / AMOUNT);
      assert.equal(failed, TRANSFERS - FUNDS / AMOUNT);
      assert.equal(await balance(s, source), 0);
      assert.equal(await balance(s, destination), FUNDS);
      await assertLedgerOk(s);
    });
  });
}
