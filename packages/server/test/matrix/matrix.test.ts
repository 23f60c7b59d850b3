import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { OperationDef } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { seedFor } from '../support/matrix-seeds.ts';
import { covered, everyScope, namedInRequest, isAccountBound, isDestructive, pathOf, pathParams, requestFor, scopesFor, seedNames } from './plan.ts';
import { queryShape } from './query-variants.ts';
import { REQUESTS, EXPECTED_REFUSALS } from './requests.ts';
import { snapshotDiff, startWorld, unknownValue, uuidsIn, type Answer, type Side, type World } from './world.ts';

/**
 * The authorization and isolation matrix (docs/testing.md): every operation
 * of the registry, on one server per store holding two platforms' data of
 * every resource kind. Nothing here names an operation: a new operation is
 * checked the moment it joins the registry, and fails loudly
 * (matrix-coverage.test.ts) until its path parameters have seeds.
 */

const CONCURRENCY = 8;
const reads = covered.filter((op) => op.readOnly);
const writes = covered.filter((op) => !op.readOnly);
const describeOp = (op: OperationDef) => `${op.id} (${op.method} ${op.path})`;
const show = (answer: Answer) => `${answer.status} ${answer.reason ?? ''} ${answer.body.slice(0, 300)}`;

/** B's UUIDs that an answer to A shows, apart from the ones A sent. */
function leaked(answer: Answer, other: Side, sent: readonly string[] = []): string[] {
  const excused = new Set(sent.map((id) => id.toLowerCase()));
  const ids = [...new Set(uuidsIn(answer.body))].filter((id) => other.uuids.has(id) && !excused.has(id));
  return [...ids, ...[...other.markers].filter((marker) => answer.body.includes(marker) && !excused.has(marker.toLowerCase()))];
}

