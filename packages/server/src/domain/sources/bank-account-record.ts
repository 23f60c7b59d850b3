import type { BankAccountRow, BankAccountStateColumns } from '../../store/repos/bank-accounts.ts';
import type { BankAccountStanding, BankAccountStatus, BankAccountStatusReason } from './bank-account-status.ts';
import type { InstantVerificationRound, VerificationException } from './instant-verification.ts';
import type { MicroDepositRound } from './microdeposits.ts';

/**
 * A bank account's verification record: its standing, the latest round of
 * each method and the rail's exception, converted between the row's columns
 * (JSON text, RFC 3339 dates) and the values the pure state machines take.
 */
export interface VerificationRecord {
  standing: BankAccountStanding;
  exceptionDetails: VerificationException | undefined;
  micro: MicroDepositRound | undefined;
  instant: InstantVerificationRound | undefined;
}

interface StoredMicroRound {
  amounts: [number, number];
  initiatedOn: string;
  expiresOn: string;
  failedAttempts: number;
  open: boolean;
}

interface StoredInstantRound {
  verificationMethod: InstantVerificationRound['verificationMethod'];
  status: InstantVerificationRound['status'];
  code: string;
  initiatedOn: string;
  expiresOn: string;
  failedAttempts: number;
  exceptionDetails?: VerificationException;
}

export function recordOf(row: BankAccountRow): VerificationRecord {
  return {
    standing: {
      status: row.status as BankAccountStatus,
      statusReason: row.status_reason as BankAccountStatusReason,
      failedRounds: Number(row.failed_rounds),
    },
    exceptionDetails: row.exception_details ? (JSON.parse(row.exception_details) as VerificationException) : undefined,
    micro: row.micro_deposits ? microFromJson(JSON.parse(row.micro_deposits) as StoredMicroRound) : undefined,
    instant: row.instant_verification ? instantFromJson(JSON.parse(row.instant_verification) as StoredInstantRound) : undefined,
  };
}

export function stateColumns(record: VerificationRecord, updatedOn: string): BankAccountStateColumns {
  return {
    status: record.standing.status,
    status_reason: record.standing.statusReason,
    failed_rounds: record.standing.failedRounds,
    exception_details: record.exceptionDetails ? JSON.stringify(record.exceptionDetails) : null,
    micro_deposits: record.micro ? JSON.stringify(microToJson(record.micro)) : null,
    instant_verification: record.instant ? JSON.stringify(instantToJson(record.instant)) : null,
    updated_on: updatedOn,
  };
}

/** Whether two records differ in what a caller can see (status, reason, exception). */
export function standingChanged(before: VerificationRecord, after: VerificationRecord): boolean {
  return (
    before.standing.status !== after.standing.status ||
    before.standing.statusReason !== after.standing.statusReason ||
    JSON.stringify(before.exceptionDetails) !== JSON.stringify(after.exceptionDetails)
  );
}

function microFromJson(stored: StoredMicroRound): MicroDepositRound {
  return {
    amounts: [stored.amounts[0], stored.amounts[1]],
    initiatedOn: new Date(stored.initiatedOn),
    expiresOn: new Date(stored.expiresOn),
    failedAttempts: stored.failedAttempts,
    open: stored.open,
  };
}

function microToJson(round: MicroDepositRound): StoredMicroRound {
  return {
    amounts: [round.amounts[0], round.amounts[1]],
    initiatedOn: round.initiatedOn.toISOString(),
    expiresOn: round.expiresOn.toISOString(),
    failedAttempts: round.failedAttempts,
    open: round.open,
  };
}

function instantFromJson(stored: StoredInstantRound): InstantVerificationRound {
  return {
    verificationMethod: stored.verificationMethod,
    status: stored.status,
    code: stored.code,
    initiatedOn: new Date(stored.initiatedOn),
    expiresOn: new Date(stored.expiresOn),
    failedAttempts: stored.failedAttempts,
    ...(stored.exceptionDetails ? { exceptionDetails: stored.exceptionDetails } : {}),
  };
}

function instantToJson(round: InstantVerificationRound): StoredInstantRound {
  return {
    verificationMethod: round.verificationMethod,
    status: round.status,
    code: round.code,
    initiatedOn: round.initiatedOn.toISOString(),
    expiresOn: round.expiresOn.toISOString(),
    failedAttempts: round.failedAttempts,
    ...(round.exceptionDetails ? { exceptionDetails: round.exceptionDetails } : {}),
  };
}
