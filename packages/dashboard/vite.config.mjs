import { defineConfig } from 'vite';

// The dashboard is served by Railyard at /dashboard/ (packages/server/src/http/static-pages.ts).
// JSX is compiled for Preact by Vite's own transformer (oxc), so no framework plugin is needed.
export default defineConfig({
  root: import.meta.dirname,
  base: '/dashboard/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // No inline scripts or styles anywhere: the pages are served with a CSP that forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
  server: {
    // `npm run dev -w packages/dashboard` against a Railyard on :8080.
    proxy: { '^/(accounts|railyard|transfers|webhooks|event-types|tos-token|ping|openapi\\.json)': 'http://127.0.0.1:8080' },
  },
});
