import type { Sql } from '../port.ts';

/*
 * Onboarding invites (migration 20, decision 1750). An invite belongs to one
 * platform; every API read is scoped by `platform_id`. The invite page reads by
 * code alone (the code in the link is what lets a person in), and redeeming is
 * one conditional UPDATE, so two submissions of one link cannot both win.
 */

export interface OnboardingInviteRow {
  code: string;
  platform_id: string;
  link: string;
  /** JSON of the invite's settings as the platform sent them (scopes, capabilities, fee plans, prefill, URLs). */
  settings: string;
  created_on: string;
  expires_on: string;
  revoked_on: string | null;
  redeemed_on: string | null;
  redeemed_account_id: string | null;
}

const COLUMNS = 'code, platform_id, link, settings, created_on, expires_on, revoked_on, redeemed_on, redeemed_account_id';

/** A platform lists at most this many invites, newest first (the API has no paging for them). */
export const MAX_LISTED_INVITES = 500;

export async function insertInvite(sql: Sql, row: OnboardingInviteRow): Promise<void> {
  await sql.run(`INSERT INTO onboarding_invites (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.code,
    row.platform_id,
    row.link,
    row.settings,
    row.created_on,
    row.expires_on,
    row.revoked_on,
    row.redeemed_on,
    row.redeemed_account_id,
  ]);
}

/** The invite with this code, whoever made it: for the invite page. */
export async function findInviteByCode(sql: Sql, code: string): Promise<OnboardingInviteRow | undefined> {
  return sql.get<OnboardingInviteRow>(`SELECT ${COLUMNS} FROM onboarding_invites WHERE code = ?`, [code]);
}

/** The platform's own invite with this code; another platform's is not found. */
export async function findPlatformInvite(sql: Sql, platformID: string, code: string): Promise<OnboardingInviteRow | undefined> {
  return sql.get<OnboardingInviteRow>(`SELECT ${COLUMNS} FROM onboarding_invites WHERE code = ? AND platform_id = ?`, [code, platformID]);
}

export async function listPlatformInvites(sql: Sql, platformID: string): Promise<OnboardingInviteRow[]> {
  return sql.all<OnboardingInviteRow>(
    `SELECT ${COLUMNS} FROM onboarding_invites WHERE platform_id = ? ORDER BY created_on DESC, code DESC LIMIT ${MAX_LISTED_INVITES}`,
    [platformID],
  );
}

/** Marks an invite revoked unless it already is (the first revocation's time stays) or it was redeemed. */
export async function revokeInvite(sql: Sql, platformID: string, code: string, now: string): Promise<number> {
  const result = await sql.run(
    'UPDATE onboarding_invites SET revoked_on = ? WHERE code = ? AND platform_id = ? AND revoked_on IS NULL AND redeemed_on IS NULL',
    [now, code, platformID],
  );
  return result.changes;
}

/** Redeems an invite that is still open (not revoked, not redeemed, not expired); answers whether it did. */
export async function redeemInvite(sql: Sql, code: string, accountID: string, now: string): Promise<boolean> {
  const result = await sql.run(
    `UPDATE onboarding_invites SET redeemed_on = ?, redeemed_account_id = ?
     WHERE code = ? AND revoked_on IS NULL AND redeemed_on IS NULL AND expires_on > ?`,
    [now, accountID, code, now],
  );
  return result.changes === 1;
}
