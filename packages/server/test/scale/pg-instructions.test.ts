import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

// bench/tools/pg-instructions.sh counts PostgreSQL's instructions per wallet→wallet create under
// valgrind's callgrind (bench/README.md, "A slower machine again, and what a create's events cost").
// A long run (npm run test:long): PostgreSQL runs ~50 times slower under callgrind.

const SCRIPT = 'bench/tools/pg-instructions.sh';
const run = (args: string[], timeout = 30_000) => spawnSync('bash', [SCRIPT, ...args], { encoding: 'utf8', timeout });
const has = (command: string) => spawnSync('bash', ['-c', `command -v ${command}`]).status === 0;

describe('PostgreSQL instructions per create (bench/tools/pg-instructions.sh)', () => {
  it('refuses options it cannot use, before starting anything', () => {
    for (const args of [['--small', '0'], ['--small', '10', '--large', '5'], ['--large', 'many'], ['--what', '1']]) {
      const result = run(args);
      assert.equal(result.status, 2, `${args.join(' ')}: exit ${result.status}, ${result.stderr}`);
      assert.match(result.stderr, /must be|unknown option/);
    }
  });

  const missing = ['valgrind', 'pg_config'].filter((command) => !has(command));
  it('counts the instructions of the backends, the set-up cancelled out', { skip: missing.length > 0 ? `not installed: ${missing.join(', ')}` : false }, () => {
    // 100 creates apart: a run's set-up varies by a backend or so (the pool opens a second connection
    // or not), tens of millions of instructions, which 100 creates' ~200 million outweigh.
    const result = run(['--small', '5', '--large', '105'], 300_000);
    assert.equal(result.status, 0, `exit ${result.status}: ${result.stderr}`);
    const count = Number(/PostgreSQL instructions per create: (-?\d+)/.exec(result.stdout)?.[1]);
    // A create costs PostgreSQL about two million instructions (bench/README.md); a run whose
    // backends' files were missed would give nothing, or a negative difference.
    assert.ok(count > 200_000 && count < 50_000_000, `${count} instructions per create: ${result.stdout}`);
  });
});
