import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import assert from 'node:assert/strict';
import { verifyLedger } from '../../src/ledger/index.ts';
import type { Caller } from '../../src/domain/auth/caller.ts';
import type { RailPacing } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import type { TestServer } from './server.ts';
import { fundWalletFromOutside } from './funding.ts';
import { completeIndividual, create } from './accounts.ts';
import { V2026 } from './versions.ts';

/** An account with a wallet capability, its default wallet and that wallet's `moov-wallet` payment method. */
export interface WalletParty {
  accountID: string;
  walletID: string;
  paymentMethodID: string;
}

export async function walletParty(s: TestServer, cents = 0, auth?: string): Promise<WalletParty> {
  const account = await create(s, completeIndividual(['wallet.balance']), auth);
  const headers = { ...V2026 };
  const wallets = await s.request('GET', `/accounts/${account.accountID}/wallets`, { headers, ...(auth ? { auth } : {}) });
  const walletID = wallets.json[0].walletID as string;
  const methods = await s.request('GET', `/accounts/${account.accountID}/payment-methods?paymentMethodType=moov-wallet`, { headers, ...(auth ? { auth } : {}) });
  const paymentMethodID = methods.json[0].paymentMethodID as string;
  if (cents > 0) await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: account.accountID, walletID, cents });
  return { accountID: account.accountID, walletID, paymentMethodID };
}

export async function balance(s: TestServer, party: WalletParty): Promise<number> {
  const wallet = await s.request('GET', `/accounts/${party.accountID}/wallets/${party.walletID}`, { headers: V2026 });
  return wallet.json.availableBalance.value as number;
}

export function transferBody(from: WalletParty, to: WalletParty, cents: number, extra: Record<string, unknown> = {}) {
  return { source: { paymentMethodID: from.paymentMethodID }, destination: { paymentMethodID: to.paymentMethodID }, amount: { currency: 'USD', value: cents }, ...extra };
}

/** POST a transfer as the first platform under v2026 with a fresh (or given) idempotency key. */
export async function postTransfer(s: TestServer, body: unknown, options: { key?: string; waitFor?: string; version?: string; auth?: string } = {}) {
  const headers: Record<string, string> = { 'x-moov-version': options.version ?? 'v2026.01.00', 'x-idempotency-key': options.key ?? randomUUID() };
  if (options.waitFor !== undefined) headers['x-wait-for'] = options.waitFor;
  return s.request('POST', `/accounts/${s.platform.accountID}/transfers`, { body, headers, ...(options.auth ? { auth: options.auth } : {}) });
}

/** The first platform as a caller of the domain services (as its API key authenticates). */
export function platformCaller(s: TestServer): Caller {
  return { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
}

/**
 * Creates a transfer of the first platform through a TransferService on
 * `pacing` (the test server runs the fast one) on the server's store, clocks
 * and rails, without waiting for the rail; answers the transfer's ID.
 */
export async function createWithPacing(s: TestServer, pacing: RailPacing, body: Record<string, unknown>): Promise<string> {
  const service = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing });
  const caller = platformCaller(s);
  const outcome = await service.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: false, body });
  return outcome.body.transferID as string;
}

/** A transfer body from one payment method to another (any rail), `cents` in USD. */
export function methodTransferBody(sourcePM: string, destinationPM: string, cents: number, extra: Record<string, unknown> = {}) {
  return { source: { paymentMethodID: sourcePM }, destination: { paymentMethodID: destinationPM }, amount: { currency: 'USD', value: cents }, ...extra };
}

/** GET a transfer of the first platform under `version`; throws unless 200. */
export async function getTransfer(s: TestServer, transferID: string, version = 'v2026.01.00') {
  const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`, { headers: { 'x-moov-version': version } });
  if (got.status !== 200) throw new Error(`get transfer answered ${got.status}: ${got.text}`);
  return got.json;
}

/** Moves the first platform's clock and runs the jobs that became due (through `POST /railyard/clock/advance`). */
export async function advance(s: TestServer, body: { seconds: number } | { until: string }): Promise<void> {
  const moved = await s.request('POST', '/railyard/clock/advance', { body, headers: V2026 });
  if (moved.status !== 200) throw new Error(`advance answered ${moved.status}: ${moved.text}`);
}

/** `transfer.updated` statuses of one transfer, oldest first. */
export async function updateStatuses(s: TestServer, transferID: string): Promise<string[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'transfer.updated' ORDER BY event_seq", [s.platform.accountID]),
  );
  return rows.map((r) => JSON.parse(r.data)).filter((d) => d.transferID === transferID).map((d) => d.status as string);
}

/** Ledger accounts and buckets where a transfer's entries do not net to zero: none once its money went back (a cancel, a return in clearing). */
export function transferLeftovers(s: TestServer, transferID: string): Promise<Array<{ ledger_account_id: string; bucket: string }>> {
  return s.testStore.store.read((sql) =>
    sql.all<{ ledger_account_id: string; bucket: string }>(
      `SELECT p.ledger_account_id, p.bucket FROM ledger_postings p JOIN ledger_entries e ON e.entry_id = p.entry_id
       WHERE e.platform_id = ? AND e.reference_id = ? GROUP BY p.ledger_account_id, p.bucket HAVING SUM(p.amount) <> 0`,
      [s.platform.accountID, transferID],
    ),
  );
}

export async function assertLedgerOk(s: TestServer): Promise<void> {
  const result = await verifyLedger(s.testStore.store);
  assert.ok(result.ok, `ledger: ${JSON.stringify(result)}`);
}

/** The spec-2024 `Transfer` schema, with every component it refers to: raw v2024.01.00 answers must validate against it. */
export function v2024TransferValidator() {
  const spec = parse(readFileSync(new URL('../fixtures/openapi/v2024.01.00.yaml', import.meta.url), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema({ components: spec.components }, 'spec');
  return ajv.compile<any>({ $ref: 'spec#/components/schemas/Transfer' });
}
