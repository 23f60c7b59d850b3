import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTransfer, getAccount, getTermsOfServiceToken, linkBankAccount } from '@railyard/contract';
import { handle, type HeadersOf } from '../../src/http/handlers/handler.ts';

/*
 * Handler headers are typed from the operation's header specs (issue 11, item
 * 3d). What matters here is checked by `npm run typecheck`: each
 * `@ts-expect-error` below fails the build if the line it marks compiles, so a
 * handler can read only the headers its operation declares, by their field
 * name, with the type their schema parses to.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;

describe('handler headers are typed from the operation', () => {
  it('gives the declared headers their parsed types: required ones always there, optional ones maybe', () => {
    assert.ok(same<HeadersOf<typeof createTransfer>, { xIdempotencyKey: string; xWaitFor: 'rail-response' | undefined }>(true));
    assert.ok(same<HeadersOf<typeof linkBankAccount>, { xWaitFor: 'payment-method' | 'rail-response' | undefined }>(true));
    assert.ok(same<HeadersOf<typeof getTermsOfServiceToken>, { origin: string | undefined; referer: string | undefined; userAgent: string | undefined }>(true));
    assert.ok(same<HeadersOf<typeof getAccount>, {}>(true));
  });

  it('refuses, at compile time, a header the operation does not declare', () => {
    const handlers = [
      handle(createTransfer, async ({ headers }) => {
        const key: string = headers.xIdempotencyKey;
        // @ts-expect-error transfers.create declares no Origin header
        void headers['origin'];
        // @ts-expect-error X-Wait-For of transfers.create is only `rail-response`
        void (headers.xWaitFor === 'payment-method');
        return { body: key };
      }),
      handle(getAccount, async ({ headers }) => {
        // @ts-expect-error accounts.get declares no headers
        void headers['xWaitFor'];
      }),
    ];
    assert.equal(handlers.length, 2);
  });
});
