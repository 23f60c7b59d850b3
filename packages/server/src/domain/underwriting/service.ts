import type { UnderwritingView, UpdateUnderwritingInput, UpsertUnderwritingInput } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { findUnderwriting, saveUnderwritingRow } from '../../store/repos/underwriting.ts';
import type { Clock } from '../../kernel/clock.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';
import { platformClockIn } from '../../kernel/platform-clock.ts';
import { accessibleAccount, writableAccount, type AccessibleAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { checkLegacy, checkUpsert } from './checks.ts';
import { mergeUpsert, parseUnderwriting, replaceLegacy, type StoredUnderwriting, type UnderwritingDocument } from './document.ts';

export type RecomputeCapabilities = (sql: Sql, clock: Clock, platformID: string, accountID: string) => Promise<void>;

/**
 * Underwriting of business accounts (decision 1701). A submitted save is
 * approved at once in the sandbox and recomputed into the capability
 * requirements in the same unit of work; a draft (`submissionIntent: "wait"`)
 * is only stored.
 */
export class UnderwritingService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly recompute: RecomputeCapabilities,
  ) {}

  async get(caller: Caller, accountID: string): Promise<UnderwritingView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const stored = parseUnderwriting(await findUnderwriting(sql, accountID));
      if (!stored) throw new NotFound('underwriting');
      return render(stored);
    });
  }

  async save(caller: Caller, accountID: string, change: UpsertUnderwritingInput): Promise<UnderwritingView> {
    return this.write(caller, accountID, (stored) => {
      const document = mergeUpsert(stored?.document, change);
      checkUpsert(document);
      return { document, submit: change.submissionIntent !== 'wait' };
    });
  }

  async upsertLegacy(caller: Caller, accountID: string, legacy: UpdateUnderwritingInput): Promise<UnderwritingView> {
    return this.write(caller, accountID, (stored) => {
      checkLegacy(legacy);
      return { document: replaceLegacy(stored?.document, legacy), submit: true };
    });
  }

  private async write(
    caller: Caller,
    accountID: string,
    next: (stored: StoredUnderwriting | undefined) => { document: UnderwritingDocument; submit: boolean },
  ): Promise<UnderwritingView> {
    return this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      requireBusiness(access);
      const row = await findUnderwriting(sql, accountID);
      const stored = parseUnderwriting(row);
      const { document, submit } = next(stored);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      const now = clock.now().toISOString();
      const submitted = submit ? document : stored?.submitted;
      await saveUnderwritingRow(sql, {
        account_id: accountID,
        document: JSON.stringify(document),
        submitted: submitted ? JSON.stringify(submitted) : null,
        created_on: row?.created_on ?? now,
        updated_on: now,
      });
      if (submit) await this.recompute(sql, clock, caller.platformID, accountID);
      return render({ document, submitted });
    });
  }
}

/** The sandbox approves a submission at once; a draft never submitted is `pending`. */
function render(stored: StoredUnderwriting): UnderwritingView {
  return { ...stored.document, status: stored.submitted ? 'approved' : 'pending' };
}

function requireBusiness(access: AccessibleAccount): void {
  if (access.stored.document.accountType !== 'business') throw new Conflict('underwriting is only for business accounts');
}
