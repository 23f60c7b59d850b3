import { randomUUID } from 'node:crypto';
import { isKnownScope } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { visibleAccountIDs } from '../../store/repos/account-visibility.ts';
import {
  countLiveTokens,
  deleteExpiredTokens,
  findToken,
  insertToken,
  revokeGrant,
  revokeToken,
  type TokenKind,
} from '../../store/repos/tokens.ts';
import type { Caller } from './caller.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { CredentialService } from './credentials.ts';
import { BadRequest, Unauthorized, ValidationFailed } from '../../kernel/errors.ts';
import { hashSecret, randomToken } from './secrets.ts';

/**
 * Token lifetimes. Moov does not document its own (docs/api-behaviour.md §13). One hour
 * keeps a leaked access token short-lived while sparing clients a refresh per
 * request; thirty days lets a server that sleeps over a month-end keep its grant.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** 32 random bytes: 256 bits, far beyond guessing, as RFC 6749 §10.10 asks. */
const TOKEN_ENTROPY_BYTES = 32;
/** Prefixes say which kind a leaked string is (and let secret scanners find it); they add no entropy. */
const ACCESS_TOKEN_PREFIX = 'rya_';
const REFRESH_TOKEN_PREFIX = 'ryr_';
/** Bounds on what one token may carry and on how many a platform may hold at once. */
export const MAX_SCOPES_PER_TOKEN = 64;
export const MAX_LIVE_TOKENS_PER_PLATFORM = 100_000;
/** Longest piece of caller input quoted back in an error message. */
const MAX_QUOTED_LENGTH = 80;

export type GrantType = 'client_credentials' | 'refresh_token';

export interface ClientCredentials {
  clientID: string;
  clientSecret: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires (docs/decisions/0200-oauth-expires-in.md). */
  expiresIn: number;
  /** The granted scopes, space-delimited. */
  scope: string;
}

const ACCOUNT_SCOPE_ID = /^\/accounts\/([^/]+)\//;

function quote(value: string): string {
  return value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value;
}

/**
 * Parses a space-delimited scope list (RFC 6749 §3.3) into known, de-duplicated
 * scope strings. Account IDs are lower-cased: UUIDs compare case-insensitively,
 * and the pipeline compares scope strings exactly.
 */
export function parseScopeList(raw: string | undefined): string[] {
  const requested = (raw ?? '').split(' ').filter((part) => part.length > 0);
  if (requested.length === 0) throw new ValidationFailed({ scope: 'cannot be blank' });
  if (requested.length > MAX_SCOPES_PER_TOKEN) {
    throw new ValidationFailed({ scope: `at most ${MAX_SCOPES_PER_TOKEN} scopes per token` });
  }
  const scopes: string[] = [];
  for (const scope of requested) {
    if (!isKnownScope(scope)) throw new ValidationFailed({ scope: `unknown scope ${quote(scope)}` });
    const canonical = scope.toLowerCase();
    if (!scopes.includes(canonical)) scopes.push(canonical);
  }
  return scopes;
}

/** The account IDs that account-bound scopes name. */
function scopedAccountIDs(scopes: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const scope of scopes) {
    const match = ACCOUNT_SCOPE_ID.exec(scope);
    if (match) ids.add(match[1]!);
  }
  return [...ids];
}

/**
 * OAuth2 for API keys: the client-credentials and refresh-token grants, and
 * revocation (RFC 6749, RFC 7009). Tokens are opaque random strings, stored
 * only as SHA-256 digests, with expiry, scopes and revocation.
 */
