import type { Sql } from '../port.ts';
import { VISIBLE_TO_PLATFORM } from './account-visibility.ts';
import type { LedgerAccountRow } from './ledger.ts';
import { WALLET_COLUMNS, type WalletRow } from './wallets.ts';

/** One side of a new transfer as one read: the live payment method, its account, whether the platform sees it, its wallet. */
export interface TransferPartyRow {
  payment_method_id: string;
  payment_method_type: string;
  account_id: string;
  source_kind: string;
  source_id: string;
  account_email: string | null;
  account_display_name: string;
  /** 1 when the account is the platform's own or still connected to it. */
  visible: number;
  /** The wallet, when the method moves a wallet's money and the wallet exists. */
  wallet: WalletRow | undefined;
  /** The account's enabled capabilities, which the transfer rules check (capability-rules.ts). */
  enabledCapabilities: Set<string>;
  /** The wallet's ledger account as read, when the start read brought it (the ledger's forecast: src/ledger/forecast.ts). */
  walletLedger?: WalletLedgerRow;
}

const LEDGER_COLUMNS = ['ledger_account_id', 'platform_id', 'currency', 'allow_negative', 'available', 'pending', 'posting_count'] as const;

// Each wallet column and its alias in the joined row, spelled once (the start read's SQL and
// `toPartyRow`), so a create's two rows are mapped without building the aliases each time.
const WALLET_ALIASES = WALLET_COLUMNS.map((column) => [column, `w_${column}`] as const);

/** A wallet's ledger account as a create's start read sees it: the columns the ledger forecasts from. */
export type WalletLedgerRow = Pick<LedgerAccountRow, (typeof LEDGER_COLUMNS)[number]>;

// Creating a transfer resolves two payment methods; read one at a time (method,
// visibility, account, wallet) that was up to eight statements of the 26 a
// wallet→wallet create ran, and a round trip each on PostgreSQL. Both sides are
// one read now (decision 2001), and each side's enabled capabilities come with it
// (one message fewer on PostgreSQL: amendment "Capabilities with the parties"),
// and a create reads them with its clock (`readTransferCreateStart`).
// `string_agg` is in PostgreSQL and in SQLite since 3.44; capability names hold no comma.
const sqlFor = (count: number, withLedger = false) => `
SELECT ${withLedger ? LEDGER_COLUMNS.map((column) => `la.${column} AS la_${column}, `).join('') : ''}pm.payment_method_id, pm.payment_method_type, pm.account_id, pm.source_kind, pm.source_id,
       a.email AS account_email, a.display_name AS account_display_name,
       CASE WHEN ${VISIBLE_TO_PLATFORM} THEN 1 ELSE 0 END AS visible,
       (SELECT string_agg(c.capability, ',') FROM account_capabilities c
         WHERE c.account_id = pm.account_id AND c.status = 'enabled') AS enabled_capabilities,
       ${WALLET_ALIASES.map(([column, alias]) => `w.${column} AS ${alias}`).join(', ')}
  FROM payment_methods pm
  JOIN accounts a ON a.account_id = pm.account_id
  LEFT JOIN wallets w ON pm.source_kind = 'wallet' AND w.wallet_id = pm.source_id AND w.account_id = pm.account_id${
   withLedger ? '\n  LEFT JOIN ledger_accounts la ON la.ledger_account_id = w.ledger_account_id' : ''
 }
 WHERE pm.payment_method_id IN (${Array.from({ length: count }, () => '?').join(', ')}) AND pm.disabled_on IS NULL`;
const ONE = sqlFor(1);

export async function findTransferPartyRow(sql: Sql, platformID: string, paymentMethodID: string): Promise<TransferPartyRow | undefined> {
  const row = await sql.get<Record<string, unknown>>(ONE, [platformID, platformID, paymentMethodID]);
  return row ? toPartyRow(row) : undefined;
}

