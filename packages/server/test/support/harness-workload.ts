import { randomInt, randomUUID } from 'node:crypto';
import { openStore } from '../../src/compose/open-store.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { fundWalletFromOutside } from './funding.ts';
import { V2026 } from './versions.ts';
import { completeIndividual } from './accounts.ts';
import { accountPayload } from './sources.ts';

/**
 * The load the crash, disk and backup tests put on a running `railyard serve`:
 * transfers created concurrently, each under its own X-Idempotency-Key, from
 * one funded wallet to another wallet (settled at once) and to a bank account
 * by ACH credit (settled later by background jobs: originate, complete). Every
 * answer is written down in a `Journal`: what the server acknowledged must
 * survive anything that happens to it afterwards.
 */

/** A request the server does not answer in this long is treated as cut off. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface Parties {
  platformID: string;
  payer: { accountID: string; walletID: string; paymentMethodID: string };
  payee: { accountID: string; walletID: string; paymentMethodID: string };
  /** The payer's own bank account, as an ACH credit destination. */
  achCreditMethodID: string;
  fundedCents: number;
}

export type TransferKind = 'wallet' | 'ach';

export interface Sent {
  key: string;
  kind: TransferKind;
  cents: number;
  body: unknown;
}

/** What happened to each idempotency key the load used. */
export class Journal {
  /** Acknowledged with a 200 and a transferID: must exist for ever after. */
  readonly acknowledged = new Map<string, Sent & { transferID: string }>();
  /** Cut off (connection reset by a kill, timeout) or refused with a 503: may or may not have been written. */
  readonly uncertain = new Map<string, Sent>();
  /** Answers that are neither (a 4xx, a 500): each one fails the test. */
  readonly unexpected: string[] = [];
  /** 503 answers (storage unavailable), which are expected only while a fault is injected. */
  unavailable = 0;
  /** The body of the last 503, to check its shape. */
  lastUnavailable: { text: string; retryAfter: string | null } | undefined;
  requests = 0;

  record(sent: Sent, outcome: Outcome): void {
    this.requests++;
    if (outcome.kind === 'ok') {
      this.uncertain.delete(sent.key);
      const earlier = this.acknowledged.get(sent.key);
      if (earlier && earlier.transferID !== outcome.transferID) {
        this.unexpected.push(`key ${sent.key} answered ${outcome.transferID} after ${earlier.transferID}`);
      }
      this.acknowledged.set(sent.key, { ...sent, transferID: outcome.transferID });
    } else if (outcome.kind === 'cut-off' || outcome.kind === 'unavailable') {
      if (outcome.kind === 'unavailable') {
        this.unavailable++;
        this.lastUnavailable = { text: outcome.text, retryAfter: outcome.retryAfter };
      }
      if (!this.acknowledged.has(sent.key)) this.uncertain.set(sent.key, sent);
    } else {
      this.unexpected.push(`${sent.kind} ${sent.key}: ${outcome.status} ${outcome.text.slice(0, 300)}`);
    }
  }
}

export type Outcome =
  | { kind: 'ok'; transferID: string; status: string }
  | { kind: 'cut-off'; error: string }
  | { kind: 'unavailable'; text: string; retryAfter: string | null }
  | { kind: 'other'; status: number; text: string };

