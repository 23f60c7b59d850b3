import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// The shape that made node 20 + tsx spend minutes building a message for a
// failing assert.ok (scripts/test-assert-ok.mjs): an ES module whose failing
// call sits well into tsx's one-line output, with more than 2,500 bytes of
// source after that column.
function hangShapedTestFile(): string {
  const passing = (i: number) => `
it('case ${i}', async () => {
  const rows: Array<{ id: string; amount: number }> = [{ id: 'r${i}', amount: ${i} }];
  const total = rows.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0);
  assert.equal(total, ${i}, 'total of case ${i}');
});
`;
  let source = `import { it } from 'node:test';\nimport assert from 'node:assert/strict';\nawait Promise.resolve();\n`;
  for (let i = 0; i < 5; i++) source += passing(i);
  source += `
it('fails without a message', () => {
  const refusal: unknown = undefined;
  assert.ok(refusal instanceof Error);
});
`;
  for (let i = 5; i < 80; i++) source += passing(i);
  return source;
}

const repoRoot = resolve(import.meta.dirname, '../../../..');
const assertOk = pathToFileURL(join(repoRoot, 'scripts/test-assert-ok.mjs')).href;

describe('a failing assert.ok without a message under tsx', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'railyard-assert-ok-'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    writeFileSync(join(dir, 'hang-shaped.test.ts'), hangShapedTestFile());
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fails within seconds with the value in the message, as run by scripts/run-tests.mjs', () => {
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', assertOk, '--test', '--test-reporter=tap', join(dir, 'hang-shaped.test.ts')],
      { cwd: repoRoot, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    const seconds = (Date.now() - started) / 1000;
    assert.equal(run.signal, null, `the run was killed after ${seconds} s`);
    assert.equal(run.status, 1, `exit status ${run.status}: ${run.stderr}`);
    assert.match(run.stdout, /# pass 80\n/, 'the 80 other cases passed');
    assert.match(run.stdout, /# fail 1\n/, 'exactly the message-less case failed');
    assert.match(run.stdout, /The expression evaluated to a falsy value: false/, 'the falsy value is named');
    // Without the preload this file takes 20 s on an idle machine (minutes for a larger file).
    assert.ok(seconds < 15, `took ${seconds} s`);
  });
});
