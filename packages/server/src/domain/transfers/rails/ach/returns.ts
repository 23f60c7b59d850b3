/**
 * Sandbox ACH returns by amount (docs/api-behaviour.md §8, values [U]; docs/sandbox.md
 * "ACH returns"). A transfer of exactly one of these amounts is returned with
 * the code: `clearing` returns arrive after origination, before the leg
 * completes (the transfer `failed`); `after-completion` returns arrive after
 * the transfer completed (the transfer `reversed`).
 */
export type ReturnPhase = 'clearing' | 'after-completion';
/** Which leg a trigger hits when the transfer has both: R03/R04 name a receiving account, the rest a debited one. */
export type ReturnedLegPreference = 'debit' | 'credit';

export interface AchReturnTrigger {
  code: string;
  reason: string;
  description: string;
  phase: ReturnPhase;
  prefers: ReturnedLegPreference;
}

export const ACH_RETURN_TRIGGERS: Readonly<Record<number, AchReturnTrigger>> = {
  5501: { code: 'R01', reason: 'Insufficient Funds', description: 'Available balance is not sufficient to cover the dollar value of the debit entry', phase: 'clearing', prefers: 'debit' },
  5502: { code: 'R02', reason: 'Account Closed', description: 'Previously active account has been closed by customer or RDFI', phase: 'clearing', prefers: 'debit' },
  5503: { code: 'R03', reason: 'No Account/Unable to Locate Account', description: 'Account number structure is valid, but does not match individual or open account', phase: 'after-completion', prefers: 'credit' },
  5504: { code: 'R04', reason: 'Invalid Account Number', description: 'Account number structure is not valid', phase: 'after-completion', prefers: 'credit' },
  5505: { code: 'R05', reason: 'Unauthorized Debit to Consumer Account Using Corporate SEC Code', description: 'A debit entry was transmitted to a consumer account that was not authorized by the receiver', phase: 'after-completion', prefers: 'debit' },
  5506: { code: 'R06', reason: "Returned per ODFI's Request", description: 'The ODFI has requested that the RDFI return the entry', phase: 'after-completion', prefers: 'debit' },
  5507: { code: 'R07', reason: 'Authorization Revoked by Customer', description: 'Consumer who previously authorized entries has revoked authorization with the originator', phase: 'after-completion', prefers: 'debit' },
};

export function returnTriggerFor(amountCents: number): AchReturnTrigger | undefined {
  return ACH_RETURN_TRIGGERS[amountCents];
}
