/**
 * Per-field refusal messages, keyed like the request body. The API's 422 bodies
 * come from Go's ozzo-validation, so the messages here use its wording
 * ("cannot be blank", "the length must be between 4 and 17", …) and
 * `summarizeFieldErrors` reproduces its `Errors.Error()` text for the places
 * where the API folds a whole object into one string (e.g. `{"account": "…"}`).
 */
export type FieldErrors = { [field: string]: string | FieldErrors };

/** A check either yields a normalized value or the fields it refuses. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export const MESSAGES = {
  blank: 'cannot be blank',
  digitsOnly: 'must contain digits only',
  invalidValue: 'must be a valid value',
  mustBeString: 'must be a string',
} as const;

export function lengthBetween(min: number, max: number): string {
  return `the length must be between ${min} and ${max}`;
}

export function lengthExactly(length: number): string {
  return `the length must be exactly ${length}`;
}

export function lengthAtMost(max: number): string {
  return `the length must be no more than ${max}`;
}

/**
 * `{b: "x", a: {c: "y"}}` → `a: (c: y.); b: x.`: keys sorted, nested maps in
 * parentheses, one trailing period, as ozzo-validation prints them.
 */
export function summarizeFieldErrors(errors: FieldErrors): string {
  const keys = Object.keys(errors).sort();
  if (keys.length === 0) return '';
  const parts = keys.map((key) => {
    const value = errors[key] as string | FieldErrors;
    return typeof value === 'string' ? `${key}: ${value}` : `${key}: (${summarizeFieldErrors(value)})`;
  });
  return `${parts.join('; ')}.`;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Digits 0-9 only (no signs, spaces or separators), at least one. */
export function isDigits(value: string): boolean {
  return /^[0-9]+$/.test(value);
}
