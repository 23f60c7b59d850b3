import { randomUUID } from 'node:crypto';
import { ensureLedgerAccount, moveFunds } from '../../src/ledger/index.ts';
import { findWalletRow } from '../../src/store/repos/wallets.ts';
import type { Store } from '../../src/store/port.ts';
import type { Clock } from '../../src/kernel/clock.ts';
import type { TestServer } from './server.ts';

/**
 * Puts money into a wallet from the platform's `outside-world` ledger account
 * with the ledger API, as a bank or card transfer into the wallet would (those
 * rails come later). The entry is `sandbox-funding`, so it shows as an
 * `adjustment` among the wallet's transactions, never as a transfer. Money
 * stays conserved: the outside world goes negative by what the wallet gains,
 * and `verifyLedger` stays ok.
 */
export async function fundWalletFromOutside(
  store: Store,
  clock: Clock,
  input: { accountID: string; walletID: string; cents: number },
): Promise<string> {
  const referenceID = randomUUID();
  await store.write(async (sql) => {
    const wallet = await findWalletRow(sql, input.accountID, input.walletID);
    if (!wallet) throw new Error(`no wallet ${input.walletID} on account ${input.accountID}`);
    const world = await ensureLedgerAccount(sql, { platformID: wallet.platform_id, kind: 'outside-world', ownerID: wallet.platform_id, currency: 'USD' }, clock);
    await moveFunds(
      sql,
      {
        platformID: wallet.platform_id,
        referenceType: 'sandbox-funding',
        referenceID,
        description: 'sandbox funding',
        fromLedgerAccountID: world.ledgerAccountID,
        toLedgerAccountID: wallet.ledger_account_id,
        amount: input.cents,
        currency: 'USD',
      },
      clock,
    );
  });
  return referenceID;
}

/**
 * Moves money from the platform's outside-world account into a wallet as a
 * `transfer` entry (the wallet tests' funding from before the transfers API:
 * it shows among the wallet's transactions as a transfer); `referenceID` names
 * the entry. Answers the reference.
 */
export async function fundWalletAsTransfer(server: TestServer, accountID: string, walletID: string, cents: number, referenceID = randomUUID()) {
  const clock = server.services.clock;
  await server.testStore.store.write(async (sql) => {
    const wallet = await findWalletRow(sql, accountID, walletID);
    if (!wallet) throw new Error('no such wallet');
    const world = await ensureLedgerAccount(sql, { platformID: wallet.platform_id, kind: 'outside-world', ownerID: wallet.platform_id, currency: 'USD' }, clock);
    await moveFunds(
      sql,
      {
        platformID: wallet.platform_id,
        referenceType: 'transfer',
        referenceID,
        description: 'sandbox funding',
        fromLedgerAccountID: world.ledgerAccountID,
        toLedgerAccountID: wallet.ledger_account_id,
        amount: cents,
        currency: 'USD',
      },
      clock,
    );
  });
  return referenceID;
}
