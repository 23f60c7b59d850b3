import { platformClockIn } from '../../kernel/platform-clock.ts';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PAGE_COUNT,
  UUID_PATTERN,
  type AccountView,
  type CapabilityIDValue,
  type CreateAccountInput,
  type ListAccountsFilter,
  type PatchAccountInput,
  type RepresentativeView,
  type ShareScopesInput,
} from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import {
  disconnectConnection,
  findAccount,
  findConnection,
  insertAccount,
  insertConnection,
  insertTosToken,
  listCapabilities,
  listConnectedAccounts,
  listPlainSensitive,
  replacePlainSensitive,
  updateAccount,
  type ConnectionRow,
} from '../../store/repos/accounts.ts';
import type { Sealer } from '../sources/sealed-secret.ts';
import { openSensitive, sealSensitive } from './sealed-sensitive.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../../kernel/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import { hashSecret, randomToken } from '../auth/secrets.ts';
import { ALWAYS_ENABLED, REQUESTED_STATUS, checkRequested } from './capabilities.ts';
import { parseStored, render, toRow, withDisplayName, type SensitiveAtRest, type StoredAccount, type StoredDocument, type StoredSensitive } from './document.ts';
import { mergeBusiness, mergeCustomerSupport, mergeIndividual } from './merge.ts';
import { buildCustomerSupport, buildSettings, checkForeignID, defaultSettings, mergeSettings } from './parts.ts';
import { Problems } from './problems.ts';
import { buildBusiness, buildIndividual, displayNameOf } from './profile.ts';
import { checkManualTerms, resolveTermsToken, type Acceptance, type TermsInput } from './terms.ts';

/** Rows sealed per unit of work by the start-up upgrade. */
const SEAL_BATCH = 200;

/** An account the caller may see, with the caller's connection to it (none for the platform's own account). */
interface Visible {
  stored: StoredAccount;
  connection: ConnectionRow | undefined;
}

