import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { edgesOfText, folderCycles, forbiddenEdges, importEdges, type LayerRule } from './import-graph.ts';

/*
 * The layering of docs/architecture.md, checked on the real imports: a new
 * import that points the wrong way fails here, with the file and line.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const S = 'packages/server/src';
const CONTRACT = 'packages/contract/src';

/** Who may import whom. A file's own folder (and below) is always allowed. */
const RULES: readonly LayerRule[] = [
  { from: `${S}/store`, mayImport: [CONTRACT] },
  { from: `${S}/kernel`, mayImport: [`${S}/store`, CONTRACT] },
  { from: `${S}/ledger`, mayImport: [`${S}/kernel`, `${S}/store`, CONTRACT] },
  { from: `${S}/jobs`, mayImport: [`${S}/kernel`, `${S}/store`, CONTRACT] },
  { from: `${S}/domain`, mayImport: [`${S}/ledger`, `${S}/jobs`, `${S}/kernel`, `${S}/store`, CONTRACT] },
  { from: `${S}/compose`, mayImport: [`${S}/domain`, `${S}/ledger`, `${S}/jobs`, `${S}/kernel`, `${S}/store`, CONTRACT] },
  // http/ also reads the server's own package.json (the version the root page names).
  { from: `${S}/http`, mayImport: [`${S}/compose`, `${S}/domain`, `${S}/ledger`, `${S}/jobs`, `${S}/kernel`, `${S}/store`, CONTRACT, 'packages/server/package.json'] },
  { from: `${S}/index.ts`, mayImport: [S, CONTRACT] },
  // The light entry (`@railyard/server/stores`) of the CLI's migrate and verify-ledger: no http/ or domain/ (0209).
  { from: `${S}/stores.ts`, mayImport: [`${S}/compose/open-store.ts`, `${S}/ledger`, `${S}/store`] },
  { from: CONTRACT, mayImport: [] },
  { from: 'packages/client/src', mayImport: [CONTRACT] },
  { from: 'packages/cli/src', mayImport: [S, 'packages/client/src', CONTRACT] },
];

const SOURCES = ['packages/contract/src', 'packages/server/src', 'packages/client/src', 'packages/cli/src'];

describe('layering', () => {
  const edges = importEdges(ROOT, SOURCES);

  it('reads the real import graph', () => {
    assert.ok(edges.length > 500, `only ${edges.length} imports found: the reader is broken`);
    assert.ok(edges.some((e) => e.from === `${S}/compose/services.ts` && e.to.startsWith(`${S}/domain/`)), 'compose → domain not seen');
  });

  it('has no import that points the wrong way (kernel/store/ledger/jobs → domain or http, domain → http, client → server…)', () => {
    assert.deepEqual(forbiddenEdges(edges, RULES), []);
  });

  it('has no folder that imports a folder that imports it back, at any depth', () => {
    assert.deepEqual(folderCycles(edges), []);
  });

  describe('the checker itself', () => {
    const root = '/repo';
    const fake = [
      ...edgesOfText(root, `${S}/kernel/clock.ts`, "import { x } from '../domain/accounts/service.ts';"),
      ...edgesOfText(root, `${S}/domain/accounts/a.ts`, "import type { Y } from '../wallets/b.ts';\nexport { z } from '../../kernel/ids.ts';"),
      ...edgesOfText(root, `${S}/domain/wallets/b.ts`, "const m = await import('../accounts/a.ts');"),
      ...edgesOfText(root, 'packages/client/src/c.ts', "import '@railyard/server';\nimport { readFileSync } from 'node:fs';"),
    ];

    it('reports a forbidden edge with its file and line', () => {
      assert.deepEqual(forbiddenEdges(fake, RULES), [
        `${S}/kernel/clock.ts:1 imports ${S}/domain/accounts/service.ts (${S}/kernel may import only ${S}/store, ${CONTRACT})`,
        `packages/client/src/c.ts:1 imports ${S}/index.ts (packages/client/src may import only ${CONTRACT})`,
      ]);
    });

    it('reports folders that import each other, through type imports, re-exports and dynamic imports too', () => {
      // accounts ⇄ wallets directly; kernel → accounts → kernel (a re-export) joins the same loop.
      assert.deepEqual(folderCycles(fake), [[`${S}/domain/accounts`, `${S}/domain/wallets`, `${S}/kernel`]]);
      assert.deepEqual(folderCycles(fake.filter((e) => !e.from.includes('/kernel/'))), [[`${S}/domain/accounts`, `${S}/domain/wallets`]]);
    });
  });
});
