import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { storeKinds } from '../support/stores.ts';

// bench/tools/read-cpu.ts gives the transfer-read figures of decision 2001's amendment "What node-pg
// redoes per answer": it must read the transfer it created, every time, and print per-read figures.

const run = promisify(execFile);
const tool = fileURLToPath(new URL('../../../../bench/tools/read-cpu.ts', import.meta.url));
const kinds = await storeKinds();

describe('bench/tools/read-cpu.ts', () => {
  for (const kind of kinds) {
    it(`${kind}: reads the transfer it created and prints Node's CPU per read${kind === 'postgres' ? ', round trips and PostgreSQL\'s CPU' : ''}`, async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', tool, '--kind', kind, '--n', '300', '--warmup', '50', '--concurrency', '4'], {
        timeout: 120_000,
      });
      assert.match(stdout, new RegExp(`^${kind}: 300 transfer reads, 4 in flight$`, 'm'));
      const cpu = Number(/^cpu µs\/read ([0-9.]+) {2}reads\/s ([0-9]+)$/m.exec(stdout)?.[1]);
      assert.ok(cpu > 0 && Number.isFinite(cpu), stdout);
      if (kind === 'postgres') {
        // The transfer's row and its cancellations: two statements, each its own message.
        assert.match(stdout, /^round trips\/read 2\.0$/m);
        assert.match(stdout, /^postgres cpu µs\/read [0-9.]+$/m);
      } else {
        assert.doesNotMatch(stdout, /round trips|postgres cpu/);
      }
    });
  }

  it('refuses a count out of bounds', async () => {
    await assert.rejects(run(process.execPath, ['--import', 'tsx', tool, '--n', '0'], { timeout: 60_000 }), /--n must be 1\.\./);
  });
});
