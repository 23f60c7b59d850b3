import { parseArgs } from 'node:util';

/** A command's flags: each takes a value or is a switch; `multiple` collects repeats into a list. */
export type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
type FlagValue<F extends FlagSpec[string]> = F['type'] extends 'string' ? string : boolean;
export type FlagValues<T extends FlagSpec> = {
  [K in keyof T]?: T[K]['multiple'] extends true ? Array<FlagValue<T[K]>> : FlagValue<T[K]>;
};

export class UsageError extends Error {}

/**
 * Parses flags strictly: an unknown flag, a missing value or a stray argument
 * is a usage error (exit 2 with the usage text), never silently ignored.
 */
export function parseFlags<T extends FlagSpec>(argv: string[], options: T): { values: FlagValues<T> } {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values: values as FlagValues<T> };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
