/**
 * A light entry point, `@railyard/server/stores`: opening a store, migrating it and
 * checking the ledger, without Fastify, the contract or the domain. The CLI's
 * `migrate` and `admin verify-ledger` load only this (decisions/0209-cli-start-up.md).
 */
export { openStore, DEFAULT_DB } from './compose/open-store.ts';
export { verifyLedger, type VerifyResult } from './ledger/verify.ts';
export type { Store } from './store/port.ts';
export { backupDatabase, restoreDatabase, BackupError } from './store/backup/index.ts';
