import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, after } from 'node:test';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
const MCP_SDK = '@modelcontextprotocol/sdk';

describe('the publishable build', () => {
  const work = mkdtempSync(join(tmpdir(), 'railyard-client-build-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('compiles client and contract into one package that plain Node can import', () => {
    const out = join(work, 'dist');
    execFileSync(process.execPath, [join(packageRoot, 'scripts/build.mjs'), '--out', out], { stdio: 'pipe' });
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    assert.equal(manifest.name, '@railyard/client');
    assert.deepEqual(Object.keys(manifest.exports), ['.', './mcp', './package.json']);
    assert.equal(manifest.dependencies[MCP_SDK], undefined, 'the MCP SDK is an optional peer, not a dependency');
    assert.equal(manifest.dependencies['@railyard/contract'], undefined, 'the contract ships inside, not as a dependency');

    // The package's own dependencies, and the optional peer @railyard/client/mcp needs, as npm would install them beside it.
    mkdirSync(join(work, 'node_modules', '@modelcontextprotocol'), { recursive: true });
    for (const dependency of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]) {
      symlinkSync(join(repoModules, dependency), join(work, 'node_modules', dependency), 'dir');
    }
    // A consumer outside the workspace, importing by package name, with no TypeScript loader.
    const consumer = join(work, 'consumer');
    mkdirSync(join(consumer, 'node_modules', '@railyard'), { recursive: true });
    symlinkSync(out, join(consumer, 'node_modules', '@railyard', 'client'), 'dir');
    writeFileSync(
      join(consumer, 'check.mjs'),
      `import { createRailyardClient, RailyardApiError, verifyWebhookSignature, webhookSignature } from '@railyard/client';
       import { selectTools } from '@railyard/client/mcp';
       const client = createRailyardClient({ serverURL: 'http://127.0.0.1:9', accessToken: 't' });
       const headers = { 'X-Timestamp': '2024-04-26T21:20:55Z', 'X-Nonce': 'n', 'X-Webhook-ID': 'w' };
       headers['X-Signature'] = await webhookSignature('s', headers['X-Timestamp'], 'n', 'w');
       const signature = await verifyWebhookSignature(headers, 's', { toleranceSeconds: Infinity });
       process.stdout.write(JSON.stringify({ ping: typeof client.ping.ping, tools: selectTools(client.operations).length, error: typeof RailyardApiError, signature }));`,
    );
    const result = JSON.parse(execFileSync(process.execPath, [join(consumer, 'check.mjs')], { cwd: consumer, encoding: 'utf8' }));
    assert.equal(result.ping, 'function');
    assert.equal(result.error, 'function');
    assert.ok(result.tools > 0);
    assert.equal(result.signature, true, 'verifyWebhookSignature works from the build');
  });

  it('packs into a client that depends on zod alone, which a fresh ESM or CommonJS project imports without the MCP SDK', () => {
    const out = join(work, 'dist');
    const packed = join(work, 'packed');
    mkdirSync(packed);
    // npm pack as docs/client.md says: the tarball goes to a folder outside the repository.
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['pack', out, '--pack-destination', packed, '--silent'], { stdio: 'pipe' });
    const tarballs = readdirSync(packed).filter((name) => name.endsWith('.tgz'));
    assert.deepEqual(tarballs, ['railyard-client-0.1.0.tgz']);

    // A fresh project outside the workspace, with only what `npm install <tarball>` would bring: the package and zod.
    // Not under `work`, whose node_modules holds the SDK for the test above.
    const project = mkdtempSync(join(tmpdir(), 'railyard-client-consumer-'));
    after(() => rmSync(project, { recursive: true, force: true }));
    mkdirSync(join(project, 'node_modules', '@railyard'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }));
    execFileSync('tar', ['-xzf', join(packed, tarballs[0]!), '-C', join(project, 'node_modules', '@railyard')]);
    renameSync(join(project, 'node_modules', '@railyard', 'package'), join(project, 'node_modules', '@railyard', 'client'));
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', '@railyard', 'client', 'package.json'), 'utf8'));
    assert.deepEqual(Object.keys(manifest.dependencies), ['zod'], 'no dependency on the MCP SDK');
    assert.ok(manifest.peerDependencies[MCP_SDK]);
    assert.deepEqual(manifest.peerDependenciesMeta[MCP_SDK], { optional: true }, 'an optional peer: npm does not install it');
    symlinkSync(join(repoModules, 'zod'), join(project, 'node_modules', 'zod'), 'dir');

    writeFileSync(
      join(project, 'esm.mjs'),
      `import { createRailyardClient, SUPPORTED_VERSIONS } from '@railyard/client';
       const client = createRailyardClient({ serverURL: 'http://127.0.0.1:9', accessToken: 't' });
       let mcp = 'loaded';
       try { await import('@railyard/client/mcp'); } catch (error) { mcp = error.code + ' ' + error.message; }
       process.stdout.write(JSON.stringify({ ping: typeof client.ping.ping, versions: SUPPORTED_VERSIONS, mcp }));`,
    );
    const esm = JSON.parse(execFileSync(process.execPath, [join(project, 'esm.mjs')], { cwd: project, encoding: 'utf8' }));
    assert.equal(esm.ping, 'function');
    assert.ok(esm.versions.length > 0);
    assert.match(esm.mcp, /^ERR_MODULE_NOT_FOUND .*@modelcontextprotocol\/sdk/, 'only the MCP entry needs the SDK');

    // A CommonJS project loads the ESM-only package with import().
    writeFileSync(
      join(project, 'cjs.cjs'),
      `import('@railyard/client').then(({ createRailyardClient }) => {
         process.stdout.write(typeof createRailyardClient({ serverURL: 'http://127.0.0.1:9', accessToken: 't' }).accounts.list);
       });`,
    );
    assert.equal(execFileSync(process.execPath, [join(project, 'cjs.cjs')], { cwd: project, encoding: 'utf8' }), 'function');
  });
});
