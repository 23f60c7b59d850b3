/**
 * API versions, as the `X-Moov-Version` header names them.
 *
 * Why a floor: Moov answers a well-formed but unknown version with the newest
 * supported version that is not newer than the one asked for (docs/api-behaviour.md §2).
 */
export const SUPPORTED_VERSIONS = ['v2024.01.00', 'v2026.01.00'] as const;
export type ApiVersion = (typeof SUPPORTED_VERSIONS)[number];

/** What a request without the header gets ("preVersioned"). */
export const DEFAULT_VERSION: ApiVersion = 'v2024.01.00';
/** The version the domain speaks; older ones are transforms at the edge. */
export const NEWEST_VERSION: ApiVersion = 'v2026.01.00';

const VERSION_PATTERN = /^v(\d{4})\.(\d{2})\.(\d{2})$/;

export type VersionResolution =
  | { ok: true; version: ApiVersion }
  | { ok: false; reason: 'malformed' };

/** Compares two well-formed version strings; they sort lexically by design. */
function notNewerThan(candidate: string, requested: string): boolean {
  return candidate <= requested;
}

export function resolveVersion(header: string | undefined): VersionResolution {
  if (header === undefined || header === '') return { ok: true, version: DEFAULT_VERSION };
  const trimmed = header.trim();
  const match = VERSION_PATTERN.exec(trimmed);
  if (!match) return { ok: false, reason: 'malformed' };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, reason: 'malformed' };
  let chosen: ApiVersion = DEFAULT_VERSION;
  for (const version of SUPPORTED_VERSIONS) {
    if (notNewerThan(version, trimmed)) chosen = version;
  }
  return { ok: true, version: chosen };
}

export function isAtLeast(version: ApiVersion, floor: ApiVersion): boolean {
  return version >= floor;
}