export class OAuthService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
  ) {}

  /**
   * The platform behind client credentials (an API key) sent from `address`;
   * 401 when wrong or missing, 429 past the failed-login limits (0207).
   */
  async authenticateClient(client: ClientCredentials | undefined, address: string): Promise<Caller> {
    if (!client) throw new Unauthorized();
    return this.credentials.authenticateApiKey(client.clientID, client.clientSecret, address);
  }

  async createToken(input: {
    grantType: GrantType;
    client: ClientCredentials | undefined;
    /** The client's network address, for the failed-login limits. */
    address: string;
    scope?: string | undefined;
    refreshToken?: string | undefined;
  }): Promise<IssuedTokens> {
    const caller = await this.authenticateClient(input.client, input.address);
    if (input.grantType === 'client_credentials') return this.issueForClient(caller, input.scope);
    return this.refresh(caller, input.refreshToken);
  }

  private async issueForClient(caller: Caller, rawScope: string | undefined): Promise<IssuedTokens> {
    const scopes = parseScopeList(rawScope);
    const accountIDs = scopedAccountIDs(scopes);
    return this.store.write(async (sql) => {
      const visible = await visibleAccountIDs(sql, caller.platformID, accountIDs);
      const hidden = accountIDs.find((id) => !visible.has(id));
      // One message for a missing account and another platform's: the two must look the same.
      if (hidden !== undefined) throw new ValidationFailed({ scope: `account ${quote(hidden)} not found` });
      const now = this.clock.now();
      await deleteExpiredTokens(sql, caller.platformID, now.toISOString());
      if ((await countLiveTokens(sql, caller.platformID, now.toISOString())) + 2 > MAX_LIVE_TOKENS_PER_PLATFORM) {
        throw new BadRequest(`a platform may hold at most ${MAX_LIVE_TOKENS_PER_PLATFORM} live tokens; revoke some first`);
      }
      return this.insertPair(sql, caller, randomUUID(), scopes.join(' '), now);
    });
  }

  /**
   * Rotates a refresh token: the old one is revoked and a new pair with the same
   * scopes is issued in one unit of work. A revoked refresh token presented again
   * means it leaked or a client replayed it, so the whole grant is ended
   * (OAuth 2.0 Security BCP, refresh token rotation).
   */
  private async refresh(caller: Caller, refreshToken: string | undefined): Promise<IssuedTokens> {
    if (refreshToken === undefined || refreshToken === '') {
      throw new ValidationFailed({ refresh_token: 'cannot be blank' });
    }
    const tokenHash = hashSecret(refreshToken);
    // A refusal is decided inside the unit of work and raised after it commits (null), so that
    // ending a replayed grant is kept; every refusal answers the same, whatever its reason.
    const issued = await this.store.write(async (sql): Promise<IssuedTokens | null> => {
      const row = await findToken(sql, tokenHash);
      if (!row || row.kind !== 'refresh' || row.public_key !== caller.publicKey) return null;
      const now = this.clock.now();
      if (row.revoked_on !== null) {
        await revokeGrant(sql, row.platform_id, row.grant_id, now.toISOString());
        return null;
      }
      if (row.expires_on <= now.toISOString()) return null;
      // The conditional update makes two concurrent refreshes of one token issue one pair.
      if ((await revokeToken(sql, tokenHash, now.toISOString())) !== 1) return null;
      return this.insertPair(sql, caller, row.grant_id, row.scopes, now);
    });
    if (issued === null) throw new ValidationFailed({ refresh_token: 'is invalid, expired or revoked' });
    return issued;
  }

  private async insertPair(
    sql: Sql,
    caller: Caller,
    grantID: string,
    scope: string,
    now: Date,
  ): Promise<IssuedTokens> {
    const accessToken = ACCESS_TOKEN_PREFIX + randomToken(TOKEN_ENTROPY_BYTES);
    const refreshToken = REFRESH_TOKEN_PREFIX + randomToken(TOKEN_ENTROPY_BYTES);
    const row = (kind: TokenKind, token: string, ttlSeconds: number) => ({
      token_hash: hashSecret(token),
      kind,
      grant_id: grantID,
      platform_id: caller.platformID,
      public_key: caller.publicKey,
      scopes: scope,
      expires_on: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      created_on: now.toISOString(),
    });
    await insertToken(sql, row('access', accessToken, ACCESS_TOKEN_TTL_SECONDS));
    await insertToken(sql, row('refresh', refreshToken, REFRESH_TOKEN_TTL_SECONDS));
    return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, scope };
  }

  /**
   * Revokes a token of the authenticated client's platform (RFC 7009). An
   * unknown, already revoked or foreign token is not an error: the answer must
   * not tell a caller whether a token exists. Revoking a refresh token ends its
   * whole grant, access tokens included (RFC 7009 §2.1).
   */
  async revoke(input: { client: ClientCredentials | undefined; address: string; token: string }): Promise<void> {
    const caller = await this.authenticateClient(input.client, input.address);
    const tokenHash = hashSecret(input.token);
    await this.store.write(async (sql) => {
      const row = await findToken(sql, tokenHash);
      if (!row || row.platform_id !== caller.platformID) return;
      const now = this.clock.now().toISOString();
      if (row.kind === 'refresh') await revokeGrant(sql, caller.platformID, row.grant_id, now);
      else await revokeToken(sql, tokenHash, now);
    });
  }
}
