import type { Sql, SqlValue } from '../port.ts';

/** One piece of evidence of a dispute (migration 18): text, or a file whose bytes are `data_base64`. */
export interface EvidenceRow {
  evidence_id: string;
  platform_id: string;
  dispute_id: string;
  evidence_type: string;
  text: string | null;
  filename: string | null;
  mime_type: string | null;
  size: number | string | null;
  created_on: string;
  updated_on: string;
  submitted_on: string | null;
}

/** Everything but the file's bytes: what lists and reads of the evidence need. */
const COLUMNS = [
  'evidence_id',
  'platform_id',
  'dispute_id',
  'evidence_type',
  'text',
  'filename',
  'mime_type',
  'size',
  'created_on',
  'updated_on',
  'submitted_on',
] as const satisfies ReadonlyArray<keyof EvidenceRow>;
const SELECT = `SELECT ${COLUMNS.join(', ')} FROM dispute_evidence`;

export async function insertEvidence(sql: Sql, row: EvidenceRow, dataBase64: string | null): Promise<void> {
  await sql.run(
    `INSERT INTO dispute_evidence (${COLUMNS.join(', ')}, data_base64) VALUES (${COLUMNS.map(() => '?').join(', ')}, ?)`,
    [...COLUMNS.map((column) => row[column] as SqlValue), dataBase64],
  );
}

export async function findEvidenceRow(sql: Sql, platformID: string, disputeID: string, evidenceID: string): Promise<EvidenceRow | undefined> {
  return sql.get<EvidenceRow>(`${SELECT} WHERE platform_id = ? AND dispute_id = ? AND evidence_id = ?`, [platformID, disputeID, evidenceID]);
}

/** A dispute's evidence, oldest first; `limit` bounds the read (the domain caps how many a dispute holds). */
export async function evidenceOfDispute(sql: Sql, platformID: string, disputeID: string, limit: number): Promise<EvidenceRow[]> {
  return sql.all<EvidenceRow>(`${SELECT} WHERE platform_id = ? AND dispute_id = ? ORDER BY created_on, evidence_id LIMIT ?`, [platformID, disputeID, limit]);
}

export async function countEvidence(sql: Sql, platformID: string, disputeID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM dispute_evidence WHERE platform_id = ? AND dispute_id = ?`, [platformID, disputeID]);
  return Number(row?.n ?? 0);
}

/** The stored bytes of a file evidence, base64; undefined for text evidence or a missing row. */
export async function evidenceData(sql: Sql, platformID: string, disputeID: string, evidenceID: string): Promise<string | undefined> {
  const row = await sql.get<{ data_base64: string | null }>(
    `SELECT data_base64 FROM dispute_evidence WHERE platform_id = ? AND dispute_id = ? AND evidence_id = ?`,
    [platformID, disputeID, evidenceID],
  );
  return row?.data_base64 ?? undefined;
}

export async function updateEvidenceRow(
  sql: Sql,
  platformID: string,
  disputeID: string,
  evidenceID: string,
  change: { evidence_type: string; text: string | null; updated_on: string },
): Promise<void> {
  await sql.run(
    `UPDATE dispute_evidence SET evidence_type = ?, text = ?, updated_on = ? WHERE platform_id = ? AND dispute_id = ? AND evidence_id = ? AND submitted_on IS NULL`,
    [change.evidence_type, change.text, change.updated_on, platformID, disputeID, evidenceID],
  );
}

export async function deleteEvidenceRow(sql: Sql, platformID: string, disputeID: string, evidenceID: string): Promise<boolean> {
  const result = await sql.run(`DELETE FROM dispute_evidence WHERE platform_id = ? AND dispute_id = ? AND evidence_id = ? AND submitted_on IS NULL`, [
    platformID,
    disputeID,
    evidenceID,
  ]);
  return result.changes === 1;
}

/** Marks every piece of the dispute's evidence as sent with its one submission. */
export async function markEvidenceSubmitted(sql: Sql, platformID: string, disputeID: string, at: string): Promise<void> {
  await sql.run(`UPDATE dispute_evidence SET submitted_on = ?, updated_on = ? WHERE platform_id = ? AND dispute_id = ? AND submitted_on IS NULL`, [
    at,
    at,
    platformID,
    disputeID,
  ]);
}
