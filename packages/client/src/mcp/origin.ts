/** Host names that always mean this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function parseOrigin(origin: string): URL | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `https://Example.com:443/` → `https://example.com`, so configured origins compare exactly. */
export function normalizeOrigin(origin: string): string {
  const url = parseOrigin(origin);
  if (!url) throw new Error(`not an http(s) origin: ${origin}`);
  return url.origin;
}

/**
 * Whether a request's `Origin` may reach the tools. Browsers send `Origin` on
 * cross-site requests, so refusing foreign ones stops a web page the user visits
 * from driving the user's payments API (the MCP spec's DNS-rebinding advice).
 * Non-browser clients send none and are allowed.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  const url = parseOrigin(origin);
  if (!url) return false;
  return LOOPBACK_HOSTS.has(url.hostname) || allowed.has(url.origin);
}

/** Whether a `Host` header names this machine: a rebinding attack names the attacker's host. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const url = parseOrigin(`http://${host}`);
  return url !== undefined && LOOPBACK_HOSTS.has(url.hostname);
}

export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK_HOSTS.has(address) || address.startsWith('127.');
}
