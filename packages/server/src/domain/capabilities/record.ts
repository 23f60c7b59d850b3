import type { CapabilityIDValue } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';
import { insertCapabilityRow } from '../../store/repos/capabilities.ts';
import type { Clock } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';

/**
 * Stores the capabilities an account starts with (at account or platform
 * creation), one `account_capabilities` row each, inside the caller's unit of
 * work. The capabilities module owns that table: accounts and platforms record
 * through here, and `recomputeCapabilities` then moves each to its status.
 * With `requested` (an account's creation), each `pending` entry, one the
 * caller asked for, writes `capability.requested`.
 */
export async function recordCapabilities(
  sql: Sql,
  accountID: string,
  entries: readonly { capability: string; status: string }[],
  now: string,
  requested?: { clock: Clock; platformID: string; foreignID?: string | undefined },
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
  if (!requested) return;
  for (const entry of entries) {
    if (entry.status !== 'pending') continue;
    await recordEvent(sql, requested.clock, requested.platformID, 'capability.requested', {
      accountID,
      ...(requested.foreignID ? { foreignID: requested.foreignID } : {}),
      capabilityID: entry.capability as CapabilityIDValue,
    });
  }
}
