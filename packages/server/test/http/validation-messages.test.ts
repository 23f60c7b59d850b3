import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { issuesToMap } from '../../src/http/validation.ts';

// 422 messages for bounds read like Moov's (ozzo-validation), whatever zod's own wording.
function messages(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  assert.ok(!result.success, 'expected a validation failure');
  return issuesToMap(result.error.issues);
}

describe('422 bound messages', () => {
  it('numbers: inclusive and exclusive bounds', () => {
    assert.deepEqual(messages(z.object({ count: z.number().max(200) }), { count: 1000 }), { count: 'must be no greater than 200' });
    assert.deepEqual(messages(z.object({ skip: z.number().min(0) }), { skip: -1 }), { skip: 'must be no less than 0' });
    assert.deepEqual(messages(z.object({ n: z.number().lt(5) }), { n: 5 }), { n: 'must be less than 5' });
    assert.deepEqual(messages(z.object({ n: z.number().gt(0) }), { n: 0 }), { n: 'must be greater than 0' });
    assert.deepEqual(messages(z.object({ n: z.bigint().max(10n) }), { n: 11n }), { n: 'must be no greater than 10' });
  });

  it('lengths of strings and arrays, exact lengths, dates', () => {
    assert.deepEqual(messages(z.object({ s: z.string().max(3) }), { s: 'abcd' }), { s: 'the length must be no more than 3' });
    assert.deepEqual(messages(z.object({ s: z.string().min(2) }), { s: 'a' }), { s: 'the length must be no less than 2' });
    assert.deepEqual(messages(z.object({ s: z.string().length(2) }), { s: 'abc' }), { s: 'the length must be exactly 2' });
    assert.deepEqual(messages(z.object({ a: z.array(z.number()).max(1) }), { a: [1, 2] }), { a: 'the number of items must be no more than 1' });
    assert.deepEqual(messages(z.object({ d: z.date().max(new Date('2020-01-01T00:00:00Z')) }), { d: new Date('2021-01-01T00:00:00Z') }), {
      d: 'must be no greater than 2020-01-01T00:00:00.000Z',
    });
  });

  it('keeps a message the schema set itself', () => {
    assert.deepEqual(messages(z.object({ s: z.string().max(3, 'is too long for a name') }), { s: 'abcd' }), { s: 'is too long for a name' });
  });
});
