import type { Sql } from '../port.ts';

/* Countries of operation of an account (migration 20, decision 1752): one row per account, replaced whole. */

export async function findAccountCountries(sql: Sql, accountID: string): Promise<string[] | undefined> {
  const row = await sql.get<{ countries: string }>('SELECT countries FROM account_countries WHERE account_id = ?', [accountID]);
  return row ? (JSON.parse(row.countries) as string[]) : undefined;
}

/** One statement on both engines, so two first assignments at once cannot collide on the key. */
export async function replaceAccountCountries(sql: Sql, accountID: string, countries: readonly string[], now: string): Promise<void> {
  await sql.run(
    `INSERT INTO account_countries (account_id, countries, updated_on) VALUES (?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET countries = excluded.countries, updated_on = excluded.updated_on`,
    [accountID, JSON.stringify(countries), now],
  );
}
