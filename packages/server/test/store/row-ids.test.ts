import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newRowID } from '../../src/kernel/ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('row IDs', () => {
  it('are RFC 9562 version 7 UUIDs', () => {
    for (let i = 0; i < 1000; i++) assert.match(newRowID(), UUID_V7);
  });

  it('begin with the time in milliseconds', () => {
    const before = Date.now();
    const id = newRowID();
    const after = Date.now();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    assert.ok(ms >= before && ms <= after, `${ms} within [${before}, ${after}]`);
  });

  it('sort by creation time across milliseconds, so inserts land at the end of an index', async () => {
    const first = newRowID();
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = newRowID();
    assert.ok(first < second);
  });

  it('sort in the order one process made them, even within a millisecond', () => {
    const made = Array.from({ length: 20_000 }, () => newRowID());
    const sameMillisecond = made.filter((id, i) => i > 0 && id.slice(0, 13) === made[i - 1]!.slice(0, 13)).length;
    assert.ok(sameMillisecond > 1_000, `the loop made many IDs within one millisecond (${sameMillisecond})`);
    for (let i = 1; i < made.length; i++) assert.ok(made[i - 1]! < made[i]!, `ID ${i} sorts after ID ${i - 1}: ${made[i - 1]} < ${made[i]}`);
  });

  it('do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(newRowID());
    assert.equal(seen.size, 100_000);
  });
});
