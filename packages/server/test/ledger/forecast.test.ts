import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { getEntry, getLedgerAccount, postEntry, verifyLedger, type EntryInput, type LedgerAccount } from '../../src/ledger/index.ts';
import { isForecastMissed, offerForecast, type AccountForecast } from '../../src/ledger/forecast.ts';
import { roundTrips } from '../../src/store/postgres/postgres-store.ts';
import type { Sql } from '../../src/store/port.ts';
import { storeKinds } from '../support/stores.ts';
import { ledgerSnapshot, openAccount, postingSuite, refusedWith, usd } from './fixtures.ts';

// Forecast balances (src/ledger/forecast.ts; decision 2001, amendment "Forecast
// balances"), PostgreSQL only: an entry on accounts the unit already read is
// written without a round trip of its own, answers what the guarded path answers,
// and fails the whole unit when an account moved after the read.

if ((await storeKinds()).includes('postgres')) {
  describe('ledger forecast (postgres)', () => {
    const { t, clock, book, entry, post } = postingSuite('postgres', { description: 'forecast', funding: 100_000 });
    let third: LedgerAccount;
    before(async () => {
      third = await openAccount(t.store, clock, book.platformID, 'wallet');
    });

    const read = (account: LedgerAccount) => t.store.read((sql) => getLedgerAccount(sql, book.platformID, account.ledgerAccountID));
    const forecastOf = async (account: LedgerAccount): Promise<AccountForecast> => {
      const now = await read(account);
      return { ...now, ledgerAccountID: now.ledgerAccountID, platformID: now.platformID, currency: now.currency };
    };
    /** Posts `input` in one unit of work, offering a forecast of `accounts` first; answers the entry and the messages the unit sent. */
    const postForecast = async (input: EntryInput, accounts: AccountForecast[], within?: (sql: Sql) => Promise<void>) => {
      const before = roundTrips.count;
      const result = await t.store.write(async (sql) => {
        offerForecast(sql, accounts);
        const posted = await postEntry(sql, input, clock);
        await within?.(sql);
        return posted;
      });
      return { result, messages: roundTrips.count - before };
    };

    it('writes the entry with the COMMIT and answers what is then stored', async () => {
      const input = entry([usd(book.wallet, -2_500), usd(book.other, 2_500)]);
      const { result, messages } = await postForecast(input, [await forecastOf(book.wallet), await forecastOf(book.other)]);
      assert.equal(messages, 1, 'BEGIN, the entry and the COMMIT in one message');
      assert.equal(result.replayed, false);
      const stored = await t.store.read((sql) => getEntry(sql, book.platformID, result.entry.entryID));
      assert.deepEqual(stored, result.entry, 'the answer is the stored entry, postings and balances after included');
      const [wallet, other] = [await read(book.wallet), await read(book.other)];
      assert.equal(wallet.available, 97_500);
      assert.equal(other.available, 2_500);
      const debit = result.entry.postings.find((p) => p.ledgerAccountID === book.wallet.ledgerAccountID)!;
      assert.equal(debit.accountSeq, wallet.postingCount);
      assert.equal(debit.availableAfter, 97_500);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('answers the same postings as the guarded path for the same move', async () => {
      const [a, b] = [await forecastOf(book.wallet), await forecastOf(third)];
      const forecast = await postForecast(entry([usd(book.wallet, -1_000), usd(third, 1_000)]), [a, b]);
      const guarded = await post(entry([usd(third, -400), usd(book.wallet, 400)]));
      // The guarded entry carries on from the forecast one's sequence numbers and balances.
      const seqOf = (postings: typeof guarded.entry.postings, account: LedgerAccount) => postings.find((p) => p.ledgerAccountID === account.ledgerAccountID)!;
      assert.equal(seqOf(guarded.entry.postings, book.wallet).accountSeq, seqOf(forecast.result.entry.postings, book.wallet).accountSeq + 1);
      assert.equal(seqOf(guarded.entry.postings, third).availableAfter, 600);
      assert.equal(seqOf(forecast.result.entry.postings, third).availableAfter, 1_000);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('a second entry of the unit on the same accounts forecasts from the first', async () => {
      const accounts = [await forecastOf(book.wallet), await forecastOf(book.other)];
      const start = (await read(book.wallet)).postingCount;
      let second: Awaited<ReturnType<typeof postEntry>> | undefined;
      const { result, messages } = await postForecast(entry([usd(book.wallet, -10), usd(book.other, 10)]), accounts, async (sql) => {
        second = await postEntry(sql, entry([usd(book.wallet, -20), usd(book.other, 20)]), clock);
      });
      assert.equal(messages, 1);
      const debit = (posted: typeof result) => posted.entry.postings.find((p) => p.ledgerAccountID === book.wallet.ledgerAccountID)!;
      assert.equal(debit(result).accountSeq, start + 1);
      assert.equal(debit(second!).accountSeq, start + 2);
      assert.equal(debit(second!).availableAfter, (await read(book.wallet)).available);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('fails the whole unit when an account moved after the forecast, and commits nothing of it', async () => {
      const stale = [await forecastOf(book.wallet), await forecastOf(book.other)];
      await post(entry([usd(book.wallet, -1), usd(book.other, 1)])); // another unit moves the wallet after the read
      const before = await ledgerSnapshot(t.store);
      await assert.rejects(postForecast(entry([usd(book.wallet, -5), usd(book.other, 5)]), stale), isForecastMissed);
      assert.deepEqual(await ledgerSnapshot(t.store), before);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('leaves to the guarded path an entry the forecast says would overdraw: refused as before, nothing written', async () => {
      const before = await ledgerSnapshot(t.store);
      const wallet = await forecastOf(book.other);
      await assert.rejects(
        postForecast(entry([usd(book.other, -(wallet.available + 1)), usd(book.wallet, wallet.available + 1)]), [wallet, await forecastOf(book.wallet)]),
        refusedWith('insufficient-funds'),
      );
      assert.deepEqual(await ledgerSnapshot(t.store), before);
    });

    it('leaves to the guarded path an entry on an account not forecast, a settlement and a pending debit', async () => {
      const wallet = await forecastOf(book.wallet);
      const notForecast = await postForecast(entry([usd(book.wallet, -3), usd(book.other, 3)]), [wallet]);
      assert.equal(notForecast.messages, 2, 'the guarded batch, then the COMMIT');
      const settlement = await postForecast(entry([usd(book.wallet, -3), usd(book.other, 3)], { settlement: 'adjustment' }), [
        await forecastOf(book.wallet),
        await forecastOf(book.other),
      ]);
      assert.equal(settlement.messages, 2);
      const hold = await postForecast(entry([usd(book.wallet, -50), usd(book.wallet, 50, 'pending')], { referenceID: 'held' }), [await forecastOf(book.wallet)]);
      assert.ok(hold.messages >= 2, 'two postings on one account');
      const settle = await postForecast(entry([usd(book.wallet, -50, 'pending'), usd(book.other, 50)], { referenceID: 'held' }), [
        await forecastOf(book.wallet),
        await forecastOf(book.other),
      ]);
      assert.ok(settle.messages >= 2, 'a pending debit is checked against its hold');
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('a forecast offered in one unit is not used by another', async () => {
      await t.store.write(async (sql) => offerForecast(sql, [await forecastOf(book.wallet), await forecastOf(book.other)]));
      const before = roundTrips.count;
      await post(entry([usd(book.wallet, -7), usd(book.other, 7)], { referenceID: randomUUID() }));
      assert.equal(roundTrips.count - before, 2);
    });
  });
}
