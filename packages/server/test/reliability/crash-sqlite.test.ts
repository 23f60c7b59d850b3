import { crashSuite } from './crash-suite.ts';

// kill -9 under load on SQLite (crash-suite.ts, docs/reliability.md).
await crashSuite('sqlite');
