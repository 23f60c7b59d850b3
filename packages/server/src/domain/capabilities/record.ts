import type { Sql } from '../../store/port.ts';
import { insertCapabilityRow } from '../../store/repos/capabilities.ts';

/**
 * Stores the capabilities an account starts with (at account or platform
 * creation), one `account_capabilities` row each, inside the caller's unit of
 * work. The capabilities module owns that table: accounts and platforms record
 * through here, and `recomputeCapabilities` then moves each to its status.
 */
export async function recordCapabilities(
  sql: Sql,
  accountID: string,
  entries: readonly { capability: string; status: string }[],
  now: string,
): Promise<void> {
  for (const entry of entries) {
    await insertCapabilityRow(sql, {
      account_id: accountID,
      capability: entry.capability,
      status: entry.status,
      created_on: now,
      updated_on: now,
      disabled_on: null,
      disabled_reason: null,
    });
  }
}
