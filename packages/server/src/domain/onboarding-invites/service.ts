import type { CreateOnboardingInviteInput, OnboardingInviteView } from '@railyard/contract';
import type { Clock } from '../../kernel/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { platformClockIn } from '../../kernel/platform-clock.ts';
import type { Sql, Store } from '../../store/port.ts';
import { findAccount } from '../../store/repos/accounts.ts';
import {
  findInviteByCode,
  findPlatformInvite,
  insertInvite,
  listPlatformInvites,
  redeemInvite,
  revokeInvite,
  type OnboardingInviteRow,
} from '../../store/repos/onboarding-invites.ts';
import type { AccountService } from '../accounts/service.ts';
import { parseStored } from '../accounts/document.ts';
import { Problems } from '../accounts/problems.ts';
import { buildBusiness, buildIndividual } from '../accounts/profile.ts';
import type { Caller } from '../auth/caller.ts';
import { newInviteCode } from './code.ts';
import { accountFromForm, formErrorsFrom, prefilledValues, shapeErrors, type FormErrors, type FormValues, type Submitter } from './form.ts';
import { INVITE_LIFETIME_MS, inviteState, parseSettings, renderInvite, type InviteSettings, type InviteState, type PartnerFacts } from './settings.ts';

/** What the invite page needs to draw an invite. */
export interface InvitePage {
  state: InviteState;
  partnerName: string;
  settings: InviteSettings;
  values: FormValues;
}

/** The outcome of a form submission: the new account, or the form again with messages. */
export type Redemption =
  | { ok: true; accountID: string; returnURL: string | undefined }
  | { ok: false; state: InviteState; errors: FormErrors };

/**
 * Onboarding invites (decision 1750): the platform's API (create, list, get,
 * revoke) and the invite page's two steps (open, redeem). An invite is its
 * platform's: the API answers NotFound for another platform's code. The page
 * finds an invite by code alone, and redeeming creates the connected account
 * through the accounts service, in the same unit of work that marks the invite
 * used, so a link makes one account at most.
 */