/** Where a ToS token came from, as the HTTP edge saw it. */
export interface TermsRequest {
  origin: string | undefined;
  referer: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/**
 * What the account service needs of the capabilities module, inside the
 * caller's unit of work: store the capabilities a new account starts with, and
 * bring them in line with the account's profile after a change. Handed in by
 * compose/services.ts: capabilities read the account model, so the accounts
 * module may not import them back (docs/architecture.md).
 */
export interface AccountCapabilities {
  /** With `requested`, writes `capability.requested` for each `pending` entry. */
  record(
    sql: Sql,
    accountID: string,
    entries: readonly { capability: string; status: string }[],
    now: string,
    requested?: { clock: Clock; platformID: string; foreignID?: string | undefined },
  ): Promise<void>;
  recompute(sql: Sql, clock: Clock, platformID: string, accountID: string): Promise<void>;
}

/**
 * The live representatives of business accounts, shown as
 * `profile.business.representatives`: one read for all `accountIDs`, inside
 * the caller's unit of work. Handed in by compose/services.ts: the
 * representatives module imports accounts, so accounts may not import it back.
 */
export type AccountRepresentatives = (sql: Sql, accountIDs: readonly string[]) => Promise<ReadonlyMap<string, readonly RepresentativeView[]>>;

/**
 * Accounts: create, read, search, update, disconnect and share them. Every
 * read and write is scoped to what the calling platform may see: its own
 * account and accounts connected to it. Anything else is NotFound, the same
 * answer a missing account gets.
 */
export class AccountService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly capabilities: AccountCapabilities,
    /** Seals birth dates and ID numbers at rest (0504): the sealer of bank account numbers, handed in by compose. */
    private readonly sealer: Sealer,
    private readonly representatives: AccountRepresentatives,
  ) {}

  /**
   * `inSameUnit` runs inside the unit of work that stores the account, after it:
   * what it writes commits with the account, and what it throws undoes the
   * account (an onboarding invite is redeemed this way, decision 1750).
   */
  async create(caller: Caller, input: CreateAccountInput, options: { inSameUnit?: (sql: Sql, accountID: string) => Promise<void> } = {}): Promise<AccountView> {
    const now = this.clock.now();
    const nowText = now.toISOString();
    const problems = new Problems();
    const document: StoredDocument = {
      accountID: randomUUID(),
      mode: 'sandbox',
      accountType: input.accountType,
      displayName: '',
      profile: {},
      verification: { status: 'unverified', verificationStatus: 'unverified' },
      createdOn: nowText,
      updatedOn: nowText,
    };
    const sensitive: StoredSensitive = {};

    const other = input.accountType === 'individual' ? 'business' : 'individual';
    if (input.profile[other] !== undefined) problems.add(['accountType'], `profile.${other} is not allowed for ${article(input.accountType)} account`);
    if (input.accountType === 'individual') {
      const built = buildIndividual(input.profile.individual ?? {}, ['profile', 'individual'], problems, now);
      document.profile.individual = built.profile;
      if (Object.keys(built.sensitive).length > 0) sensitive.individual = built.sensitive;
    } else {
      const built = buildBusiness(input.profile.business ?? {}, ['profile', 'business'], problems);
      document.profile.business = built.profile;
      if (Object.keys(built.sensitive).length > 0) sensitive.business = built.sensitive;
    }
    document.displayName = displayNameOf(document.profile);
    if (input.metadata !== undefined) document.metadata = input.metadata;
    const foreignID = checkForeignID(input.foreignID, problems);
    if (foreignID !== undefined) document.foreignID = foreignID;
    const support = buildCustomerSupport(input.customerSupport, problems);
    if (support) document.customerSupport = support;
    const settings = mergeSettings(defaultSettings(document.displayName, input.accountType), buildSettings(input.settings, input.accountType, problems));
    if (settings) document.settings = settings;
    const requested = checkRequested(input.capabilities, problems);
    const manual = input.termsOfService ? checkManualTerms(input.termsOfService, now, problems) : undefined;
    problems.throwIfAny();

    return this.store.write(async (sql) => {
      const platform = await findAccount(sql, caller.platformID);
      if (!platform) throw new NotFound('platform account');
      // A new account inherits the caller's mode; `mode` in the body is only for creating platforms (§1.4).
      document.mode = parseStored(platform).document.mode;
      const acceptance = await this.acceptance(sql, input.termsOfService, manual, caller.platformID, document.accountID, nowText);
      if (acceptance) applyAcceptance(document, sensitive, acceptance);
      await insertAccount(sql, toRow({ account_id: document.accountID, created_by: caller.platformID }, document, this.seal(document.accountID, sensitive)));
      await insertConnection(sql, caller.platformID, document.accountID, nowText, null);
      const capabilities = [
        { capability: ALWAYS_ENABLED, status: 'enabled' },
        ...requested.map((capability: CapabilityIDValue) => ({ capability, status: REQUESTED_STATUS })),
      ];
      await this.event(sql, caller, 'account.created', document);
      await this.capabilities.record(sql, document.accountID, capabilities, nowText, {
        clock: await platformClockIn(sql, this.clock, caller.platformID),
        platformID: caller.platformID,
        foreignID: document.foreignID,
      });
      await this.capabilities.recompute(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, document.accountID);
      if (options.inSameUnit) await options.inSameUnit(sql, document.accountID);
      return render(document, await listCapabilities(sql, [document.accountID]), null, await this.representativesOf(sql, document));
    });
  }

  async get(caller: Caller, accountID: string): Promise<AccountView> {
    return this.store.read(async (sql) => {
      const visible = await this.visible(sql, caller, accountID);
      return this.view(sql, visible);
    });
  }

  async list(caller: Caller, filter: ListAccountsFilter): Promise<AccountView[]> {
    return this.listConnected(caller, caller.platformID, filter);
  }

  /** Accounts connected to `accountID` that the caller can also see; for the platform's own ID, the account list. */
  async listConnected(caller: Caller, accountID: string, filter: ListAccountsFilter): Promise<AccountView[]> {
    return this.store.read(async (sql) => {
      if (accountID !== caller.platformID) await this.visible(sql, caller, accountID);
      const name = filter.name?.trim().toLowerCase();
      const email = filter.email?.trim().toLowerCase();
      const foreignID = filter.foreignID?.trim();
      const rows = await listConnectedAccounts(sql, {
        principalID: accountID,
        visibleTo: caller.platformID,
        ...(name ? { nameContains: name } : {}),
        ...(email ? { email } : {}),
        ...(filter.type ? { accountType: filter.type } : {}),
        ...(foreignID ? { foreignID } : {}),
        includeDisconnected: filter.includeDisconnected ?? false,
        ...(filter.capability ? { capability: filter.capability } : {}),
        ...(filter.capabilityStatus ? { capabilityStatus: filter.capabilityStatus } : {}),
        skip: filter.skip ?? 0,
        count: filter.count ?? DEFAULT_PAGE_COUNT,
      });
      const documents = rows.map((row) => parseStored(row).document);
      const capabilities = await listCapabilities(sql, rows.map((r) => r.account_id));
      const representatives = await this.shownRepresentatives(sql, documents);
      return rows.map((row, index) =>
        render(
          documents[index]!,
          capabilities.filter((c) => c.account_id === row.account_id),
          row.connection_disconnected_on,
          representatives.get(row.account_id),
        ),
      );
    });
  }

  async update(caller: Caller, accountID: string, patch: PatchAccountInput): Promise<AccountView> {
    const now = this.clock.now();
    const nowText = now.toISOString();
    return this.store.write(async (sql) => {
      const visible = await this.writable(sql, caller, accountID);
      const problems = new Problems();
      const before = visible.stored;
      let document: StoredDocument = structuredClone(before.document);
      const sensitive: StoredSensitive = openSensitive(this.sealer, accountID, before.sensitive);

      const individual = patch.profile?.individual;
      const business = patch.profile?.business;
      if (individual && document.accountType !== 'individual') problems.add(['error'], `profile.individual cannot be set on ${article(document.accountType)} account`);
      if (business && document.accountType !== 'business') problems.add(['error'], `profile.business cannot be set on ${article(document.accountType)} account`);
      if (individual && document.profile.individual) {
        const built = buildIndividual(mergeIndividual(document, sensitive, individual), ['profile', 'individual'], problems, now);
        document.profile = { individual: built.profile };
        setOrDelete(sensitive, 'individual', Object.keys(built.sensitive).length > 0 ? built.sensitive : undefined);
      }
      if (business && document.profile.business) {
        const built = buildBusiness(mergeBusiness(document, sensitive, business), ['profile', 'business'], problems);
        document.profile = { business: built.profile };
        setOrDelete(sensitive, 'business', Object.keys(built.sensitive).length > 0 ? built.sensitive : undefined);
      }
      document = withDisplayName(document);

      if (patch.metadata !== undefined) setOrDelete(document, 'metadata', patch.metadata ?? undefined);
      if (patch.foreignID !== undefined) setOrDelete(document, 'foreignID', checkForeignID(patch.foreignID, problems));
      if (patch.customerSupport !== undefined) {
        const merged = patch.customerSupport === null ? undefined : mergeCustomerSupport(document.customerSupport, patch.customerSupport);
        setOrDelete(document, 'customerSupport', buildCustomerSupport(merged, problems));
      }
      if (patch.settings !== undefined) {
        setOrDelete(document, 'settings', mergeSettings(document.settings, buildSettings(patch.settings, document.accountType, problems)));
      }
      const manual = patch.termsOfService ? checkManualTerms(patch.termsOfService as TermsInput, now, problems) : undefined;
      problems.throwIfAny();
      const acceptance = await this.acceptance(sql, patch.termsOfService, manual, caller.platformID, accountID, nowText);
      if (acceptance) applyAcceptance(document, sensitive, acceptance);

      document.updatedOn = nowText;
      await updateAccount(sql, toRow(before.row, document, this.seal(accountID, sensitive)));
      await this.event(sql, caller, 'account.updated', document);
      await this.capabilities.recompute(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
      return render(document, await listCapabilities(sql, [accountID]), null, await this.representativesOf(sql, document));
    });
  }

  /** Severs the caller's connection. Disconnecting again changes nothing and is not an error. */
  async disconnect(caller: Caller, accountID: string): Promise<void> {
    if (accountID === caller.platformID) throw new BadRequest('a platform cannot disconnect its own account');
    const nowText = this.clock.now().toISOString();
    await this.store.write(async (sql) => {
      const visible = await this.visible(sql, caller, accountID);
      if (await disconnectConnection(sql, caller.platformID, accountID, nowText)) {
        await this.event(sql, caller, 'account.disconnected', visible.stored.document);
      }
    });
  }

  /** Connects `accountID` to `principalAccountID` (another account the caller can see). */
  async connect(caller: Caller, accountID: string, input: ShareScopesInput): Promise<void> {
    const nowText = this.clock.now().toISOString();
    const principalID = input.principalAccountID.trim().toLowerCase();
    const problems = new Problems();
    if (!UUID_PATTERN.test(principalID)) problems.add(['principalAccountID'], 'must be a valid account ID');
    else if (principalID === accountID.toLowerCase()) problems.add(['principalAccountID'], 'must be another account');
    await this.store.write(async (sql) => {
      await this.writable(sql, caller, accountID);
      problems.throwIfAny();
      if (principalID !== caller.platformID && !(await findConnection(sql, caller.platformID, principalID))) {
        problems.add(['principalAccountID'], 'must be an existing account');
        problems.throwIfAny();
      }
      if (await findConnection(sql, principalID, accountID)) throw new Conflict('the account is already connected to this principal');
      await insertConnection(sql, principalID, accountID, nowText, input.allowScopes ?? null);
    });
  }

  /** Issues a ToS token for a page; the token is answered once and stored only as a hash. */
  async createTermsToken(caller: Caller, request: TermsRequest): Promise<{ token: string }> {
    const page = request.origin?.trim() || request.referer?.trim();
    if (!page) throw new BadRequest('an Origin or Referer header is required');
    const token = randomToken(48);
    await this.store.write((sql) =>
      insertTosToken(sql, {
        token_hash: hashSecret(token),
        platform_id: caller.platformID,
        origin: page,
        ip: request.ip,
        user_agent: request.userAgent ?? '',
        created_on: this.clock.now().toISOString(),
      }),
    );
    return { token };
  }

  /**
   * Seals the sensitive values of rows stored in the clear before 0504 (marked
   * by migration 14), a batch per unit of work; run at start-up with the key
   * (compose/at-rest.ts). Answers how many rows it sealed.
   */
  async sealPlainSensitive(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const batch = await this.store.write(async (sql) => {
        const rows = await listPlainSensitive(sql, SEAL_BATCH);
        let replaced = 0;
        let withValues = 0;
        for (const row of rows) {
          const next = row.sensitive === null ? null : JSON.stringify(this.seal(row.account_id, openSensitive(this.sealer, row.account_id, JSON.parse(row.sensitive) as SensitiveAtRest)));
          if (!(await replacePlainSensitive(sql, row.account_id, row.sensitive, next))) continue;
          replaced += 1;
          if (row.sensitive !== null) withValues += 1;
        }
        return { read: rows.length, replaced, withValues };
      });
      sealed += batch.withValues;
      // A short batch was the last; one where every row changed meanwhile would only be read again.
      if (batch.read < SEAL_BATCH || batch.replaced === 0) return sealed;
    }
  }

  // ---------------------------------------------------------------- helpers

  private seal(accountID: string, sensitive: StoredSensitive): SensitiveAtRest {
    return sealSensitive(this.sealer, accountID, sensitive);
  }

  private async visible(sql: Sql, caller: Caller, accountID: string): Promise<Visible> {
    const own = accountID === caller.platformID;
    const connection = own ? undefined : await findConnection(sql, caller.platformID, accountID);
    if (!own && !connection) throw new NotFound('account');
    const row = await findAccount(sql, accountID);
    if (!row) throw new NotFound('account');
    return { stored: parseStored(row), connection };
  }

  /** Visible and still connected: a disconnected account is read-only for the caller. */
  private async writable(sql: Sql, caller: Caller, accountID: string): Promise<Visible> {
    const visible = await this.visible(sql, caller, accountID);
    if (visible.connection?.disconnected_on) throw new Conflict('the account is disconnected from this platform and is read-only');
    return visible;
  }

  private async view(sql: Sql, visible: Visible): Promise<AccountView> {
    const capabilities = await listCapabilities(sql, [visible.stored.row.account_id]);
    return render(visible.stored.document, capabilities, visible.connection?.disconnected_on ?? null, await this.representativesOf(sql, visible.stored.document));
  }

  /** Only business accounts have representatives: the others cost no query. */
  private async shownRepresentatives(sql: Sql, documents: readonly StoredDocument[]): Promise<ReadonlyMap<string, readonly RepresentativeView[]>> {
    const businesses = documents.filter((d) => d.accountType === 'business').map((d) => d.accountID);
    return businesses.length > 0 ? this.representatives(sql, businesses) : new Map();
  }

  private async representativesOf(sql: Sql, document: StoredDocument): Promise<readonly RepresentativeView[] | undefined> {
    return (await this.shownRepresentatives(sql, [document])).get(document.accountID);
  }

  private async acceptance(
    sql: Sql,
    payload: TermsInput | undefined,
    manual: Acceptance | undefined,
    platformID: string,
    accountID: string,
    now: string,
  ): Promise<Acceptance | undefined> {
    if (manual) return manual;
    const token = payload?.token?.trim();
    if (!token) return undefined;
    const problems = new Problems();
    const accepted = await resolveTermsToken(sql, token, platformID, accountID, now, problems);
    problems.throwIfAny();
    return accepted;
  }

  private async event(sql: Sql, caller: Caller, type: 'account.created' | 'account.updated' | 'account.disconnected', document: StoredDocument): Promise<void> {
    await recordEvent(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, type, {
      accountID: document.accountID,
      ...(document.foreignID ? { foreignID: document.foreignID } : {}),
    });
  }

}

/** "an individual", "a business". */
function article(accountType: string): string {
  return `${/^[aeiou]/.test(accountType) ? 'an' : 'a'} ${accountType}`;
}

function applyAcceptance(document: StoredDocument, sensitive: StoredSensitive, acceptance: Acceptance): void {
  document.termsOfService = acceptance.shown;
  sensitive.termsOfService = acceptance.kept;
}

function setOrDelete<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[key];
  else target[key] = value;
}
