import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import graph of the repository's packages, read from the source text:
 * every `import … from '…'`, `export … from '…'` and `import('…')` of a
 * TypeScript or JavaScript file under a package's `src/`. Relative specifiers
 * are resolved to files; `@railyard/<pkg>` names to that package's `src/`.
 * Type-only imports count: a type import is still a dependency of the design.
 */

export interface ImportEdge {
  /** Importing file, relative to the repository root (`/` separators). */
  from: string;
  /** Imported file or package entry, relative to the repository root. */
  to: string;
  /** The line of the import, for the failure message. */
  line: number;
}

const SOURCE = /\.(ts|mts|mjs|js)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Where a specifier points, relative to the root; undefined for Node built-ins and third-party packages. */
export function resolveSpecifier(root: string, fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return toPosix(relative(root, resolve(dirname(resolve(root, fromFile)), specifier)));
  const own = /^@railyard\/([a-z-]+)(\/.*)?$/.exec(specifier);
  if (own) return `packages/${own[1]}/src${own[2] ?? '/index.ts'}`;
  if (specifier.startsWith('#contract')) return 'packages/contract/src/index.ts';
  return undefined;
}

/** Every edge between the repository's own files, from the given package source folders. */
export function importEdges(root: string, sourceDirs: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const dir of sourceDirs) {
    for (const file of sourceFiles(resolve(root, dir))) {
      const from = toPosix(relative(root, file));
      edges.push(...edgesOfText(root, from, readFileSync(file, 'utf8')));
    }
  }
  return edges;
}

/** The edges one file's text declares (exported for the checker's own tests). */
export function edgesOfText(root: string, from: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const to = resolveSpecifier(root, from, match[1]!);
    if (to === undefined) continue;
    const line = text.slice(0, match.index).split('\n').length;
    edges.push({ from, to, line });
  }
  return edges;
}

/** A rule: files under `from` may import files under the listed prefixes only (besides their own folder). */
export interface LayerRule {
  from: string;
  mayImport: readonly string[];
}

/** The edges that break a rule, as readable lines. The most specific rule (longest `from`) applies to a file. */
export function forbiddenEdges(edges: readonly ImportEdge[], rules: readonly LayerRule[]): string[] {
  const sorted = [...rules].sort((a, b) => b.from.length - a.from.length);
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
  const broken: string[] = [];
  for (const edge of edges) {
    const rule = sorted.find((r) => under(edge.from, r.from));
    if (!rule || under(edge.to, rule.from)) continue;
    if (!rule.mayImport.some((prefix) => under(edge.to, prefix))) {
      broken.push(`${edge.from}:${edge.line} imports ${edge.to} (${rule.from} may import only ${rule.mayImport.join(', ') || 'itself'})`);
    }
  }
  return broken;
}

/**
 * Groups of folders that import each other, directly or through others
 * (strongly connected components of the folder graph with more than one
 * folder): a folder belongs to the folder that holds the file, at any depth.
 */
export function folderCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = dirname(from);
    const b = dirname(to);
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    if (a !== b) graph.get(a)!.add(b);
  }
  // Tarjan's algorithm, iterative enough for a few hundred folders.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)!) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}
