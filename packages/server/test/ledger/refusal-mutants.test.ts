import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { holdFunds, InsufficientFunds, LedgerError, releaseHold } from '../../src/ledger/index.ts';
import { MAX_BALANCE, MAX_POSTING_AMOUNT } from '../../src/ledger/limits.ts';
import { postingSuite, refusedWith, usd } from './fixtures.ts';
import type { PostingInput } from '../../src/ledger/types.ts';

/**
 * What the ledger's mutation run (docs/testing.md "Mutation testing") found
 * unpinned: which refusal a refused guarded update is reported as (funds or a
 * balance limit), the refusal's own fields, the anchors of the reference-type
 * and currency patterns, and the message of a hold taken beyond what it holds.
 */

const FUNDING = 1_000;

for (const kind of await storeKinds()) {
  describe(`ledger refusals, exactly (${kind})`, () => {
    const { t, clock, book, entry, post } = postingSuite(kind, { description: 'refusal mutants', funding: FUNDING });

    it('a customer debit past the balance is InsufficientFunds naming the account, the bucket and the positive amount', async () => {
      const error = await post(entry([usd(book.wallet, -(FUNDING + 1)), usd(book.other, FUNDING + 1)])).then(
        () => assert.fail('an overdraft was posted'),
        (refusal: unknown) => refusal,
      );
      assert.ok(error instanceof InsufficientFunds, `not InsufficientFunds: ${String(error)}`);
      assert.equal(error.name, 'InsufficientFunds');
      assert.equal(error.code, 'insufficient-funds');
      assert.deepEqual([error.ledgerAccountID, error.bucket, error.requested], [book.wallet.ledgerAccountID, 'available', FUNDING + 1]);
      assert.equal(error.message, `ledger account ${book.wallet.ledgerAccountID} has insufficient available funds for ${FUNDING + 1}`);
    });

    it('a refusal of the entry itself is a LedgerError by name', async () => {
      const error = await post(entry([usd(book.wallet, -1), usd(book.other, 1)], { referenceType: 'Transfer' })).then(
        () => assert.fail('posted'),
        (refusal: unknown) => refusal,
      );
      assert.ok(error instanceof LedgerError);
      assert.equal(error.name, 'LedgerError');
      assert.equal(error.code, 'invalid-entry');
    });

    it('a reference type and a currency match their whole pattern, not a part of it', async () => {
      for (const referenceType of ['Transfer', 'transfer!', '9transfer']) {
        await assert.rejects(post(entry([usd(book.wallet, -1), usd(book.other, 1)], { referenceType })), refusedWith('invalid-entry'), referenceType);
      }
      for (const currency of ['USDX', 'XUSD', 'usd']) {
        const postings: PostingInput[] = [
          { ...usd(book.wallet, -1), currency },
          { ...usd(book.other, 1), currency },
        ];
        await assert.rejects(post(entry(postings)), refusedWith('invalid-entry'), currency);
      }
    });

    it('a hold taken out beyond what its reference holds is refused, saying what it holds and what was taken', async () => {
      const referenceID = `hold-${kind}`;
      const hold = { platformID: book.platformID, referenceType: 'transfer', referenceID, description: 'hold', ledgerAccountID: book.wallet.ledgerAccountID, currency: 'USD' };
      // Another reference's hold fills the pending bucket, so the bucket itself would allow 150.
      const otherHold = { ...hold, referenceID: `${referenceID}-other` };
      await t.store.write((sql) => holdFunds(sql, { ...hold, amount: 100 }, clock));
      await t.store.write((sql) => holdFunds(sql, { ...otherHold, amount: 200 }, clock));
      await assert.rejects(
        t.store.write((sql) => releaseHold(sql, { ...hold, amount: 150 }, clock)),
        (error: unknown) => {
          assert.ok(error instanceof LedgerError);
          assert.equal(error.code, 'hold-exceeded');
          assert.equal(error.message, `reference ${referenceID} holds 100 on ledger account ${book.wallet.ledgerAccountID}, less than the 150 taken`);
          return true;
        },
      );
      await t.store.write((sql) => releaseHold(sql, { ...hold, amount: 100 }, clock));
      await t.store.write((sql) => releaseHold(sql, { ...otherHold, amount: 200 }, clock));
    });

    it('past the balance limit a credit, and a debit of an account allowed below zero, are balance-limit refusals, not InsufficientFunds', async () => {
      // The wallet up to exactly MAX_BALANCE, from the outside world (which goes as far below zero).
      // One pair per entry: an entry touches an account's bucket once.
      let missing = MAX_BALANCE - FUNDING;
      while (missing > 0) {
        const amount = Math.min(MAX_POSTING_AMOUNT, missing);
        missing -= amount;
        await post(entry([usd(book.world, -amount), usd(book.wallet, amount)]));
      }
      // A settlement may overdraw `other`: the credit past MAX_BALANCE is what is refused.
      const credit = post(entry([usd(book.other, -1), usd(book.wallet, 1)], { settlement: 'adjustment' }));
      await assert.rejects(credit, refusedWith('balance-limit'), 'a credit past MAX_BALANCE');
      // The world is at -MAX_BALANCE: one more cent out of it passes its negative floor.
      const debit = post(entry([usd(book.world, -1), usd(book.other, 1)]));
      await assert.rejects(debit, refusedWith('balance-limit'), 'a debit past -MAX_BALANCE');
      await assert.rejects(debit, (error: unknown) => !(error instanceof InsufficientFunds), 'not reported as missing funds');
    });
  });
}
