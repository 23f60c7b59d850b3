import { randomUUID } from 'node:crypto';
import { MAX_REPRESENTATIVES, type CreateRepresentativeInput, type RepresentativeView, type UpdateRepresentativeInput } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import {
  findLiveRepresentative,
  insertRepresentative,
  liveRepresentativesOf,
  markRepresentativeDeleted,
  updateRepresentativeRow,
} from '../../store/repos/representatives.ts';
import type { Clock } from '../../kernel/clock.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import { platformClockIn } from '../../kernel/platform-clock.ts';
import { accessibleAccount, writableAccount, type AccessibleAccount } from '../accounts/access.ts';
import { Problems } from '../accounts/problems.ts';
import type { Caller } from '../auth/caller.ts';
import type { Sealer } from '../sources/sealed-secret.ts';
import { buildRepresentative, checkOwnershipTotal, draftOfCreate, draftOfUpdate, type RepresentativeDraft } from './build.ts';
import { openedValues, parseRepresentative, renderRepresentative, type StoredRepresentative } from './record.ts';
import { sealRepresentativeValues } from './sealed.ts';

/** Brings the account's capabilities in line after a change (capabilities/recompute.ts, handed in by compose). */
export type RecomputeCapabilities = (sql: Sql, clock: Clock, platformID: string, accountID: string) => Promise<void>;

/**
 * Representatives of business accounts (decision 1700): each change is
 * checked as a whole, stored with its sensitive values sealed, announced with
 * a `representative.*` event and recomputed into the account's capability
 * requirements, all in one unit of work.
 */
export class RepresentativeService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly sealer: Sealer,
    private readonly recompute: RecomputeCapabilities,
  ) {}

  async create(caller: Caller, accountID: string, input: CreateRepresentativeInput): Promise<RepresentativeView> {
    return this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      requireBusiness(access);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      const existing = (await liveRepresentativesOf(sql, accountID)).map(parseRepresentative);
      if (existing.length >= MAX_REPRESENTATIVES) throw new Conflict(`an account has at most ${MAX_REPRESENTATIVES} representatives`);
      const representativeID = randomUUID();
      const now = clock.now().toISOString();
      const stored = this.checked(draftOfCreate(input), existing, representativeID, clock);
      const row = { representative_id: representativeID, account_id: accountID, ...stored, created_on: now, updated_on: now, deleted_on: null };
      await insertRepresentative(sql, row);
      await recordEvent(sql, clock, caller.platformID, 'representative.created', { accountID, representativeID });
      await this.recompute(sql, clock, caller.platformID, accountID);
      return renderRepresentative(parseRepresentative(row));
    });
  }

  async list(caller: Caller, accountID: string): Promise<RepresentativeView[]> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      return (await liveRepresentativesOf(sql, accountID)).map((row) => renderRepresentative(parseRepresentative(row)));
    });
  }

  async get(caller: Caller, accountID: string, representativeID: string): Promise<RepresentativeView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      return renderRepresentative(await this.existing(sql, accountID, representativeID));
    });
  }

  async update(caller: Caller, accountID: string, representativeID: string, change: UpdateRepresentativeInput): Promise<RepresentativeView> {
    return this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      requireBusiness(access);
      const current = await this.existing(sql, accountID, representativeID);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      const others = (await liveRepresentativesOf(sql, accountID)).map(parseRepresentative).filter((r) => r.row.representative_id !== representativeID);
      const draft = draftOfUpdate(current.profile, openedValues(this.sealer, current), change);
      const stored = this.checked(draft, others, representativeID, clock);
      const row = { ...current.row, ...stored, updated_on: clock.now().toISOString() };
      await updateRepresentativeRow(sql, row);
      await recordEvent(sql, clock, caller.platformID, 'representative.updated', { accountID, representativeID });
      await this.recompute(sql, clock, caller.platformID, accountID);
      return renderRepresentative(parseRepresentative(row));
    });
  }

  async delete(caller: Caller, accountID: string, representativeID: string): Promise<void> {
    await this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      requireBusiness(access);
      await this.existing(sql, accountID, representativeID);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      await markRepresentativeDeleted(sql, representativeID, clock.now().toISOString());
      await recordEvent(sql, clock, caller.platformID, 'representative.deleted', { accountID, representativeID });
      await this.recompute(sql, clock, caller.platformID, accountID);
    });
  }

  /** The draft checked against the rules and the account's other representatives; 422 with every problem at once. */
  private checked(draft: RepresentativeDraft, others: readonly StoredRepresentative[], representativeID: string, clock: Clock): { profile: string; sensitive: string } {
    const problems = new Problems();
    const built = buildRepresentative(draft, problems, clock.now());
    checkOwnershipTotal(
      others.map((r) => r.profile),
      built.profile,
      problems,
    );
    problems.throwIfAny();
    return { profile: JSON.stringify(built.profile), sensitive: JSON.stringify(sealRepresentativeValues(this.sealer, representativeID, built.sensitive)) };
  }

  private async existing(sql: Sql, accountID: string, representativeID: string): Promise<StoredRepresentative> {
    const row = await findLiveRepresentative(sql, accountID, representativeID);
    if (!row) throw new NotFound('representative');
    return parseRepresentative(row);
  }
}

/** Only business accounts have representatives (Moov's rule); 409 names why. */
function requireBusiness(access: AccessibleAccount): void {
  if (access.stored.document.accountType !== 'business') throw new Conflict('only business accounts have representatives');
}
