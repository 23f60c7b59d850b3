import type { Sql } from '../port.ts';

/** A representative as stored (migration 19): shown fields and sealed values as JSON text. */
export interface RepresentativeRow {
  representative_id: string;
  account_id: string;
  profile: string;
  sensitive: string;
  created_on: string;
  updated_on: string;
  deleted_on: string | null;
}

const COLUMNS = 'representative_id, account_id, profile, sensitive, created_on, updated_on, deleted_on';

/** The account's live representatives, oldest first (at most 7). */
export async function liveRepresentativesOf(sql: Sql, accountID: string): Promise<RepresentativeRow[]> {
  return sql.all<RepresentativeRow>(
    `SELECT ${COLUMNS} FROM representatives WHERE account_id = ? AND deleted_on IS NULL ORDER BY created_on, representative_id`,
    [accountID],
  );
}

/** The live representatives of several accounts in one query (an account list's page), oldest first per account. */
export async function liveRepresentativesOfAccounts(sql: Sql, accountIDs: readonly string[]): Promise<RepresentativeRow[]> {
  if (accountIDs.length === 0) return [];
  const marks = accountIDs.map(() => '?').join(', ');
  return sql.all<RepresentativeRow>(
    `SELECT ${COLUMNS} FROM representatives WHERE account_id IN (${marks}) AND deleted_on IS NULL ORDER BY account_id, created_on, representative_id`,
    [...accountIDs],
  );
}

export async function findLiveRepresentative(sql: Sql, accountID: string, representativeID: string): Promise<RepresentativeRow | undefined> {
  return sql.get<RepresentativeRow>(
    `SELECT ${COLUMNS} FROM representatives WHERE account_id = ? AND representative_id = ? AND deleted_on IS NULL`,
    [accountID, representativeID],
  );
}

export async function insertRepresentative(sql: Sql, row: RepresentativeRow): Promise<void> {
  await sql.run(`INSERT INTO representatives (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
    row.representative_id,
    row.account_id,
    row.profile,
    row.sensitive,
    row.created_on,
    row.updated_on,
    row.deleted_on,
  ]);
}

export async function updateRepresentativeRow(sql: Sql, row: Pick<RepresentativeRow, 'representative_id' | 'profile' | 'sensitive' | 'updated_on'>): Promise<void> {
  await sql.run('UPDATE representatives SET profile = ?, sensitive = ?, updated_on = ? WHERE representative_id = ?', [
    row.profile,
    row.sensitive,
    row.updated_on,
    row.representative_id,
  ]);
}

export async function markRepresentativeDeleted(sql: Sql, representativeID: string, at: string): Promise<void> {
  await sql.run('UPDATE representatives SET deleted_on = ?, updated_on = ? WHERE representative_id = ?', [at, at, representativeID]);
}
