import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Parses flags strictly: an unknown flag is an error with a usage hint, not silence. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options, strict: true, allowPositionals: false });
}

export class UsageError extends Error {}
