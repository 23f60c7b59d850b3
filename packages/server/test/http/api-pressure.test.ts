import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchApiPressure, type ApiPressure } from '../../src/http/api-pressure.ts';

/**
 * The API's pressure signal (decision 1500, "API first"): saturated only while
 * requests are waiting AND the event loop is busy, so neither slow I/O nor the
 * background work on its own makes deliveries wait.
 */

function burn(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // A busy event loop, as under a flood of requests.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('API pressure', () => {
  let server: Server;
  let base = '';
  const held: ServerResponse[] = [];
  let pressure: ApiPressure;

  before(async () => {
    // Requests received and not yet answered, as the app's requestsInProgress counts them.
    let inProgress = 0;
    server = createServer((_request, response) => {
      inProgress++;
      response.once('close', () => inProgress--);
      held.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    pressure = watchApiPressure(() => inProgress, { minInFlight: 4, minUtilization: 0.8, sampleMs: 20 });
  });
  after(async () => {
    pressure.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function holdRequests(count: number): Promise<void> {
    for (let i = 0; i < count; i++) void fetch(base).catch(() => undefined);
    for (let i = 0; i < 100 && held.length < count; i++) await sleep(10);
    assert.equal(held.length, count);
  }

  function release(): void {
    for (const response of held.splice(0)) response.end('ok');
  }

  it('idle: not saturated', async () => {
    await sleep(50);
    assert.equal(pressure.inFlight(), 0);
    assert.equal(pressure.saturated(), false);
  });

  it('requests waiting on a quiet event loop (slow I/O): not saturated', async () => {
    await holdRequests(5);
    await sleep(60);
    assert.equal(pressure.inFlight(), 5);
    assert.equal(pressure.saturated(), false);
    release();
  });

  it('a busy event loop with no request waiting (background work): not saturated', async () => {
    for (let i = 0; i < 100 && pressure.inFlight() > 0; i++) await sleep(10);
    for (let i = 0; i < 6; i++) {
      burn(19);
      await sleep(1);
    }
    assert.equal(pressure.saturated(), false);
  });

  it('requests waiting AND a busy event loop: saturated, until they are answered', async () => {
    await holdRequests(4);
    // Busy until the signal says so, within a bound: on a loaded machine a 1 ms sleep can stretch
    // and one 20 ms sample read as less busy (seen in a CI run beside other work); six samples
    // were not always enough. The cases above, which must stay unsaturated, keep their fixed loops.
    for (let i = 0; i < 6 || (i < 100 && !pressure.saturated()); i++) {
      burn(19);
      await sleep(1);
    }
    assert.equal(pressure.saturated(), true);
    release();
    for (let i = 0; i < 100 && pressure.inFlight() > 0; i++) await sleep(10);
    assert.equal(pressure.saturated(), false);
  });
});
