import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FORMS, type FormFigure, measureForms } from '../../../../bench/tools/spread-cost.ts';

// The rule for the create path's object literals (decision 2001, amendment "Node's own work,
// objects that grow after a spread") rests on what this Node's V8 does with them; the tool that
// shows it must count what it says, and the claim must hold on the Node the tests run on.

const run = promisify(execFile);
const tool = fileURLToPath(new URL('../../../../bench/tools/spread-cost.ts', import.meta.url));
const N = 2000;

const grows = (figure: FormFigure) => figure.form.includes('(grows');

describe('bench/tools/spread-cost.ts', () => {
  it('times every form, and counts no maps without V8 natives', () => {
    const figures = measureForms(N, undefined);
    assert.deepEqual(
      figures.map((figure) => figure.form),
      Object.keys(FORMS),
    );
    for (const figure of figures) {
      assert.ok(figure.micros > 0 && Number.isFinite(figure.micros), `${figure.form}: ${figure.micros} µs`);
      assert.equal(figure.mapChanges, undefined);
    }
  });

  it('with natives: a literal that grows after a spread gives its objects maps of their own; the other forms keep one', async () => {
    const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', tool, '--n', String(N), '--json'], { timeout: 60_000 });
    const { figures } = JSON.parse(stdout) as { figures: FormFigure[] };
    assert.equal(figures.length, Object.keys(FORMS).length);
    assert.equal(figures.filter(grows).length, 2, 'two forms grow after a spread');
    for (const figure of figures) {
      assert.equal(typeof figure.mapChanges, 'number', `${figure.form}: counted`);
      if (grows(figure)) {
        // If this fails, this Node no longer does it, and the rule may be dropped.
        assert.ok(figure.mapChanges! > N / 2, `${figure.form}: ${figure.mapChanges} of ${N} objects changed map`);
      } else {
        assert.ok(figure.mapChanges! <= 2, `${figure.form}: ${figure.mapChanges} of ${N} objects changed map`);
      }
    }
  });
});
