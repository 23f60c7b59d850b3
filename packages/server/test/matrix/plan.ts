import { fillScope, operations, type OperationDef } from '@railyard/contract';
import { seedFor, type PlatformSeeds } from '../support/matrix-seeds.ts';
import { EXEMPT_OPERATIONS } from './exemptions.ts';
import { OPERATION_SEEDS, REQUESTS, type MatrixRequest } from './requests.ts';

/**
 * What the matrix derives from one registry operation: its path parameters,
 * which account its `{accountID}` names, the values a platform fills them
 * with, and the scopes a token needs for that exact request.
 */

export const registry = operations as readonly OperationDef[];

/** The operations the matrix checks: every `api` operation that is not exempt, in registry order. */
export const covered = registry.filter((op) => op.auth === 'api' && !Object.hasOwn(EXEMPT_OPERATIONS, op.id));

export function pathParams(op: Pick<OperationDef, 'path'>): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/**
 * Operations whose `{accountID}` names the platform's own account though
 * their scopes are not transfer scopes (and no other path parameter says).
 */
const PLATFORM_ACCOUNT_OPERATIONS: ReadonlySet<string> = new Set(['accounts.listConnected']);

/** Transfer scopes name the partner (facilitator) account (docs/api-behaviour.md §1.3). */
function namesPartnerAccount(op: OperationDef): boolean {
  return PLATFORM_ACCOUNT_OPERATIONS.has(op.id) || op.scopes.some((scope) => /\/transfers\.(read|write)$/.test(scope));
}

/** The seed that fills each path parameter of `op` (a parameter's seed may pick its neighbours', e.g. a cancellation's transfer). */
export function seedNames(op: OperationDef): Record<string, string> {
  const names: Record<string, string> = {};
  for (const name of pathParams(op)) names[name] = name;
  for (const name of pathParams(op)) {
    for (const [other, seedName] of Object.entries(seedFor(name)?.context ?? {})) {
      if (other in names) names[other] = seedName;
    }
  }
  for (const [param, seedName] of Object.entries(OPERATION_SEEDS[op.id] ?? {})) if (param in names) names[param] = seedName;
  return names;
}

export interface Filled {
  /** Path parameter → value. */
  params: Record<string, string>;
  /** The platform's seeds with the path's values in place: what request templates read. */
  ids: Record<string, string>;
  /** The account `{accountID}` in the operation's scopes stands for (the pipeline's rule: the path's, else the caller's own). */
  scopeAccountID: string;
}

/** The values platform `seeds` fills `op`'s path with. */
export async function fill(op: OperationDef, seeds: PlatformSeeds, all: Record<string, string>): Promise<Filled> {
  const names = seedNames(op);
  const params: Record<string, string> = {};
  let owner: string | undefined;
  for (const [param, seedName] of Object.entries(names)) {
    if (param === 'accountID') continue;
    params[param] = await seeds.value(seedName);
    owner ??= await seeds.accountOf(seedName);
  }
  if ('accountID' in names) {
    params['accountID'] = owner ?? (namesPartnerAccount(op) ? seeds.p.platformAccountID : await seeds.value('accountID'));
  }
  return { params, ids: { ...all, ...params }, scopeAccountID: params['accountID'] ?? seeds.p.platformAccountID };
}

export function pathOf(op: OperationDef, params: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}

export function requestFor(op: OperationDef, ids: Record<string, string>): MatrixRequest {
  return REQUESTS[op.id]?.(ids) ?? {};
}

/** The scopes a token needs for `op` on an account, as the pipeline fills them (lower-cased). */
export function scopesFor(op: OperationDef, accountID: string): string[] {
  return op.scopes.map((template) => fillScope(template, { accountID }).toLowerCase());
}

/** Every scope the registry's operations can ask for, filled for one account. */
export function everyScope(accountID: string): string[] {
  const all = new Set<string>();
  for (const op of registry) for (const scope of scopesFor(op, accountID)) all.add(scope);
  return [...all].sort();
}

export function isAccountBound(op: OperationDef): boolean {
  return op.scopes.some((template) => template.includes('{accountID}'));
}

/** Writes the matrix sends last: they may take the seeds away. */
export function isDestructive(op: OperationDef): boolean {
  return op.method === 'DELETE';
}

/**
 * The seeds an operation's request (body, headers, query) names apart from
 * its path (a transfer's payment methods, a receipt's transfer, a
 * connection's principal): the template is called with IDs that record
 * which of them it reads.
 */
export function namedInRequest(op: OperationDef): string[] {
  const template = REQUESTS[op.id];
  if (!template) return [];
  const read = new Set<string>();
  const ids = new Proxy({} as Record<string, string>, {
    get: (_, name) => {
      if (typeof name === 'string') read.add(name);
      return `00000000-0000-4000-8000-${String(read.size).padStart(12, '0')}`;
    },
  });
  template(ids);
  return [...read].filter((name) => !pathParams(op).includes(name) && !seedFor(name)?.shared);
}
