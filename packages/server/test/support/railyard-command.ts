import { resolve } from 'node:path';

/** The command's TypeScript entry, run through tsx when the run built nothing. */
const SOURCE_ENTRY = resolve(import.meta.dirname, '../../../cli/src/main.ts');

/**
 * How a test starts the `railyard` command as a child process: the arguments for `node` before the
 * command's own (`serve`, `admin …`, `mcp start`, `events tail`).
 *
 * `npm test` builds the command from the sources as they are at the run's start
 * (scripts/build-tests.mjs, buildCli) and names its entry in RAILYARD_TEST_CLI: a child then loads
 * a few bundled chunks instead of ~500 TypeScript modules through tsx, about half the CPU per child
 * (docs/testing.md, "The CLI the tests start"). A file run alone, or `RAILYARD_TEST_BUNDLE=0 npm
 * test`, runs the sources through tsx. Either way the child runs today's sources, never
 * packages/cli/dist, which may be older (decision 0209); the bin's own choice is build.test.ts's.
 */
export function railyardCommand(): string[] {
  const built = process.env.RAILYARD_TEST_CLI;
  return built ? [built] : ['--import', 'tsx', SOURCE_ENTRY];
}
