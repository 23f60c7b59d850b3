import { parseArgs } from 'node:util';

/** A command's flags: each takes a value or is a switch; `multiple` collects repeats into a list. */
export type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
type FlagValue<F extends FlagSpec[string]> = F['type'] extends 'string' ? string : boolean;
export type FlagValues<T extends FlagSpec> = {
  [K in keyof T]?: T[K]['multiple'] extends true ? Array<FlagValue<T[K]>> : FlagValue<T[K]>;
};

export class UsageError extends Error {}

/**
 * A whole number from 1 to `max` given to `flag` (or its environment variable), surrounding
 * blanks allowed; absent or blank answers undefined. Anything else is a usage error naming the range.
 */
export function parseCount(flag: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const digits = text.trim();
  const value = digits.length <= String(max).length && /^\d+$/.test(digits) ? Number(digits) : NaN;
  if (!(value >= 1 && value <= max)) throw new UsageError(`${flag} must be 1 to ${max}, not ${text}`);
  return value;
}

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

/**
 * Warns on stderr that a secret was given as a command-line flag: every user of
 * the machine can read a process's arguments (`ps`, /proc/PID/cmdline), and
 * shells keep them in their history. The environment variable does not show.
 */
export function warnSecretFlag(flag: string, environmentVariable: string): void {
  process.stderr.write(
    `railyard: warning: ${flag} puts a secret in the process list (ps) and the shell history; ` +
      `set ${environmentVariable} in the environment instead\n`,
  );
}

/** Whether a database URL carries a password (`postgres://user:password@host/db`). */
export function databaseUrlHasPassword(url: string): boolean {
  try {
    return new URL(url).password !== '';
  } catch {
    return false;
  }
}

/** `--db` if given (with a warning when it holds a password), else DATABASE_URL, else the default. */
export function databaseUrlFrom(flag: string | undefined, fallback: string): string {
  if (flag !== undefined && databaseUrlHasPassword(flag)) warnSecretFlag('--db with a password', 'DATABASE_URL');
  return flag ?? process.env['DATABASE_URL'] ?? fallback;
}