export async function call(url: string, auth: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url + path, {
    method,
    headers: { ...V2026, authorization: auth, ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

async function ok(url: string, auth: string, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await call(url, auth, method, path, body);
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`setup: ${method} ${path} answered ${answer.status}: ${answer.text}`);
  return answer.json;
}

async function walletOf(url: string, auth: string, accountID: string) {
  const wallets = await ok(url, auth, 'GET', `/accounts/${accountID}/wallets`);
  const methods = await ok(url, auth, 'GET', `/accounts/${accountID}/payment-methods?paymentMethodType=moov-wallet`);
  return { accountID, walletID: wallets[0].walletID as string, paymentMethodID: methods[0].paymentMethodID as string };
}

/**
 * Creates the payer (wallet + bank account, `send-funds`) and the payee
 * through the API, then funds the payer's wallet with a ledger entry written
 * straight into the database (no API funds a wallet), while the server runs.
 */
export async function setUpParties(url: string, auth: string, platformID: string, databaseUrl: string, fundedCents = 100_000_000): Promise<Parties> {
  const payerAccount = await ok(url, auth, 'POST', '/accounts', completeIndividual(['wallet.balance', 'send-funds', 'collect-funds']));
  const payeeAccount = await ok(url, auth, 'POST', '/accounts', completeIndividual(['wallet.balance']));
  const payer = await walletOf(url, auth, payerAccount.accountID);
  const payee = await walletOf(url, auth, payeeAccount.accountID);
  const bank = await ok(url, auth, 'POST', `/accounts/${payer.accountID}/bank-accounts`, accountPayload());
  const methods = (await ok(url, auth, 'GET', `/accounts/${payer.accountID}/payment-methods?paymentMethodType=ach-credit-standard`)) as any[];
  const achCredit = methods.find((m) => m.bankAccount?.bankAccountID === bank.bankAccountID);
  if (!achCredit) throw new Error('setup: no ach-credit-standard method for the payer bank account');
  const store = openStore(databaseUrl);
  try {
    await fundWalletFromOutside(store, systemClock, { accountID: payer.accountID, walletID: payer.walletID, cents: fundedCents });
  } finally {
    await store.close();
  }
  return { platformID, payer, payee, achCreditMethodID: achCredit.paymentMethodID, fundedCents };
}

export function newTransfer(parties: Parties, kind: TransferKind): Sent {
  const cents = randomInt(1, 500);
  const destination = kind === 'wallet' ? parties.payee.paymentMethodID : parties.achCreditMethodID;
  return {
    key: randomUUID(),
    kind,
    cents,
    body: { source: { paymentMethodID: parties.payer.paymentMethodID }, destination: { paymentMethodID: destination }, amount: { currency: 'USD', value: cents } },
  };
}

/** POSTs one transfer (or a replay of one) and classifies the answer. */
export async function send(url: string, auth: string, parties: Parties, sent: Sent): Promise<Outcome> {
  try {
    const answer = await call(url, auth, 'POST', `/accounts/${parties.platformID}/transfers`, sent.body, {
      'x-idempotency-key': sent.key,
      'x-wait-for': 'rail-response',
    });
    // 200 created (202 if the rail took longer than X-Wait-For allows); 409 with the transfer is a replay (decision 1001).
    if ((answer.status === 200 || answer.status === 202 || answer.status === 409) && typeof answer.json?.transferID === 'string') {
      return { kind: 'ok', transferID: answer.json.transferID, status: answer.json.status };
    }
    if (answer.status === 503) return { kind: 'unavailable', text: answer.text, retryAfter: answer.headers.get('retry-after') };
    return { kind: 'other', status: answer.status, text: answer.text };
  } catch (error) {
    return { kind: 'cut-off', error: String((error as Error).cause ?? error) };
  }
}

/**
 * `workers` loops sending transfers (about one in four an ACH credit, one in
 * eight a replay of a key already answered) until `stop()`; a loop whose
 * server is gone (connection refused) stops by itself.
 */
export function startLoad(url: string, auth: string, parties: Parties, journal: Journal, workers = 4): { stop(): Promise<void> } {
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const acknowledged = [...journal.acknowledged.values()];
      const replay = acknowledged.length > 0 && randomInt(8) === 0;
      const sent = replay ? acknowledged[randomInt(acknowledged.length)]! : newTransfer(parties, randomInt(4) === 0 ? 'ach' : 'wallet');
      const outcome = await send(url, auth, parties, sent);
      journal.record(sent, outcome);
      if (outcome.kind === 'cut-off' && /ECONNREFUSED/.test(outcome.error)) return;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
