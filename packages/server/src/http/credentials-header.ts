/** Parsed `Authorization` header. */
export type AuthorizationHeader =
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'none' }
  | { kind: 'malformed' };

const MAX_HEADER_LENGTH = 2048;

export function parseAuthorization(header: string | undefined): AuthorizationHeader {
  if (header === undefined || header === '') return { kind: 'none' };
  if (header.length > MAX_HEADER_LENGTH) return { kind: 'malformed' };
  const space = header.indexOf(' ');
  if (space <= 0) return { kind: 'malformed' };
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (scheme === 'bearer') return value ? { kind: 'bearer', token: value } : { kind: 'malformed' };
  if (scheme !== 'basic') return { kind: 'malformed' };
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { kind: 'malformed' };
  return { kind: 'basic', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
