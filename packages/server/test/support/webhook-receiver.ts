import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 (port 0) that records what it gets and answers `status`. */
export interface TestReceiver {
  url: string;
  received: Received[];
  /** The status the next requests get (default 200). */
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', received: [], status: 200, close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(receiver.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** A loopback URL nothing listens on: a server is opened on port 0 and closed again. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone`;
}

/** Moov's signature, computed independently of the server's code: hex HMAC-SHA512(secret, `timestamp|nonce|webhookID`). */
export function expectedSignature(secret: string, headers: IncomingHttpHeaders): string {
  return createHmac('sha512', secret).update(`${headers['x-timestamp']}|${headers['x-nonce']}|${headers['x-webhook-id']}`).digest('hex');
}
