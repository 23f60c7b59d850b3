import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, SessionEnded } from './api.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Reads `path` (GET) and keeps the answer; `null` skips the read. With
 * `pollMs`, reads again on that interval while `keepPolling(data)` says so;
 * a new `refreshKey` reads again (a page bumps it after a change).
 */
export function useApi<T>(path: string | null, options: { pollMs?: number; keepPolling?: (data: T) => boolean; refreshKey?: unknown } = {}): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);
  const keepPolling = useRef(options.keepPolling);
  keepPolling.current = options.keepPolling;

  useEffect(() => {
    if (path === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await api<T>('GET', path);
        if (cancelled) return;
        setData(answer);
        setError(undefined);
        if (options.pollMs && (!keepPolling.current || keepPolling.current(answer))) timer = setTimeout(read, options.pollMs);
      } catch (caught) {
        if (cancelled || caught instanceof SessionEnded) return;
        setError(caught instanceof ApiError ? caught.message : String(caught));
      } finally {
        if (!cancelled) setLoading(false);
      }
    };
    setLoading(true);
    void read();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [path, tick, options.pollMs, options.refreshKey]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}
