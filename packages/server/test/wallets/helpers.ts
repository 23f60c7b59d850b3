import { randomUUID } from 'node:crypto';
import { ensureLedgerAccount, moveFunds } from '../../src/ledger/index.ts';
import { findWalletRow } from '../../src/store/repos/wallets.ts';
import type { TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';

// Shared with every feature's tests: test/support/accounts.ts (import from there).
export { completeIndividual, manualTerms } from '../support/accounts.ts';

export async function v2026(server: TestServer, method: string, path: string, body?: unknown, auth?: string) {
  return server.request(method, path, { headers: V2026, ...(body !== undefined ? { body } : {}), ...(auth ? { auth } : {}) });
}

/** Types of the events of the first platform, oldest first. */
export async function eventTypes(server: TestServer, type?: string): Promise<Array<{ type: string; data: any }>> {
  const rows = await server.testStore.store.read((sql) =>
    sql.all<{ event_type: string; data: string }>('SELECT event_type, data FROM events WHERE platform_id = ? ORDER BY event_seq', [
      server.platform.accountID,
    ]),
  );
  return rows.map((r) => ({ type: r.event_type, data: JSON.parse(r.data) })).filter((e) => type === undefined || e.type === type);
}

/** Moves money from the platform's outside-world account into a wallet, as a transfer would (no transfers API yet). */
export async function fundWallet(server: TestServer, accountID: string, walletID: string, cents: number, referenceID = randomUUID()) {
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
