import type { Sql } from '../../src/store/port.ts';

/**
 * `sql` that calls `note` with the text of every statement before it runs it
 * (each statement of a batch), whatever the adapter then does with it: for tests
 * and tools that count or order what a unit of work asks.
 */
export function notingSql(sql: Sql, note: (text: string) => void): Sql {
  return {
    all: (text, params) => (note(text), sql.all(text, params)),
    get: (text, params) => (note(text), sql.get(text, params)),
    readBeforeWrites: (text, params) => (note(text), sql.readBeforeWrites(text, params)),
    run: (text, params) => (note(text), sql.run(text, params)),
    defer: (text, params) => (note(text), sql.defer(text, params)),
    batch: (list) => (list.forEach((statement) => note(statement.sql)), sql.batch(list)),
    beforeCommit: (task) => sql.beforeCommit(task),
    holdsNoLock: () => sql.holdsNoLock(),
    shareCommit: (key, locks) => sql.shareCommit(key, locks),
  };
}
