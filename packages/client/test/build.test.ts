import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, after } from 'node:test';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the publishable build', () => {
  const work = mkdtempSync(join(tmpdir(), 'railyard-client-build-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('compiles client and contract into one package that plain Node can import', () => {
    const out = join(work, 'dist');
    execFileSync(process.execPath, [join(packageRoot, 'scripts/build.mjs'), '--out', out], { stdio: 'pipe' });
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    assert.equal(manifest.name, '@railyard/client');
    assert.deepEqual(Object.keys(manifest.exports), ['.', './mcp', './package.json']);
    assert.equal(manifest.dependencies['@railyard/contract'], undefined, 'the contract ships inside, not as a dependency');

    // The package's own dependencies, as npm would install them beside it.
    const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
    mkdirSync(join(work, 'node_modules', '@modelcontextprotocol'), { recursive: true });
    for (const dependency of Object.keys(manifest.dependencies)) {
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
});
