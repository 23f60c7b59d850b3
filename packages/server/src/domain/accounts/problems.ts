import type { ValidationMap } from '@railyard/contract';
import { ValidationFailed } from '../../kernel/errors.ts';

/** Collects 422 messages at request paths; the first message for a path wins. */
export class Problems {
  readonly map: ValidationMap = {};

  add(path: readonly string[], message: string | undefined): void {
    if (message === undefined || path.length === 0) return;
    let node = this.map;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next === 'string') return; // a message already covers this subtree
      node = next ?? (node[key] = {});
    }
    const leaf = path[path.length - 1]!;
    if (node[leaf] === undefined) node[leaf] = message;
  }

  /** Adds each message of a flat `{field: message}` record under `path`. */
  addAll(path: readonly string[], messages: Record<string, string | undefined>): void {
    for (const [field, message] of Object.entries(messages)) this.add([...path, field], message);
  }

  get empty(): boolean {
    return Object.keys(this.map).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw new ValidationFailed(this.map);
  }
}

/** Trimmed text, or undefined for absent or blank: optional fields treat "" as "not given". */
export function optionalText(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
