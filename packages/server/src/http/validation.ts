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
  return issue.message;
}
