import type { Sql } from '../port.ts';

/** One linked card. `document` is the JSON of the card's public fields; no PAN, no CVV. */
export interface CardRow {
  card_id: string;
  account_id: string;
  platform_id: string;
  fingerprint: string;
  document: string;
  expires_on: string;
  declines: string | null;
  created_on: string;
  updated_on: string;
  disabled_on: string | null;
}

const COLUMNS = 'card_id, account_id, platform_id, fingerprint, document, expires_on, declines, created_on, updated_on, disabled_on';

export async function insertCard(sql: Sql, row: Omit<CardRow, 'disabled_on'>): Promise<void> {
  await sql.run(`INSERT INTO cards (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`, [
    row.card_id,
    row.account_id,
    row.platform_id,
    row.fingerprint,
    row.document,
    row.expires_on,
    row.declines,
    row.created_on,
    row.updated_on,
  ]);
}

/** A live (not disabled) card of the account. */
export async function findLiveCard(sql: Sql, accountID: string, cardID: string): Promise<CardRow | undefined> {
  return sql.get<CardRow>(`SELECT ${COLUMNS} FROM cards WHERE card_id = ? AND account_id = ? AND disabled_on IS NULL`, [cardID, accountID]);
}

/** The live card of the account with this fingerprint, if any. */
export async function findLiveCardByFingerprint(sql: Sql, accountID: string, fingerprint: string): Promise<CardRow | undefined> {
  return sql.get<CardRow>(`SELECT ${COLUMNS} FROM cards WHERE account_id = ? AND fingerprint = ? AND disabled_on IS NULL`, [
    accountID,
    fingerprint,
  ]);
}

/** Live cards of the account, oldest first, at most `limit`. */
export async function listLiveCards(sql: Sql, accountID: string, limit: number): Promise<CardRow[]> {
  return sql.all<CardRow>(
    `SELECT ${COLUMNS} FROM cards WHERE account_id = ? AND disabled_on IS NULL ORDER BY created_on, card_id LIMIT ?`,
    [accountID, limit],
  );
}

/** Live cards of the account among `cardIDs` (disabled ones too when `includeDisabled`). */
export async function cardsByID(sql: Sql, accountID: string, cardIDs: readonly string[], includeDisabled: boolean): Promise<CardRow[]> {
  if (cardIDs.length === 0) return [];
  const marks = cardIDs.map(() => '?').join(', ');
  const live = includeDisabled ? '' : ' AND disabled_on IS NULL';
  return sql.all<CardRow>(`SELECT ${COLUMNS} FROM cards WHERE account_id = ? AND card_id IN (${marks})${live}`, [accountID, ...cardIDs]);
}

export async function countLiveCards(sql: Sql, accountID: string): Promise<number> {
  const row = await sql.get<{ n: number | string | bigint }>('SELECT COUNT(*) AS n FROM cards WHERE account_id = ? AND disabled_on IS NULL', [
    accountID,
  ]);
  return Number(row?.n ?? 0);
}

/** Replaces the public fields of a live card; answers whether a row changed. */
export async function updateCardDocument(
  sql: Sql,
  cardID: string,
  change: { document: string; expires_on: string; updated_on: string },
): Promise<boolean> {
  const result = await sql.run('UPDATE cards SET document = ?, expires_on = ?, updated_on = ? WHERE card_id = ? AND disabled_on IS NULL', [
    change.document,
    change.expires_on,
    change.updated_on,
    cardID,
  ]);
  return result.changes === 1;
}

/** Disables a live card; answers false when it was not live (already disabled, or gone). */
export async function disableCardRow(sql: Sql, cardID: string, on: string): Promise<boolean> {
  const result = await sql.run('UPDATE cards SET disabled_on = ?, updated_on = ? WHERE card_id = ? AND disabled_on IS NULL', [on, on, cardID]);
  return result.changes === 1;
}
