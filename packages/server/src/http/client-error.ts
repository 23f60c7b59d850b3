import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (headers
 * too large, a malformed request line). Such a request has no route and no
 * reply object, so the answer is written to the socket by hand, in the API's
 * error shape and with a request id like every other response.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // The peer went away or the socket is already closed: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  // Headers or body not in within the edge's timeouts (edge-limits.ts): a slow client, cut off.
  const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? '431 Request Header Fields Too Large' : tooSlow ? '408 Request Timeout' : '400 Bad Request';
  const message = tooLarge ? 'request headers are too large' : tooSlow ? 'the request did not arrive in time' : 'malformed HTTP request';
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n` +
      body,
  );
}
