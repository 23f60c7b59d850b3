import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/transfers/<id>`): the server serves one page for the whole
 * dashboard, and what follows `#` never reaches the server or its logs.
 */
export interface Route {
  /** Path segments after `#/`, e.g. ['accounts', '<id>']. */
  parts: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = raw.split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function navigate(to: string): void {
  location.hash = to.replace(/^#/, '');
}
