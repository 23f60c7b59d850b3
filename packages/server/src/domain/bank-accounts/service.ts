import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import { UniqueViolation, type Sql, type Store } from '../../store/port.ts';
import {
  countLiveBankAccounts,
  disableBankAccountRow,
  findLiveBankAccount,
  findLiveBankAccountByFingerprint,
  insertBankAccount,
  listLiveBankAccounts,
  updateBankAccountState,
  type BankAccountRow,
} from '../../store/repos/bank-accounts.ts';
import { paymentMethodRowsOfAccount } from '../../store/repos/payment-methods.ts';
import type { Caller } from '../auth/caller.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { offsetClock } from '../../kernel/platform-clock.ts';
import { readClockOffset } from '../../store/repos/platform-clocks.ts';
import { BadRequest, Conflict, NotFound, type DomainError } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { lastFour } from '../sources/account-number.ts';
import { NEW_BANK_ACCOUNT } from '../sources/bank-account-status.ts';
import { bankAccountFingerprint } from '../sources/fingerprint.ts';
import type { RandomInt } from '../sources/microdeposits.ts';
import type { SourceSecrets } from '../sources/source-secrets.ts';
import { bankFor } from './bank-directory.ts';
import { MAX_BANK_ACCOUNTS_PER_ACCOUNT } from '../sources/bank-account-limits.ts';
import { readLinkBody } from './link-input.ts';
import { ownerAccount } from './owner.ts';
import { recordOf, standingChanged, stateColumns, type VerificationRecord } from '../sources/bank-account-record.ts';
import {
  completeInstant,
  completeMicro,
  expireRounds,
  initiateInstant,
  initiateMicro,
  verificationView,
  type StepResult,
  type VerificationView,
} from './verification-steps.ts';
import { bankAccountView, type BankAccountView } from '../sources/bank-account-view.ts';

/**
 * Linking, listing, disabling and verifying bank accounts. Every change runs
 * in one unit of work with its `bankAccount.*` event and the refresh of the
 * account's payment methods, so they commit together or not at all.
 */
