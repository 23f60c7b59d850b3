import { crashSuite } from './crash-suite.ts';

// kill -9 under load on PostgreSQL, and with RAILYARD_CRASH_PG_RESTART=1 a PostgreSQL restart (crash-suite.ts, docs/reliability.md).
await crashSuite('postgres');
