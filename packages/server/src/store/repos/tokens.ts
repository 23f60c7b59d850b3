import type { Sql } from '../port.ts';

export type TokenKind = 'access' | 'refresh';

export interface TokenRow {
  token_hash: string;
  kind: TokenKind;
  platform_id: string;
  public_key: string;
  scopes: string;
  expires_on: string;
  revoked_on: string | null;
  created_on: string;
}

export async function insertToken(sql: Sql, row: Omit<TokenRow, 'revoked_on'>): Promise<void> {
  await sql.run(
    'INSERT INTO oauth_tokens (token_hash, kind, platform_id, public_key, scopes, expires_on, created_on) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [row.token_hash, row.kind, row.platform_id, row.public_key, row.scopes, row.expires_on, row.created_on],
  );
}

export async function findToken(sql: Sql, tokenHash: string): Promise<TokenRow | undefined> {
  return sql.get<TokenRow>(
    'SELECT token_hash, kind, platform_id, public_key, scopes, expires_on, revoked_on, created_on FROM oauth_tokens WHERE token_hash = ?',
    [tokenHash],
  );
}

export async function revokeToken(sql: Sql, tokenHash: string, revokedOn: string): Promise<number> {
  const result = await sql.run('UPDATE oauth_tokens SET revoked_on = ? WHERE token_hash = ? AND revoked_on IS NULL', [
    revokedOn,
    tokenHash,
  ]);
  return result.changes;
}