for (const kind of await storeKinds()) {
  describe(`authorization and isolation matrix (${kind})`, () => {
    let w: World;
    before(async () => {
      w = await startWorld(kind);
    });
    after(async () => w?.close());

    /** A's request for `op` with A's seeds, as `authorization`. */
    const asA = async (op: OperationDef, authorization: string | undefined, extra: { remoteAddress?: string } = {}) => {
      const filled = await w.fill(op, w.a);
      return w.send(op, pathOf(op, filled.params), { ...(authorization !== undefined ? { authorization } : {}), request: requestFor(op, filled.ids), ...extra });
    };

    describe('credentials: 401 before anything else', { concurrency: CONCURRENCY }, () => {
      covered.forEach((op, index) => {
        test(`${describeOp(op)}: no credentials → 401`, async () => {
          const answer = await asA(op, undefined);
          assert.equal(answer.status, 401, show(answer));
          assert.equal(answer.body, '', 'a 401 has no body');
        });
        test(`${describeOp(op)}: an unknown API key → 401`, async () => {
          const wrong = `Basic ${Buffer.from(`${randomBytes(12).toString('hex')}:${randomBytes(16).toString('hex')}`).toString('base64')}`;
          // A fresh client address per operation, and a fresh key: the failed-login limits (0207) count per address and per key.
          const answer = await asA(op, wrong, { remoteAddress: `10.${(index >> 8) & 255}.${index & 255}.7` });
          assert.equal(answer.status, 401, show(answer));
        });
        test(`${describeOp(op)}: the platform’s public key with another platform’s secret → 401`, async () => {
          const [publicKey] = Buffer.from(w.a.basic.slice(6), 'base64').toString().split(':');
          const [, otherSecret] = Buffer.from(w.b.basic.slice(6), 'base64').toString().split(':');
          // One key may fail 10 times a minute before every failure is a 429 (0207): a 429 is a refusal too, but only the first ten are 401.
          const answer = await asA(op, `Basic ${Buffer.from(`${publicKey}:${otherSecret}`).toString('base64')}`, { remoteAddress: `10.${(index >> 8) & 255}.${index & 255}.8` });
          assert.ok(answer.status === 401 || answer.status === 429, show(answer));
          assert.equal(answer.body, '', show(answer));
        });
        test(`${describeOp(op)}: an unknown bearer token → 401`, async () => {
          const answer = await asA(op, `Bearer ${randomBytes(32).toString('base64url')}`);
          assert.equal(answer.status, 401, show(answer));
        });
      });
    });

    describe('scopes: 403 without the operation’s scope', { concurrency: CONCURRENCY }, () => {
      for (const op of covered) {
        test(`${describeOp(op)}: a token with every other scope but ${op.scopes.join(' ')} → 403`, async () => {
          assert.ok(op.scopes.length > 0, `${op.id} has no scope: add one to its registry entry or list it in matrix/exemptions.ts with the reason`);
          const filled = await w.fill(op, w.a);
          const needed = new Set(scopesFor(op, filled.scopeAccountID));
          const others = everyScope(filled.scopeAccountID).filter((scope) => !needed.has(scope));
          const answer = await asA(op, `Bearer ${await w.token(w.a, others)}`);
          assert.equal(answer.status, 403, `${show(answer)} (token: ${others.join(' ')})`);
          assert.equal(answer.body, '', 'a 403 has no body');
        });
        if (isAccountBound(op)) {
          test(`${describeOp(op)}: its scope for another account of the same platform → 403`, async () => {
            const filled = await w.fill(op, w.a);
            const customer = w.a.all['accountID']!;
            const other = filled.scopeAccountID === customer ? w.a.seeds.p.platformAccountID : customer;
            const answer = await asA(op, `Bearer ${await w.token(w.a, scopesFor(op, other))}`);
            assert.equal(answer.status, 403, show(answer));
          });
        }
      }
    });

    /**
     * Variants of "the other platform's IDs": all of A's, and, for each of
     * the path's resources, B's own path with that one resource A's.
     */
    function variants(op: OperationDef): Array<{ label: string; foreign: string[] }> {
      const params = pathParams(op);
      const names = seedNames(op);
      // Values no platform owns (an avatar's string) have no other platform's version.
      if (params.every((param) => seedFor(names[param]!)?.shared)) return [];
      const result = [{ label: 'all of the platform’s IDs', foreign: params }];
      for (const param of params) {
        if (param === 'accountID' || params.length === 1 || seedFor(names[param]!)?.shared) continue;
        result.push({ label: `its own path with the other platform’s ${param}`, foreign: [param] });
      }
      return result;
    }

    /** B's request with A's values for the `foreign` parameters (or unknown ones), B's for the rest. */
    async function asB(op: OperationDef, foreign: readonly string[], use: 'a' | 'unknown'): Promise<Answer> {
      const own = await w.fill(op, w.b);
      const fromA = await w.fill(op, w.a);
      const params: Record<string, string> = {};
      for (const param of pathParams(op)) {
        params[param] = !foreign.includes(param) ? own.params[param]! : use === 'a' ? fromA.params[param]! : unknownValue(param);
      }
      return w.send(op, pathOf(op, params), { authorization: w.b.basic, request: requestFor(op, { ...own.ids, ...params }) });
    }

    function assertSameNotFound(op: OperationDef, label: string, unknown: Answer, foreign: Answer) {
      const hint = REQUESTS[op.id] ? '' : ' (a write needs a valid body to reach its handler: add one to test/matrix/requests.ts)';
      assert.equal(unknown.status, 404, `${op.id}, ${label}: an unknown ID should answer 404: ${show(unknown)}${hint}`);
      assert.deepEqual(
        { status: foreign.status, body: foreign.body, reason: foreign.reason },
        { status: unknown.status, body: unknown.body, reason: unknown.reason },
        `${op.id}, ${label}: another platform's IDs must answer as unknown ones`,
      );
    }

    describe('isolation: another platform’s IDs answer the unknown-ID 404 (reads)', { concurrency: CONCURRENCY }, () => {
      for (const op of reads) {
        for (const variant of variants(op)) {
          test(`${describeOp(op)}: as the other platform, ${variant.label} → the unknown-ID 404`, async () => {
            assertSameNotFound(op, variant.label, await asB(op, variant.foreign, 'unknown'), await asB(op, variant.foreign, 'a'));
          });
        }
      }
    });

    describe('isolation: another platform’s IDs answer the unknown-ID 404 and change nothing (writes)', () => {
      test('the snapshot sees a write (so an unchanged snapshot means something)', async () => {
        const before = await w.snapshot();
        const transferID = w.a.all['transferID']!;
        const answer = await w.send({ method: 'PATCH' } as OperationDef, `/accounts/${w.a.seeds.p.platformAccountID}/transfers/${transferID}`, {
          authorization: w.a.basic,
          request: { body: { metadata: { snapshot: 'check' } } },
        });
        assert.equal(answer.status, 200, show(answer));
        assert.notDeepEqual(snapshotDiff(before, await w.snapshot()), []);
      });
      for (const op of writes) {
        for (const variant of variants(op)) {
          test(`${describeOp(op)}: as the other platform, ${variant.label} → the unknown-ID 404, no row changed`, async () => {
            // The unknown-ID request first: whatever it writes lazily (none expected) is not the foreign request's doing.
            const unknown = await asB(op, variant.foreign, 'unknown');
            const before = await w.snapshot();
            const foreign = await asB(op, variant.foreign, 'a');
            const changes = snapshotDiff(before, await w.snapshot());
            assert.deepEqual(changes, [], `${op.id}, ${variant.label}: the refused write changed the store`);
            assertSameNotFound(op, variant.label, unknown, foreign);
          });
        }
      }
    });

    /** An answer with the IDs it was sent replaced, so answers to different IDs compare (a message may quote the ID). */
    const withoutIDs = (answer: Answer, ids: readonly string[]) => ({
      status: answer.status,
      body: ids.reduce((body, id) => body.split(id).join('<id>'), answer.body),
      reason: answer.reason,
    });

    describe('isolation: a request naming another platform’s IDs in its body or query answers as for unknown IDs and changes nothing', () => {
      for (const op of covered) {
        const named = namedInRequest(op);
        if (named.length === 0) continue;
        test(`${describeOp(op)}: as the other platform, ${named.join(', ')} of the platform in the request → the unknown-ID answer${op.readOnly ? '' : ', no row changed'}`, async () => {
          const own = await w.fill(op, w.b);
          const unknownIDs = Object.fromEntries(named.map((name) => [name, unknownValue(name)]));
          const foreignIDs = Object.fromEntries(named.map((name) => [name, w.a.all[name]!]));
          const path = pathOf(op, own.params);
          const unknown = await w.send(op, path, { authorization: w.b.basic, request: requestFor(op, { ...own.ids, ...unknownIDs }) });
          // A read may answer unknown IDs with an empty list; a write must refuse them.
          if (!op.readOnly) assert.ok(unknown.status >= 400 && unknown.status < 500, `${op.id} with unknown ${named.join(', ')} should be refused: ${show(unknown)}`);
          const before = op.readOnly ? undefined : await w.snapshot();
          const foreign = await w.send(op, path, { authorization: w.b.basic, request: requestFor(op, { ...own.ids, ...foreignIDs }) });
          if (before) assert.deepEqual(snapshotDiff(before, await w.snapshot()), [], `${op.id} naming the other platform's ${named.join(', ')} changed the store`);
          assert.deepEqual(
            withoutIDs(foreign, Object.values(foreignIDs)),
            withoutIDs(unknown, Object.values(unknownIDs)),
            `${op.id}: the other platform's ${named.join(', ')} must answer as unknown ones`,
          );
        });
      }
    });

    describe('isolation: reads never show the other platform’s rows (filters and paging too)', { concurrency: CONCURRENCY }, () => {
      for (const op of reads) {
        test(`${describeOp(op)}: shows none of the other platform’s data`, async () => {
          const filled = await w.fill(op, w.a);
          const path = pathOf(op, filled.params);
          const request = requestFor(op, filled.ids);
          const base = await w.send(op, path, { authorization: w.a.basic, request });
          assert.ok(base.status >= 200 && base.status < 300, `${op.id} as its own platform: ${show(base)}`);
          assert.deepEqual(leaked(base, w.b), [], `${op.id} shows the other platform's IDs: ${base.body.slice(0, 500)}`);
          // A list that shows nothing cannot show the other platform's rows either: the seeds must give it something.
          if (base.body.startsWith('[')) {
            assert.notEqual(base.body, '[]', `${op.id} lists nothing for its own platform: seed what it lists (test/support/matrix-seeds.ts)`);
          }

          const shape = queryShape(op);
          const queries: Array<Record<string, string>> = [];
          const foreignIDs = Object.entries(w.b.all)
            .filter(([name]) => !seedFor(name)?.shared)
            .map(([, value]) => value);
          for (const key of shape.idKeys) for (const id of foreignIDs) queries.push({ [key]: id });
          for (const [key, values] of shape.enumKeys) for (const value of values) queries.push({ [key]: value });
          const failures: string[] = [];
          await Promise.all(
            queries.map(async (query) => {
              const answer = await w.send(op, path, { authorization: w.a.basic, request, query });
              if (answer.status >= 500) failures.push(`${JSON.stringify(query)}: ${show(answer)}`);
              const shown = leaked(answer, w.b, Object.values(query));
              if (shown.length) failures.push(`${JSON.stringify(query)} shows ${shown.join(', ')}`);
            }),
          );
          if (shape.paging) {
            for (let skip = 0; skip < 50; skip += 1) {
              const page = await w.send(op, path, { authorization: w.a.basic, request, query: { skip: String(skip), count: '1' } });
              const shown = leaked(page, w.b);
              if (shown.length) failures.push(`skip=${skip}&count=1 shows ${shown.join(', ')}`);
              if (page.status !== 200 || page.body === '[]') break;
            }
          }
          assert.deepEqual(failures, [], `${op.id}: the other platform's rows through filters or paging`);
        });
      }
    });

    /** A's request with a token holding exactly the operation's scopes. */
    async function exactScope(op: OperationDef) {
      const filled = await w.fill(op, w.a);
      const scopes = scopesFor(op, filled.scopeAccountID);
      const answer = await asA(op, `Bearer ${await w.token(w.a, scopes)}`);
      assert.ok(answer.status !== 401 && answer.status !== 403, `${op.id} with exactly ${scopes.join(' ')}: ${show(answer)}`);
      assert.ok(answer.status < 500, `${op.id}: ${show(answer)}`);
      const refusal = EXPECTED_REFUSALS[op.id];
      if (refusal) assert.equal(answer.status, refusal.status, `${op.id}: ${refusal.reason}: ${show(answer)}`);
      // A request the matrix was given must be valid, or the isolation checks above prove nothing.
      else if (REQUESTS[op.id]) assert.ok(answer.status >= 200 && answer.status < 300, `${op.id}: the request in matrix/requests.ts should succeed: ${show(answer)}`);
    }

    describe('scopes: exactly the operation’s scope gets through (reads)', { concurrency: CONCURRENCY }, () => {
      for (const op of reads) test(`${describeOp(op)}: a token with exactly ${op.scopes.join(' ')} gets through`, () => exactScope(op));
    });
    describe('scopes: exactly the operation’s scope gets through (writes, destructive ones last)', () => {
      for (const op of [...writes.filter((op) => !isDestructive(op)), ...writes.filter(isDestructive)]) {
        test(`${describeOp(op)}: a token with exactly ${op.scopes.join(' ')} gets through`, () => exactScope(op));
      }
    });
  });
}