export class BankAccountService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly secrets: SourceSecrets,
    private readonly randomInt: RandomInt = cryptoRandomInt,
  ) {}

  async link(
    caller: Caller,
    accountID: string,
    body: Record<string, unknown>,
    options: { withPaymentMethods: boolean; allowGuestHolder: boolean },
  ): Promise<BankAccountView> {
    const details = readLinkBody(body, options);
    const bankAccountID = randomUUID();
    const fingerprint = bankAccountFingerprint(this.secrets.fingerprintKey, caller.platformID, details);
    // The bank account ID is the seal's context: the sealed number opens only on its own row.
    const sealed = this.secrets.sealer.seal(details.accountNumber, bankAccountID);
    const bank = bankFor(details.routingNumber);
    try {
      return await this.store.write(async (sql) => {
        await ownerAccount(sql, caller, accountID, 'write');
        const clock = await platformClockIn(sql, this.clock, caller.platformID);
        const existing = await findLiveBankAccountByFingerprint(sql, accountID, fingerprint);
        if (existing) throw duplicate(existing.bank_account_id);
        if ((await countLiveBankAccounts(sql, accountID)) >= MAX_BANK_ACCOUNTS_PER_ACCOUNT) {
          throw new BadRequest(`an account can have at most ${MAX_BANK_ACCOUNTS_PER_ACCOUNT} linked bank accounts`);
        }
        const now = timestamp(clock);
        const row: BankAccountRow = {
          bank_account_id: bankAccountID,
          platform_id: caller.platformID,
          account_id: accountID,
          fingerprint,
          holder_name: details.holderName,
          holder_type: details.holderType,
          bank_account_type: details.bankAccountType,
          routing_number: details.routingNumber,
          last_four_account_number: lastFour(details.accountNumber),
          account_number_sealed: sealed,
          bank_name: bank.bankName,
          rtp: bank.rtp ? 1 : 0,
          fednow: bank.fedNow ? 1 : 0,
          status: NEW_BANK_ACCOUNT.status,
          status_reason: NEW_BANK_ACCOUNT.statusReason,
          failed_rounds: NEW_BANK_ACCOUNT.failedRounds,
          exception_details: null,
          micro_deposits: null,
          instant_verification: null,
          created_on: now,
          updated_on: now,
          disabled_on: null,
        };
        await insertBankAccount(sql, row);
        await recordEvent(sql, clock, caller.platformID, 'bankAccount.created', { bankAccountID, accountID, status: NEW_BANK_ACCOUNT.status });
        await refreshPaymentMethods(sql, clock, caller.platformID, accountID);
        const view = bankAccountView(row);
        if (options.withPaymentMethods) view.paymentMethods = await livePaymentMethodsOf(sql, accountID, bankAccountID);
        return view;
      });
    } catch (error) {
      // Two links of the same bank account raced: the partial unique index kept one.
      if (error instanceof UniqueViolation) throw duplicate(undefined);
      throw error;
    }
  }

  async list(caller: Caller, accountID: string): Promise<BankAccountView[]> {
    const { rows, now } = await this.store.read(async (sql) => {
      await ownerAccount(sql, caller, accountID, 'read');
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      return { rows: await listLiveBankAccounts(sql, accountID, MAX_BANK_ACCOUNTS_PER_ACCOUNT), now: clock.now() };
    });
    if (!rows.some((row) => expiryDue(row, now))) return rows.map(bankAccountView);
    return this.store.write(async (sql) => {
      await ownerAccount(sql, caller, accountID, 'read');
      const fresh = await listLiveBankAccounts(sql, accountID, MAX_BANK_ACCOUNTS_PER_ACCOUNT);
      const settled: BankAccountRow[] = [];
      for (const row of fresh) settled.push((await this.settle(sql, caller, row, onlyExpiries)).row);
      return settled.map(bankAccountView);
    });
  }

  async get(caller: Caller, accountID: string, bankAccountID: string): Promise<BankAccountView> {
    return bankAccountView(await this.current(caller, accountID, bankAccountID));
  }

  async disable(caller: Caller, accountID: string, bankAccountID: string): Promise<void> {
    await this.store.write(async (sql) => {
      await ownerAccount(sql, caller, accountID, 'write');
      const row = await findLiveBankAccount(sql, accountID, bankAccountID);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      if (!row || !(await disableBankAccountRow(sql, bankAccountID, timestamp(clock)))) throw new NotFound('bank account');
      await recordEvent(sql, clock, caller.platformID, 'bankAccount.deleted', { bankAccountID, accountID });
      await refreshPaymentMethods(sql, clock, caller.platformID, accountID);
    });
  }

  async initiateMicroDeposits(caller: Caller, accountID: string, bankAccountID: string): Promise<void> {
    await this.step(caller, accountID, bankAccountID, (record, row, now) =>
      initiateMicro(record, { now, sandbox: isSandbox(row), randomInt: this.randomInt }),
    );
  }

  async completeMicroDeposits(caller: Caller, accountID: string, bankAccountID: string, amounts: unknown): Promise<{ status: 'verified' }> {
    return this.step(caller, accountID, bankAccountID, (record, _row, now) => completeMicro(record, amounts, now));
  }

  async initiateVerification(caller: Caller, accountID: string, bankAccountID: string): Promise<VerificationView> {
    return this.step(caller, accountID, bankAccountID, (record, row, now) =>
      initiateInstant(record, {
        now,
        sandbox: isSandbox(row),
        randomInt: this.randomInt,
        bank: { rtp: row.bankRtp, fedNow: row.bankFedNow },
      }),
    );
  }

  async completeVerification(caller: Caller, accountID: string, bankAccountID: string, code: unknown): Promise<VerificationView> {
    return this.step(caller, accountID, bankAccountID, (record, _row, now) => completeInstant(record, code, now));
  }

  async getVerification(caller: Caller, accountID: string, bankAccountID: string): Promise<VerificationView> {
    const row = await this.current(caller, accountID, bankAccountID);
    const round = recordOf(row).instant;
    if (!round) throw new NotFound('verification');
    return verificationView(round);
  }

  // ---------------------------------------------------------------- helpers

  /** A live bank account with any expiry that fell due applied (and stored, with its event). */
  private async current(caller: Caller, accountID: string, bankAccountID: string): Promise<BankAccountRow> {
    const { row, now } = await this.store.read(async (sql) => {
      await ownerAccount(sql, caller, accountID, 'read');
      const found = await findLiveBankAccount(sql, accountID, bankAccountID);
      if (!found) throw new NotFound('bank account');
      return { row: found, now: (await platformClockIn(sql, this.clock, caller.platformID)).now() };
    });
    if (!expiryDue(row, now)) return row;
    return this.store.write(async (sql) => {
      await ownerAccount(sql, caller, accountID, 'read');
      const found = await findLiveBankAccount(sql, accountID, bankAccountID);
      if (!found) throw new NotFound('bank account');
      return (await this.settle(sql, caller, found, onlyExpiries)).row;
    });
  }

  /**
   * Runs one verification step in a unit of work. A refusal the step decides
   * (wrong amounts, a spent round) is thrown only after the commit, so the
   * attempt it used, or an expiry found on the way, is kept.
   */
  private async step<T>(
    caller: Caller,
    accountID: string,
    bankAccountID: string,
    apply: (record: VerificationRecord, row: BankRow, now: Date) => StepResult<T>,
  ): Promise<T> {
    const outcome = await this.store.write(async (sql) => {
      const owner = await ownerAccount(sql, caller, accountID, 'write');
      const row = await findLiveBankAccount(sql, accountID, bankAccountID);
      if (!row) throw new NotFound('bank account');
      return (await this.settle(sql, caller, row, apply, owner.mode)).outcome;
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** Applies due expiries and `apply`, stores what changed, and writes the event and payment-method refresh. */
  private async settle<T>(
    sql: Sql,
    caller: Caller,
    row: BankAccountRow,
    apply: (record: VerificationRecord, row: BankRow, now: Date) => StepResult<T>,
    ownerMode = 'sandbox',
  ): Promise<{ row: BankAccountRow; outcome: StepOutcome<T> }> {
    const clock = await platformClockIn(sql, this.clock, caller.platformID);
    const now = clock.now();
    const before = recordOf(row);
    const result = apply(expireRounds(before, now), bankRow(row, ownerMode), now);
    const nowText = now.toISOString();
    const columns = stateColumns(result.record, nowText);
    const unchanged = JSON.stringify({ ...stateColumns(before, nowText) }) === JSON.stringify(columns);
    if (unchanged) return { row, outcome: result.outcome };
    if (!(await updateBankAccountState(sql, row.bank_account_id, columns))) throw new NotFound('bank account');
    const stored: BankAccountRow = { ...row, ...columns };
    if (standingChanged(before, result.record)) {
      await recordEvent(sql, clock, caller.platformID, 'bankAccount.updated', {
        bankAccountID: row.bank_account_id,
        accountID: row.account_id,
        status: result.record.standing.status,
        statusReason: result.record.standing.statusReason,
        ...(result.record.exceptionDetails ? { exceptionDetails: result.record.exceptionDetails } : {}),
      });
      await refreshPaymentMethods(sql, clock, caller.platformID, row.account_id);
    }
    return { row: stored, outcome: result.outcome };
  }
}

type StepOutcome<T> = StepResult<T>['outcome'];

/** A step that changes nothing itself: `settle` still applies the expiries that fell due. */
const onlyExpiries = (record: VerificationRecord): StepResult<undefined> => ({ record, outcome: { ok: true, value: undefined } });

/** What a step may know besides the record: the owner's mode and the bank's rails. */
export interface BankRow {
  /** The owning account's `mode`: sandbox micro-deposits are $0.00 and the instant code is 0000. */
  mode: string;
  bankRtp: boolean;
  bankFedNow: boolean;
}

function bankRow(row: BankAccountRow, ownerMode: string): BankRow {
  return { mode: ownerMode, bankRtp: row.rtp === 1, bankFedNow: row.fednow === 1 };
}

function isSandbox(row: BankRow): boolean {
  return row.mode !== 'production';
}

/**
 * The platform's clock (real time plus its sandbox offset), read in the unit
 * of work: verification rounds expire on the time a tester has advanced to.
 */
async function platformClockIn(sql: Sql, base: Clock, platformID: string): Promise<Clock> {
  return offsetClock(base, await readClockOffset(sql, platformID));
}

function expiryDue(row: BankAccountRow, now: Date): boolean {
  const record = recordOf(row);
  return expireRounds(record, now) !== record;
}

function duplicate(existingID: string | undefined): DomainError {
  return new Conflict(
    existingID
      ? `this bank account is already linked to the account as ${existingID}`
      : 'this bank account is already linked to the account',
  );
}

async function livePaymentMethodsOf(sql: Sql, accountID: string, bankAccountID: string) {
  const rows = await paymentMethodRowsOfAccount(sql, accountID);
  return rows
    .filter((row) => row.source_id === bankAccountID && row.disabled_on === null)
    .map((row) => ({ paymentMethodID: row.payment_method_id, paymentMethodType: row.payment_method_type }));
}
