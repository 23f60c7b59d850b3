// Runs in one worker thread per process beside the SqliteStores (see
// checkpointer.ts): copies each store's WAL back into its database file on the
// worker's own connection, so the copy and its fsync never stop the event loop
// that answers requests. Plain JavaScript so it loads the same way whether or
// not the parent runs through a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { intervalMs } = workerData;
/** Registered stores: id → their database connection here. */
const databases = new Map();

function checkpointAll() {
  for (const [id, db] of databases) {
    let result;
    try {
      // PASSIVE: copies what no reader still needs and never waits for the writer,
      // which goes on committing while it runs.
      [result] = db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A full or failing disk (SQLITE_FULL, SQLITE_IOERR): the WAL keeps every
      // frame until a later checkpoint succeeds, so try again next time rather
      // than end the thread (docs/operations.md).
      continue;
    }
    parentPort.postMessage({ kind: 'checkpointed', id, walFrames: result.log, copiedFrames: result.checkpointed });
  }
}

setInterval(checkpointAll, intervalMs);
parentPort.on('message', (message) => {
  if (message.kind === 'add') {
    const db = new Database(message.path);
    db.pragma('busy_timeout = 5000');
    databases.set(message.id, db);
  } else if (message.kind === 'remove') {
    databases.get(message.id)?.close();
    databases.delete(message.id);
    parentPort.postMessage({ kind: 'removed', id: message.id });
  }
});
