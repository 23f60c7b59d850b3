import type { z } from 'zod';
import type { ValidationMap } from '@railyard/contract';

/**
 * Turns zod issues into the API's 422 body: field names nest like the request,
 * array elements are keyed by index, messages read like Moov's ("cannot be blank").
 */
export function issuesToMap(issues: readonly z.core.$ZodIssue[]): ValidationMap {
  const root: ValidationMap = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const message = messageFor(issue);
    if (path.length === 0) {
      if (root['error'] === undefined) root['error'] = message;
      continue;
    }
    let node: ValidationMap = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      const next = node[key];
      if (typeof next === 'object') {
        node = next;
      } else if (next === undefined) {
        const created: ValidationMap = {};
        node[key] = created;
        node = created;
      } else {
        // A message already stands at a parent: it says enough for this field.
        node = {};
      }
    }
    const leaf = path[path.length - 1]!;
    if (node[leaf] === undefined) node[leaf] = message;
  }
  return root;
}

/**
 * A missing field is "cannot be blank". Parsed with `reportInput`, an issue
 * carries the input it refused; without it, zod's message names what it received.
 */
function isMissing(issue: z.core.$ZodIssue): boolean {
  if (issue.code !== 'invalid_type') return false;
  if ('input' in issue) return issue.input === undefined;
  return issue.message.endsWith('received undefined');
}

function messageFor(issue: z.core.$ZodIssue): string {
  if (isMissing(issue)) return 'cannot be blank';
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.join(', ')}`;
  if (issue.code === 'too_big' || issue.code === 'too_small') return boundMessage(issue);
  return issue.message;
}

/**
 * zod's own wording of a bound ("Too big: expected number to be <=200") in
 * Moov's (ozzo-validation: "must be no greater than 200"). A message a schema
 * set itself is kept.
 */
function boundMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  if (!/^Too (big|small):/.test(issue.message)) return issue.message;
  const big = issue.code === 'too_big';
  const limit = big ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum;
  const bound = issue.origin === 'date' ? new Date(Number(limit)).toISOString() : String(limit);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' || issue.origin === 'date') {
    if (big) return inclusive ? `must be no greater than ${bound}` : `must be less than ${bound}`;
    return inclusive ? `must be no less than ${bound}` : `must be greater than ${bound}`;
  }
  const what = issue.origin === 'string' ? 'the length' : 'the number of items';
  if (issue.exact) return `${what} must be exactly ${bound}`;
  return big ? `${what} must be no more than ${bound}` : `${what} must be no less than ${bound}`;
}
