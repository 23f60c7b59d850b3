import type { Sql } from '../../store/port.ts';
import { findTosToken, useTosToken } from '../../store/repos/accounts.ts';
import { hashSecret } from '../auth/secrets.ts';
import * as rules from './rules.ts';
import { optionalText, type Problems } from './problems.ts';

/*
 * Terms-of-service acceptance, by token (GET /tos-token captured who accepted,
 * from where) or by a manual record the platform sends.
 */

export interface TermsInput {
  token?: string | undefined;
  manual?:
    | { acceptedDate?: string | undefined; acceptedIP?: string | undefined; acceptedUserAgent?: string | undefined; acceptedDomain?: string | undefined }
    | undefined;
}

/** What the account shows (`termsOfService`) and what is kept privately with it. */
export interface Acceptance {
  shown: { acceptedDate: string; acceptedIP: string };
  kept: { method: 'token' | 'manual'; userAgent: string; domain: string };
}

/** How far in the future a manual acceptance date may be, for clock skew between machines. */
const CLOCK_SKEW_MS = 5 * 60_000;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** Checks a manual acceptance record; answers it normalised, or undefined when something is wrong. */
export function checkManualTerms(input: TermsInput, now: Date, problems: Problems): Acceptance | undefined {
  const path = ['termsOfService'];
  const token = optionalText(input.token);
  if (token !== undefined && input.manual) {
    problems.add([...path, 'token'], 'send either token or manual, not both');
    return undefined;
  }
  if (token !== undefined) return undefined; // resolved against the store by resolveTermsToken
  if (!input.manual) {
    problems.add([...path, 'token'], 'cannot be blank');
    return undefined;
  }
  const manualPath = [...path, 'manual'];
  const date = optionalText(input.manual.acceptedDate);
  let when: Date | undefined;
  if (date === undefined) problems.add([...manualPath, 'acceptedDate'], 'cannot be blank');
  else if (!RFC3339.test(date) || Number.isNaN(new Date(date).getTime())) problems.add([...manualPath, 'acceptedDate'], 'must be an RFC 3339 date-time');
  else if (new Date(date).getTime() > now.getTime() + CLOCK_SKEW_MS) problems.add([...manualPath, 'acceptedDate'], 'must not be in the future');
  else when = new Date(date);
  const ip = optionalText(input.manual.acceptedIP);
  problems.add([...manualPath, 'acceptedIP'], ip === undefined ? 'cannot be blank' : rules.ipAddress(ip));
  const userAgent = optionalText(input.manual.acceptedUserAgent);
  if (userAgent === undefined) problems.add([...manualPath, 'acceptedUserAgent'], 'cannot be blank');
  const domain = optionalText(input.manual.acceptedDomain);
  problems.add([...manualPath, 'acceptedDomain'], domain === undefined ? 'cannot be blank' : rules.website(domain));
  if (!when || ip === undefined || rules.ipAddress(ip) || userAgent === undefined || domain === undefined || rules.website(domain)) {
    return undefined;
  }
  return {
    shown: { acceptedDate: when.toISOString(), acceptedIP: ip },
    kept: { method: 'manual', userAgent, domain },
  };
}

/**
 * Resolves a token inside the unit of work and claims it for the account. A
 * token is the caller's own and is used once: an unknown token, another
 * platform's, or one another account used are all "not a valid token".
 */
export async function resolveTermsToken(
  sql: Sql,
  token: string,
  platformID: string,
  accountID: string,
  now: string,
  problems: Problems,
): Promise<Acceptance | undefined> {
  const hash = hashSecret(token);
  const row = await findTosToken(sql, hash);
  if (!row || row.platform_id !== platformID || !(await useTosToken(sql, hash, accountID, now))) {
    problems.add(['termsOfService', 'token'], 'must be a valid, unused terms of service token');
    return undefined;
  }
  return {
    shown: { acceptedDate: row.created_on, acceptedIP: row.ip },
    kept: { method: 'token', userAgent: row.user_agent, domain: row.origin },
  };
}
