import type { Sql } from '../port.ts';

/** A file's details as stored (migration 19); its bytes are in `account_file_contents`. */
export interface AccountFileRow {
  file_id: string;
  account_id: string;
  file_name: string;
  file_purpose: string;
  file_status: string;
  media_type: string;
  metadata: string;
  decision_reason: string | null;
  size_bytes: number;
  sha256: string;
  created_on: string;
  updated_on: string;
}

const COLUMNS =
  'file_id, account_id, file_name, file_purpose, file_status, media_type, metadata, decision_reason, size_bytes, sha256, created_on, updated_on';

/** PostgreSQL answers BIGINT as a string: sizes are numbers everywhere else. */
function parsed(row: AccountFileRow): AccountFileRow {
  return { ...row, size_bytes: Number(row.size_bytes) };
}

export async function filesOf(sql: Sql, accountID: string): Promise<AccountFileRow[]> {
  const rows = await sql.all<AccountFileRow>(`SELECT ${COLUMNS} FROM account_files WHERE account_id = ? ORDER BY created_on, file_id`, [accountID]);
  return rows.map(parsed);
}

export async function countFilesOf(sql: Sql, accountID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM account_files WHERE account_id = ?', [accountID]);
  return Number(row?.n ?? 0);
}

export async function findFile(sql: Sql, accountID: string, fileID: string): Promise<AccountFileRow | undefined> {
  const row = await sql.get<AccountFileRow>(`SELECT ${COLUMNS} FROM account_files WHERE account_id = ? AND file_id = ?`, [accountID, fileID]);
  return row ? parsed(row) : undefined;
}

/** Stores a file's details and its bytes in the caller's unit of work. */
export async function insertFile(sql: Sql, row: AccountFileRow, content: Buffer): Promise<void> {
  await sql.run(`INSERT INTO account_files (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.file_id,
    row.account_id,
    row.file_name,
    row.file_purpose,
    row.file_status,
    row.media_type,
    row.metadata,
    row.decision_reason,
    row.size_bytes,
    row.sha256,
    row.created_on,
    row.updated_on,
  ]);
  await sql.run('INSERT INTO account_file_contents (file_id, content_base64) VALUES (?, ?)', [row.file_id, content.toString('base64')]);
}

/** A file's bytes (for the operator and tests: no API operation answers them). */
export async function fileContent(sql: Sql, fileID: string): Promise<Buffer | undefined> {
  const row = await sql.get<{ content_base64: string }>('SELECT content_base64 FROM account_file_contents WHERE file_id = ?', [fileID]);
  return row ? Buffer.from(row.content_base64, 'base64') : undefined;
}
