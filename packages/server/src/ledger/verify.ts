import type { Store } from '../store/port.ts';
import {
  firstBalanceMismatch,
  firstEntryOfUnknownPlatform,
  firstOrphanPosting,
  firstHollowEntry,
  firstMismatchedPosting,
  firstNegativeAccount,
  firstOverdrawnHold,
  firstRunningBalanceMismatch,
  firstUnbalancedEntry,
  firstUnknownSettlement,
  firstUnsettledOverdraft,
  ledgerCounts,
} from '../store/repos/ledger-audit.ts';
import { SETTLEMENT_KINDS } from './types.ts';

export type VerifyResult =
  | { ok: true; accounts: number; entries: number; postings: number }
  | { ok: false; violation: string };

/**
 * Recomputes the ledger from its postings and checks every invariant
 * (docs/ledger.md): every posting belongs to an entry and an account that
 * exist, and every entry to a platform that exists; each entry balances per
 * currency; each account's cached balances equal the sum of its postings, and
 * each posting's balances-after the running sum; postings agree with their
 * account's currency and platform; no wallet is negative except through
 * platform settlements (decision 1600: every other debit left it at zero or
 * above); no hold gave out more than it took in. Answers the first violation
 * as a sentence, so an operator knows where to look.
 */
export async function verifyLedger(store: Store): Promise<VerifyResult> {
  return store.read(async (sql) => {
    // First: a posting without its entry or account would mislead every check below.
    const orphan = await firstOrphanPosting(sql);
    if (orphan) {
      return fail(`posting ${orphan.line} of entry ${orphan.entry_id} (ledger account ${orphan.ledger_account_id}) belongs to no existing ${orphan.missing}`);
    }
    const stranger = await firstEntryOfUnknownPlatform(sql);
    if (stranger) return fail(`entry ${stranger.entry_id} belongs to platform ${stranger.platform_id}, which does not exist`);
    const unbalanced = await firstUnbalancedEntry(sql);
    if (unbalanced) {
      return fail(`entry ${unbalanced.entry_id} is unbalanced: its ${unbalanced.currency} postings sum to ${unbalanced.total}, not 0`);
    }
    const hollow = await firstHollowEntry(sql);
    if (hollow) return fail(`entry ${hollow.entry_id} has ${hollow.postings} posting(s); an entry needs at least 2`);

    const mismatch = await firstBalanceMismatch(sql);
    if (mismatch) {
      return fail(
        `ledger account ${mismatch.ledger_account_id} caches available ${mismatch.available} and pending ${mismatch.pending} ` +
          `over ${mismatch.posting_count} posting(s), but its postings sum to available ${mismatch.posted_available} ` +
          `and pending ${mismatch.posted_pending} over ${mismatch.postings} posting(s) (last sequence ${mismatch.max_seq})`,
      );
    }
    const running = await firstRunningBalanceMismatch(sql);
    if (running) {
      return fail(
        `ledger account ${running.ledger_account_id} posting #${running.account_seq} records balances after it ` +
          `that differ from the running sum of its postings (available ${running.available_after} vs ${running.run_available})`,
      );
    }
    const stray = await firstMismatchedPosting(sql);
    if (stray) {
      return fail(`posting ${stray.line} of entry ${stray.entry_id} does not match the ${stray.reason} of ledger account ${stray.ledger_account_id}`);
    }
    const negative = await firstNegativeAccount(sql);
    if (negative) {
      return fail(
        negative.kind === 'wallet' && Number(negative.allow_negative) !== 0
          ? `wallet ledger account ${negative.ledger_account_id} is marked as allowed to go negative`
          : `${negative.kind} ledger account ${negative.ledger_account_id} is negative: available ${negative.available}, pending ${negative.pending}`,
      );
    }
    const unknownSettlement = await firstUnknownSettlement(sql, SETTLEMENT_KINDS);
    if (unknownSettlement) {
      return fail(`entry ${unknownSettlement.entry_id} is marked as a settlement of unknown kind ${unknownSettlement.settlement}`);
    }
    const overdraft = await firstUnsettledOverdraft(sql);
    if (overdraft) {
      return fail(
        `ledger account ${overdraft.ledger_account_id} went negative (available ${overdraft.available_after}) at posting ` +
          `#${overdraft.account_seq} by entry ${overdraft.entry_id}, which is not a platform settlement`,
      );
    }
    const hold = await firstOverdrawnHold(sql);
    if (hold) {
      return fail(`reference ${hold.reference_id} released or settled ${-Number(hold.held)} more than it held on ledger account ${hold.ledger_account_id}`);
    }
    return { ok: true, ...(await ledgerCounts(sql)) };
  });
}

function fail(violation: string): VerifyResult {
  return { ok: false, violation };
}
