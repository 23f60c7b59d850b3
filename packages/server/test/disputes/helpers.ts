import assert from 'node:assert/strict';
import type { TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { advance, balance, getTransfer, type WalletParty } from '../support/transfers.ts';

export { V2026 };
// Shared with other features' tests (compat): test/support/disputes.ts.
export { disputedPayment, listDisputes } from '../support/disputes.ts';

export async function getDispute(s: TestServer, disputeID: string) {
  const got = await s.request('GET', `/accounts/${s.platform.accountID}/disputes/${disputeID}`, { headers: V2026 });
  assert.equal(got.status, 200, got.text);
  return got.json;
}

export function disputePath(s: TestServer, disputeID: string, rest = ''): string {
  return `/accounts/${s.platform.accountID}/disputes/${disputeID}${rest}`;
}

export async function addText(s: TestServer, disputeID: string, text: string, evidenceType = 'customer-communication') {
  return s.request('POST', disputePath(s, disputeID, '/evidence-text'), { body: { text, evidenceType }, headers: V2026 });
}

/** Uploads a file as multipart/form-data, as the SDK does (fetch writes the boundary). */
export async function uploadFile(
  s: TestServer,
  disputeID: string,
  parts: { evidenceType?: string; file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } },
  auth = s.platform.basic,
  accountID = s.platform.accountID,
) {
  const form = new FormData();
  if (parts.evidenceType !== undefined) form.append('evidenceType', parts.evidenceType);
  if (parts.file) form.append('file', new Blob([parts.file.bytes], { type: parts.file.type }), parts.file.name);
  const response = await fetch(`${s.url}/accounts/${accountID}/disputes/${disputeID}/evidence-file`, {
    method: 'POST',
    headers: { authorization: auth, ...V2026 },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
}

/** The merchant wallet's transactions of one source (a dispute), newest first. */
export async function walletTransactions(s: TestServer, merchant: WalletParty, query = '') {
  const listed = await s.request('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions${query ? `?${query}` : ''}`, { headers: V2026 });
  assert.equal(listed.status, 200, listed.text);
  return listed.json as any[];
}

/** `dispute.*` events of one dispute, oldest first: [type, status]. */
export async function disputeEvents(s: TestServer, disputeID: string): Promise<Array<[string, string]>> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ event_type: string; data: string }>("SELECT event_type, data FROM events WHERE platform_id = ? AND event_type LIKE 'dispute.%' ORDER BY event_seq", [
      s.platform.accountID,
    ]),
  );
  return rows
    .map((row) => ({ type: row.event_type, data: JSON.parse(row.data) }))
    .filter((event) => event.data.disputeID === disputeID)
    .map((event) => [event.type, event.data.status as string]);
}

/** Bytes that start like a PDF. */
export function pdfBytes(size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
}

export { advance, balance, getTransfer };
