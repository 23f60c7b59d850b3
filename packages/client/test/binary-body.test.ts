import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RailyardApiError } from '../src/index.ts';
import { successResult } from '../src/mcp/results.ts';
import { fakeClient, jsonResponse, scriptedFetch } from './support/fixtures.ts';

/* Operations whose contract declares `response.media` (a PDF, a PNG): the bytes come back as sent. */
describe('responses that are not JSON', () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

  it('the client answers a BinaryBody with every byte and the content type', async () => {
    const { fetch } = scriptedFetch([() => new Response(bytes, { status: 200, headers: { 'content-type': 'image/png' } })]);
    const avatar = await fakeClient(fetch).avatars.get({ uniqueID: 'abc' });
    assert.equal(avatar.contentType, 'image/png');
    assert.deepEqual([...avatar.bytes], [...bytes]);
  });

  it('an error status is still the typed API error', async () => {
    const { fetch } = scriptedFetch([() => jsonResponse(404, undefined)]);
    await assert.rejects(fakeClient(fetch).avatars.get({ uniqueID: 'abc' }), (e: unknown) => e instanceof RailyardApiError && e.status === 404);
  });

  it('an MCP tool hands an image back as image content and a PDF as a resource, base64', () => {
    const image = successResult({ contentType: 'image/png', bytes }, 'avatars.get');
    assert.deepEqual(image.content, [{ type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType: 'image/png' }]);
    const pdf = successResult({ contentType: 'application/pdf', bytes }, 'accounts.getMerchantProcessingAgreement');
    assert.deepEqual(pdf.content, [
      { type: 'resource', resource: { uri: 'railyard:accounts.getMerchantProcessingAgreement', mimeType: 'application/pdf', blob: Buffer.from(bytes).toString('base64') } },
    ]);
    assert.equal(pdf.isError, undefined);
  });
});
