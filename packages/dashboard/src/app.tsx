import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { whenSessionEnds } from './api.ts';
import { clearSession, loadSession, touchSession, type SessionState } from './session.ts';
import { href, useRoute } from './router.ts';
import { SECTIONS } from './sections.ts';
import { SignInPage } from './pages/sign-in.tsx';
import { ClockBadge } from './components/clock-badge.tsx';

export function App() {
  const [state, setState] = useState<SessionState>(() => loadSession());

  useEffect(() => {
    whenSessionEnds((reason) => setState({ kind: 'signed-out', reason }));
    // An idle tab finds out its session expired without waiting for a click.
    const timer = setInterval(() => {
      const now = loadSession();
      if (now.kind === 'signed-out') setState((current) => (current.kind === 'signed-in' ? now : current));
    }, 15_000);
    // Activity is what a person does: a click or a key renews the session (at most every 10 s).
    let lastTouch = 0;
    const onActivity = () => {
      if (Date.now() - lastTouch < 10_000) return;
      lastTouch = Date.now();
      if (!touchSession()) setState((current) => (current.kind === 'signed-in' ? { kind: 'signed-out', reason: 'expired' } : current));
    };
    addEventListener('pointerdown', onActivity, { capture: true });
    addEventListener('keydown', onActivity, { capture: true });
    return () => {
      clearInterval(timer);
      removeEventListener('pointerdown', onActivity, { capture: true });
      removeEventListener('keydown', onActivity, { capture: true });
    };
  }, []);

  if (state.kind === 'signed-out') return <SignInPage reason={state.reason} onSignedIn={(session) => setState({ kind: 'signed-in', session })} />;
  return (
    <Shell
      platformID={state.session.platformID}
      onSignOut={() => {
        clearSession();
        setState({ kind: 'signed-out', reason: 'signed-out' });
      }}
    />
  );
}

function Shell({ platformID, onSignOut }: { platformID: string; onSignOut: () => void }) {
  const route = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  const section = SECTIONS.find((candidate) => candidate.id === route.parts[0]) ?? SECTIONS[0]!;
  const id = route.parts[1];
  const Page = id && section.detail ? section.detail : section.list;

  const firstRender = useRef(true);
  // A layout effect runs before the browser paints the new page, so the menu is never seen open
  // over a section it has just opened.
  useLayoutEffect(() => {
    setMenuOpen(false);
    // After a navigation (not on the first load, whose focus starts at the top), move focus to the
    // page's heading, so keyboard and screen reader users land on the new content.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [route.parts.join('/')]);

  return (
    <div class="shell">
      <a class="skip-link" href="#main" onClick={(event) => { event.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href={href('accounts')}>
          <span class="brand-mark" aria-hidden="true">◆</span> Railyard
          <span class="brand-tag">sandbox</span>
        </a>
        <button type="button" class="menu-button" aria-expanded={menuOpen ? 'true' : 'false'} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <div class="topbar-right">
          <ClockBadge />
          <span class="platform" title="The platform this API key belongs to">
            Platform <code>{platformID.slice(0, 8)}</code>
          </span>
          <a class="topbar-link" href="/docs" target="_blank" rel="noopener">
            API reference
          </a>
          <button type="button" class="button button-secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="nav" class={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Sections">
        <ul>
          {SECTIONS.map((candidate) => (
            <li key={candidate.id}>
              <a href={href(candidate.id)} aria-current={candidate.id === section.id ? 'page' : undefined}>
                {candidate.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Page route={route} id={id ?? ''} platformID={platformID} />
      </main>
    </div>
  );
}
