import type { Sql } from '../port.ts';

export interface ApiKeyRow {
  public_key: string;
  platform_id: string;
  secret_hash: string;
  revoked_on: string | null;
}

export async function insertPlatform(sql: Sql, platformID: string, name: string, createdOn: string): Promise<void> {
  await sql.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', [platformID, name, createdOn]);
}

export async function countPlatforms(sql: Sql): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM platforms');
  return Number(row?.n ?? 0);
}

export async function firstPlatform(sql: Sql): Promise<{ platform_id: string; name: string } | undefined> {
  return sql.get('SELECT platform_id, name FROM platforms ORDER BY created_on, platform_id LIMIT 1');
}

export async function insertApiKey(
  sql: Sql,
  row: { publicKey: string; platformID: string; secretHash: string; createdOn: string },
): Promise<void> {
  await sql.run('INSERT INTO api_keys (public_key, platform_id, secret_hash, created_on) VALUES (?, ?, ?, ?)', [
    row.publicKey,
    row.platformID,
    row.secretHash,
    row.createdOn,
  ]);
}

export async function findApiKey(sql: Sql, publicKey: string): Promise<ApiKeyRow | undefined> {
  return sql.get<ApiKeyRow>('SELECT public_key, platform_id, secret_hash, revoked_on FROM api_keys WHERE public_key = ?', [
    publicKey,
  ]);
}
