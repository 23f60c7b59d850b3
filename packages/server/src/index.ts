export { buildApp, DEFAULT_BODY_LIMIT, type AppOptions } from './http/app.ts';
export { parseRateLimit, DEFAULT_RATE_LIMIT_PER_SECOND, type RateLimitSetting } from './http/rate-limit.ts';
export { createServices, type Services } from './domain/services.ts';
export { systemClock, type Clock } from './domain/clock.ts';
export { openStore, DEFAULT_DB } from './store/open-store.ts';
export type { Store, Sql } from './store/port.ts';
export { SqliteStore } from './store/sqlite/sqlite-store.ts';
export { PostgresStore } from './store/postgres/postgres-store.ts';
export { verifyLedger, type VerifyResult } from './ledger/verify.ts';