/** What a create reads first (decision 2001, amendment "The start read"). */
export interface TransferCreateStart {
  /** The platform's clock offset (platform-clocks.ts; no row means 0). */
  clockOffsetMs: number;
  /** Each side's row; undefined for a method that is missing or disabled. */
  parties: TransferPartyRows;
}

/** The two sides of a new transfer as read (the same row twice when both name one payment method). */
export interface TransferPartyRows {
  source: TransferPartyRow | undefined;
  destination: TransferPartyRow | undefined;
}

// The clock and both parties in one statement: one row per live side, or one
// row of nulls on the parties' side when neither is, so the clock always comes back.
// Each wallet's ledger account comes with it: the ledger forecasts from it (src/ledger/forecast.ts).
const START = `
SELECT k.clock_offset_ms, p.*
  FROM (SELECT COALESCE((SELECT c.offset_ms FROM platform_clocks c WHERE c.platform_id = ?), 0) AS clock_offset_ms) k
  LEFT JOIN (${sqlFor(2, true)}) p ON 1 = 1`;

/**
 * A create's first statement: the platform's clock offset and both parties. It
 * takes no lock and runs before the unit writes, so PostgreSQL sends it
 * prepared, ahead of BEGIN (`Sql.readBeforeWrites`). The idempotency key is not
 * read here: the unique index refuses a second transfer for it, and the service
 * answers the first (decision 2001, amendment "The start read").
 */
export async function readTransferCreateStart(
  sql: Sql,
  platformID: string,
  [sourceID, destinationID]: readonly [string, string],
): Promise<TransferCreateStart> {
  const rows = await sql.readBeforeWrites<Record<string, unknown>>(START, [platformID, platformID, platformID, sourceID, destinationID]);
  const first = rows[0];
  if (!first) throw new Error('the start read of a create answers at least one row');
  const side = (id: string) => {
    const row = rows.find((candidate) => candidate['payment_method_id'] === id);
    return row ? toPartyRow(row) : undefined;
  };
  return { clockOffsetMs: Number(first['clock_offset_ms']), parties: { source: side(sourceID), destination: side(destinationID) } };
}

function toPartyRow(row: Record<string, unknown>): TransferPartyRow {
  let wallet: WalletRow | undefined;
  if (row['w_wallet_id'] !== null && row['w_wallet_id'] !== undefined) {
    const fields: Record<string, unknown> = {};
    for (const [column, alias] of WALLET_ALIASES) fields[column] = row[alias];
    wallet = fields as unknown as WalletRow;
  }
  let walletLedger: WalletLedgerRow | undefined;
  if (wallet && row['la_ledger_account_id'] !== null && row['la_ledger_account_id'] !== undefined) {
    walletLedger = {
      ledger_account_id: row['la_ledger_account_id'] as string,
      platform_id: row['la_platform_id'] as string,
      currency: row['la_currency'] as string,
      // BIGINT columns arrive as text from PostgreSQL.
      allow_negative: Number(row['la_allow_negative']),
      available: Number(row['la_available']),
      pending: Number(row['la_pending']),
      posting_count: Number(row['la_posting_count']),
    };
  }
  // Built whole and `walletLedger` added after: an object literal that starts with a spread and
  // goes on adding properties takes a slow path in Node 20 (~11 µs here against under 1) and gives
  // each object a map of its own (decision 2001, amendment "Node's own work"); a create maps two.
  const party: TransferPartyRow = {
    payment_method_id: row['payment_method_id'] as string,
    payment_method_type: row['payment_method_type'] as string,
    account_id: row['account_id'] as string,
    source_kind: row['source_kind'] as string,
    source_id: row['source_id'] as string,
    account_email: row['account_email'] as string | null,
    account_display_name: row['account_display_name'] as string,
    visible: Number(row['visible']),
    wallet,
    enabledCapabilities: new Set(((row['enabled_capabilities'] as string | null) ?? '').split(',').filter(Boolean)),
  };
  if (walletLedger) party.walletLedger = walletLedger;
  return party;
}
