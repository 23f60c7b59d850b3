// Bench-only setup: puts money into wallets by posting a ledger entry per wallet
// straight into the database, because Railyard has no API that funds a wallet yet (bank
// and card rails come later). The entry moves money from the platform's
// `outside-world` ledger account, as the test helper `fundWalletFromOutside`
// does, so the ledger stays balanced and `railyard admin verify-ledger` stays ok.
//   node --import tsx bench/tools/fund-wallet.ts --db URL --account ID --wallet ID [--account ID --wallet ID …] --cents N
// Each wallet gets N cents; the k-th --wallet belongs to the k-th --account.
// Safe while the server runs: it is one transaction for all of them, and SQLite (WAL, busy
// timeout) and PostgreSQL both serialize it with the server's own writes.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openStore, systemClock } from '@railyard/server';
import { ensureLedgerAccount, moveFunds } from '../../packages/server/src/ledger/index.ts';
import { findWalletRow } from '../../packages/server/src/store/repos/wallets.ts';

/** Funding is generous but bounded: $100,000,000 at most per wallet. */
const MAX_CENTS = 10_000_000_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    account: { type: 'string', multiple: true },
    wallet: { type: 'string', multiple: true },
    cents: { type: 'string' },
  },
});
const cents = Number(values.cents);
const accounts = values.account ?? [];
const wallets = values.wallet ?? [];
if (!values.db || accounts.length === 0 || accounts.length !== wallets.length || !Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_CENTS) {
  throw new Error(`usage: fund-wallet --db URL (--account ID --wallet ID)… --cents 1..${MAX_CENTS}`);
}

const store = openStore(values.db);
try {
  await store.write(async (sql) => {
    for (const [i, account] of accounts.entries()) {
      const walletID = wallets[i]!;
      const wallet = await findWalletRow(sql, account, walletID);
      if (!wallet) throw new Error(`no wallet ${walletID} on account ${account}`);
      const world = await ensureLedgerAccount(
        sql,
        { platformID: wallet.platform_id, kind: 'outside-world', ownerID: wallet.platform_id, currency: 'USD' },
        systemClock,
      );
      await moveFunds(
        sql,
        {
          platformID: wallet.platform_id,
          referenceType: 'sandbox-funding',
          referenceID: randomUUID(),
          description: 'bench funding',
          fromLedgerAccountID: world.ledgerAccountID,
          toLedgerAccountID: wallet.ledger_account_id,
          amount: cents,
          currency: 'USD',
        },
        systemClock,
      );
    }
  });
  process.stdout.write(`funded ${accounts.length} wallet(s) with ${cents} cents each\n`);
} finally {
  await store.close();
}
