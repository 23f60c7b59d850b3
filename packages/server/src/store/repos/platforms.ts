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

/** Replaces a key's stored hash, only if it is still `previous` (a concurrent change wins). */
export async function replaceApiKeyHash(sql: Sql, publicKey: string, previous: string, next: string): Promise<void> {
  await sql.run('UPDATE api_keys SET secret_hash = ? WHERE public_key = ? AND secret_hash = ?', [next, publicKey, previous]);
}

/** API keys whose hash is a bare SHA-256 (64 hex digits, no scheme prefix), as stored before keyed hashes. */
export async function listLegacyApiKeyHashes(sql: Sql, limit: number): Promise<Array<{ public_key: string; secret_hash: string }>> {
  return sql.all("SELECT public_key, secret_hash FROM api_keys WHERE LENGTH(secret_hash) = 64 AND secret_hash NOT LIKE 'k1.%' ORDER BY public_key LIMIT ?", [limit]);
}

export async function findApiKey(sql: Sql, publicKey: string): Promise<ApiKeyRow | undefined> {
  return sql.get<ApiKeyRow>('SELECT public_key, platform_id, secret_hash, revoked_on FROM api_keys WHERE public_key = ?', [
    publicKey,
  ]);
}
