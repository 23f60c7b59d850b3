/**
 * The signed-in session: the API key lives in this tab's sessionStorage only
 * (gone when the tab closes), never in the URL, a cookie or a log. A session
 * also ends after IDLE_MINUTES without activity (a click or a key press; the
 * pages' own refreshes do not count): the dashboard then asks for the key again (docs/decisions/1900-dashboard-stack-and-session.md).
 */
export const IDLE_MINUTES = 30;
const STORAGE_KEY = 'railyard.session';

export interface Session {
  publicKey: string;
  secret: string;
  platformID: string;
  /** Epoch ms after which the session has expired unless renewed by activity. */
  expiresAt: number;
}

export type SessionState = { kind: 'signed-in'; session: Session } | { kind: 'signed-out'; reason?: 'expired' | 'rejected' | 'signed-out' };

export function loadSession(now = Date.now()): SessionState {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return { kind: 'signed-out' };
  try {
    const session = JSON.parse(raw) as Session;
    if (typeof session.expiresAt !== 'number' || session.expiresAt <= now) {
      sessionStorage.removeItem(STORAGE_KEY);
      return { kind: 'signed-out', reason: 'expired' };
    }
    return { kind: 'signed-in', session };
  } catch {
    sessionStorage.removeItem(STORAGE_KEY);
    return { kind: 'signed-out' };
  }
}

export function saveSession(session: Omit<Session, 'expiresAt'>, now = Date.now()): Session {
  const stored = { ...session, expiresAt: now + IDLE_MINUTES * 60_000 };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  return stored;
}

/** Pushes the expiry back after activity; answers false when the session already expired. */
export function touchSession(now = Date.now()): boolean {
  const state = loadSession(now);
  if (state.kind !== 'signed-in') return false;
  saveSession(state.session, now);
  return true;
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** Splits `PUBLIC_KEY:SECRET` as printed at first start; undefined when it is not that shape. */
export function parseApiKey(text: string): { publicKey: string; secret: string } | undefined {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  if (colon <= 0 || colon === trimmed.length - 1) return undefined;
  return { publicKey: trimmed.slice(0, colon), secret: trimmed.slice(colon + 1) };
}