export class OnboardingInviteService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  async create(caller: Caller, input: CreateOnboardingInviteInput, pageBase: string): Promise<OnboardingInviteView> {
    checkRequest(input, this.clock.now());
    return this.store.write(async (sql) => {
      const now = await (await platformClockIn(sql, this.clock, caller.platformID)).now();
      const code = newInviteCode();
      const row: OnboardingInviteRow = {
        code,
        platform_id: caller.platformID,
        link: `${pageBase}/onboarding/${code}`,
        settings: JSON.stringify(input),
        created_on: now.toISOString(),
        expires_on: new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString(),
        revoked_on: null,
        redeemed_on: null,
        redeemed_account_id: null,
      };
      await insertInvite(sql, row);
      return renderInvite(row, await partnerOf(sql, caller.platformID));
    });
  }

  async list(caller: Caller): Promise<OnboardingInviteView[]> {
    return this.store.read(async (sql) => {
      const partner = await partnerOf(sql, caller.platformID);
      return (await listPlatformInvites(sql, caller.platformID)).map((row) => renderInvite(row, partner));
    });
  }

  async get(caller: Caller, code: string): Promise<OnboardingInviteView> {
    return this.store.read(async (sql) => {
      const row = await findPlatformInvite(sql, caller.platformID, code);
      if (!row) throw new NotFound('onboarding invite');
      return renderInvite(row, await partnerOf(sql, caller.platformID));
    });
  }

  async revoke(caller: Caller, code: string): Promise<void> {
    await this.store.write(async (sql) => {
      const row = await findPlatformInvite(sql, caller.platformID, code);
      if (!row) throw new NotFound('onboarding invite');
      if (row.redeemed_on) throw new Conflict('the invite was already redeemed; its account exists');
      if (row.revoked_on) return;
      const now = await (await platformClockIn(sql, this.clock, caller.platformID)).now();
      await revokeInvite(sql, caller.platformID, code, now.toISOString());
    });
  }

  /** The invite behind a link, for the page; undefined for a code no platform made. */
  async open(code: string): Promise<InvitePage | undefined> {
    return this.store.read(async (sql) => {
      const row = await findInviteByCode(sql, code);
      if (!row) return undefined;
      const now = await (await platformClockIn(sql, this.clock, row.platform_id)).now();
      const settings = parseSettings(row);
      const partner = await partnerOf(sql, row.platform_id);
      return { state: inviteState(row, now), partnerName: partner?.displayName ?? 'a Railyard platform', settings, values: prefilledValues(settings) };
    });
  }

  /**
   * Creates the account a submitted form describes, as the invite's platform,
   * and marks the invite redeemed in the same unit of work. Answers the form's
   * messages (nothing written) when the account is refused, or the invite's
   * state when it is no longer open; undefined for an unknown code.
   */
  async redeem(code: string, values: FormValues, submitter: Submitter): Promise<Redemption | undefined> {
    const found = await this.store.read(async (sql) => {
      const row = await findInviteByCode(sql, code);
      if (!row) return undefined;
      const now = await (await platformClockIn(sql, this.clock, row.platform_id)).now();
      return { row, now };
    });
    if (!found) return undefined;
    const { row, now } = found;
    const state = inviteState(row, now);
    if (state !== 'open') return { ok: false, state, errors: {} };
    const settings = parseSettings(row);
    // The acceptance is dated by the server's clock, the one the accounts service checks it against;
    // the invite's state above is the platform's time, which a sandbox may have moved ahead.
    const input = accountFromForm(settings, values, submitter, this.clock.now());
    if (!('profile' in input)) return { ok: false, state, errors: input };
    const shape = shapeErrors(input);
    if (shape) return { ok: false, state, errors: shape };
    const caller: Caller = { platformID: row.platform_id, publicKey: `onboarding-invite:${code}` };
    try {
      const account = await this.accounts.create(caller, input, {
        inSameUnit: async (sql, accountID) => {
          const at = await (await platformClockIn(sql, this.clock, row.platform_id)).now();
          // Another submission of the link won, or it was revoked or expired meanwhile: undo this account.
          if (!(await redeemInvite(sql, code, accountID, at.toISOString()))) throw new InviteClosed();
        },
      });
      return { ok: true, accountID: account.accountID, returnURL: settings.returnURL };
    } catch (error) {
      if (error instanceof ValidationFailed) return { ok: false, state, errors: formErrorsFrom(error.fields) };
      if (error instanceof InviteClosed) {
        const reread = await this.open(code);
        return { ok: false, state: reread?.state ?? 'revoked', errors: {} };
      }
      throw error;
    }
  }
}

/** Thrown inside the redeeming unit of work when the invite closed under it; rolls the account back. */
class InviteClosed extends Error {
  constructor() {
    super('the invite is no longer open');
  }
}

async function partnerOf(sql: Sql, platformID: string): Promise<PartnerFacts | undefined> {
  const row = await findAccount(sql, platformID);
  if (!row) return undefined;
  const document = parseStored(row).document;
  return { accountID: platformID, accountMode: document.mode, displayName: document.displayName };
}

/**
 * Rules beyond the schema: a list may not name the same value twice (422, keyed
 * by the repeat's index), and the prefill must be a profile the accounts service
 * would accept (keyed under `prefill`), since the person on the page can fix only
 * the fields the form shows.
 */
function checkRequest(input: CreateOnboardingInviteInput, now: Date): void {
  checkPrefill(input.prefill, now);
  const problems: Record<string, Record<string, string>> = {};
  const duplicates = (name: 'scopes' | 'capabilities' | 'feePlanCodes', list: readonly string[]) => {
    list.forEach((value, index) => {
      if (list.indexOf(value) !== index) (problems[name] ??= {})[String(index)] = `${value} is listed twice`;
    });
  };
  duplicates('scopes', input.scopes);
  duplicates('capabilities', input.capabilities);
  duplicates('feePlanCodes', input.feePlanCodes);
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
}

function checkPrefill(prefill: CreateOnboardingInviteInput['prefill'], now: Date): void {
  if (!prefill) return;
  const problems = new Problems();
  const other = prefill.accountType === 'individual' ? 'business' : 'individual';
  if (prefill.profile[other] !== undefined) problems.add(['prefill', 'profile', other], `not allowed for an ${prefill.accountType} account`);
  if (prefill.profile.individual) buildIndividual(prefill.profile.individual, ['prefill', 'profile', 'individual'], problems, now);
  if (prefill.profile.business) buildBusiness(prefill.profile.business, ['prefill', 'profile', 'business'], problems);
  problems.throwIfAny();
}
