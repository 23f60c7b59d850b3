import { randomUUID } from 'node:crypto';
import { ensureLedgerAccount, moveFunds } from '../../src/ledger/index.ts';
import { findWalletRow } from '../../src/store/repos/wallets.ts';
import type { TestServer } from '../support/server.ts';
import { V2026 } from '../accounts/helpers.ts';

/** A manual ToS acceptance record, accepted a day ago. */
export function manualTerms() {
  return {
    manual: {
      acceptedDate: new Date(Date.now() - 86_400_000).toISOString(),
      acceptedIP: '203.0.113.7',
      acceptedUserAgent: 'Mozilla/5.0',
      acceptedDomain: 'https://app.example.com',
    },
  };
}

/** An individual with every requirement of every individual capability met (docs/capabilities.md). */
export function completeIndividual(capabilities: string[] = []) {
  return {
    accountType: 'individual',
    profile: {
      individual: {
        name: { firstName: 'Alex', lastName: 'Irwin' },
        email: 'alex@example.com',
        address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
        birthDate: { day: 9, month: 11, year: 1989 },
        governmentID: { ssn: { full: '123-45-6789' } },
      },
    },
    termsOfService: manualTerms(),
    capabilities,
  };
}

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
