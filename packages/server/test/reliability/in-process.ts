import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import type { EdgeLimits } from '../../src/http/edge-limits.ts';
import { createServices, type Services } from '../../src/compose/services.ts';
import { ephemeralSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { createTestStore, type StoreKind, type TestStore } from '../support/stores.ts';
import { basicAuth } from '../support/harness-child.ts';

/**
 * Railyard in the test's process with edge limits of the test's choosing and
 * its whole log kept in memory (JSON lines, at the level asked), for the
 * hardening and log-scanning tests.
 */
export interface InProcess {
  url: string;
  app: FastifyInstance;
  services: Services;
  testStore: TestStore;
  platform: { accountID: string; publicKey: string; secret: string; auth: string };
  log: () => string;
  close(): Promise<void>;
}

export async function startInProcess(kind: StoreKind, options: { edgeLimits?: Partial<EdgeLimits>; logLevel?: string } = {}): Promise<InProcess> {
  const testStore = await createTestStore(kind);
  const services = createServices(testStore.store, systemClock, { sourceSecrets: ephemeralSourceSecrets(), jobs: { pollIntervalMs: 20 } });
  let log = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk;
      done();
    },
  });
  const app = await buildApp({
    services,
    rateLimit: { kind: 'off' },
    logLevel: options.logLevel ?? 'silent',
    logStream,
    ...(options.edgeLimits ? { edgeLimits: options.edgeLimits } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  services.jobs.start();
  const created = await services.platforms.create({ name: 'In-process platform' });
  return {
    url,
    app,
    services,
    testStore,
    platform: { ...created, auth: basicAuth(`${created.publicKey}:${created.secret}`) },
    log: () => log,
    async close() {
      await app.close();
      await services.jobs.stop();
      await services.webhookDelivery.stop();
      await testStore.destroy();
    },
  };
}
