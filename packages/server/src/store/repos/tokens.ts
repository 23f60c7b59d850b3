import type { Sql } from '../port.ts';

export type TokenKind = 'access' | 'refresh';

/**
 * An OAuth2 token as stored: only its SHA-256 digest, never the token itself.
 * Tokens minted together, and every pair a refresh later rotates into, share a
 * `grant_id`, so revoking a refresh token can end the whole grant (RFC 7009 §2.1).
 */
export interface TokenRow {
  token_hash: string;
  kind: TokenKind;
  grant_id: string;
  platform_id: string;
  public_key: string;
  scopes: string;
  expires_on: string;
  revoked_on: string | null;
  created_on: string;
}

const COLUMNS = 'token_hash, kind, grant_id, platform_id, public_key, scopes, expires_on, revoked_on, created_on';

export async function insertToken(sql: Sql, row: Omit<TokenRow, 'revoked_on'>): Promise<void> {
  await sql.run(
    'INSERT INTO oauth_tokens (token_hash, kind, grant_id, platform_id, public_key, scopes, expires_on, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [row.token_hash, row.kind, row.grant_id, row.platform_id, row.public_key, row.scopes, row.expires_on, row.created_on],
  );
}

export async function findToken(sql: Sql, tokenHash: string): Promise<TokenRow | undefined> {
  return sql.get<TokenRow>(`SELECT ${COLUMNS} FROM oauth_tokens WHERE token_hash = ?`, [tokenHash]);
}

/** A token with whether the API key that minted it has since been revoked. */
export interface TokenWithKeyRow extends TokenRow {
  key_revoked_on: string | null;
}

export async function findTokenWithKey(sql: Sql, tokenHash: string): Promise<TokenWithKeyRow | undefined> {
  return sql.get<TokenWithKeyRow>(
    `SELECT t.token_hash, t.kind, t.grant_id, t.platform_id, t.public_key, t.scopes, t.expires_on, t.revoked_on, t.created_on,
            k.revoked_on AS key_revoked_on
       FROM oauth_tokens t JOIN api_keys k ON k.public_key = t.public_key
      WHERE t.token_hash = ?`,
    [tokenHash],
  );
}

/** Revokes one token if still live; answers how many rows changed (0 or 1). */
export async function revokeToken(sql: Sql, tokenHash: string, revokedOn: string): Promise<number> {
  const result = await sql.run('UPDATE oauth_tokens SET revoked_on = ? WHERE token_hash = ? AND revoked_on IS NULL', [
    revokedOn,
    tokenHash,
  ]);
  return result.changes;
}

/** Revokes every live token of a grant, scoped by platform. */
export async function revokeGrant(sql: Sql, platformID: string, grantID: string, revokedOn: string): Promise<number> {
  const result = await sql.run(
    'UPDATE oauth_tokens SET revoked_on = ? WHERE grant_id = ? AND platform_id = ? AND revoked_on IS NULL',
    [revokedOn, grantID, platformID],
  );
  return result.changes;
}

/** Tokens of a platform that are neither expired nor revoked. */
export async function countLiveTokens(sql: Sql, platformID: string, now: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM oauth_tokens WHERE platform_id = ? AND expires_on > ? AND revoked_on IS NULL',
    [platformID, now],
  );
  return Number(row?.n ?? 0);
}

/** Drops a platform's expired tokens: they can never authenticate again, so keeping them only grows the table. */
export async function deleteExpiredTokens(sql: Sql, platformID: string, now: string): Promise<number> {
  const result = await sql.run('DELETE FROM oauth_tokens WHERE platform_id = ? AND expires_on <= ?', [platformID, now]);
  return result.changes;
}
