// Mutation testing (issue 15; docs/testing.md "Mutation testing"). Run one
// scope at a time: `npm run test:mutation -- ledger` (scopes below). StrykerJS
// changes the scope's source one small way at a time (a mutant) and runs the
// test files that reach the changed code: a mutant that no test notices
// "survives". Test files run one process each through the tap runner (node:test
// writes TAP when its output is not a terminal), with tsx and the same assert
// preload as `npm test`, on SQLite only (RAILYARD_TEST_STORES=sqlite, set by
// scripts/mutation.mjs): the PostgreSQL runs check the store, not the logic
// mutated here, and would double the time.
const SCOPES = {
  ledger: {
    mutate: ['packages/server/src/ledger/**/*.ts'],
    tests: ['packages/server/test/ledger/**/*.test.ts'],
  },
  auth: {
    mutate: ['packages/server/src/domain/auth/**/*.ts', 'packages/server/src/http/register-operation.ts'],
    // Every file that sends a request reaches register-operation.ts, so a
    // surviving mutant there (and a module-level one, which runs every file)
    // ran all of http/ and matrix/: about 230 s a mutant on one core, hours for
    // the scope. Measured on SQLite (26 Nov), left out: junk.test.ts (44 s; its
    // refusals of a /ping.read token are the matrix's 403 checks, per
    // operation), root-page.test.ts (the root page is served beside the
    // registry, not through registerOperation), api-pressure.test.ts (the
    // webhook worker's pressure signal), validation-messages.test.ts and
    // handler-headers.test.ts (no request: issuesToMap and compile-time types),
    // matrix/coverage.test.ts (reads the registry, sends nothing).
    tests: [
      'packages/server/test/http/*-mutants.test.ts',
      'packages/server/test/http/{pipeline,oauth,login-limits,secret-hashing,random-token,scopes-connect-tos}.test.ts',
      'packages/server/test/http/{not-found-reasons,path-dots,trailing-slash,rate-limit,edge}.test.ts',
      'packages/server/test/matrix/matrix.test.ts',
    ],
  },
  visibility: {
    mutate: ['packages/server/src/store/repos/account-visibility.ts', 'packages/server/src/store/repos/transfer-parties.ts'],
    tests: [
      'packages/server/test/accounts/**/*.test.ts',
      'packages/server/test/transfers/read-update.test.ts',
      'packages/server/test/transfer-options/**/*.test.ts',
      'packages/server/test/payment-methods/**/*.test.ts',
      'packages/server/test/receipts/**/*.test.ts',
      'packages/server/test/matrix/**/*.test.ts',
    ],
  },
  transfers: {
    mutate: ['packages/server/src/domain/transfers/*.ts'],
    // The rails' tests drive domain/transfers/*.ts too, but they are the rails
    // scope's: with them every surviving mutant here ran some 35 files (about
    // 50 s a mutant, over an hour for the scope on 2 cores, measured 27 Nov).
    // What the rails walk of the shared code (the state machine's edges, the
    // pair and limit tables) is pinned here by literal tables instead
    // (transfers/state-machine-tables, pairs-limits-mutants).
    tests: ['packages/server/test/transfers/**/*.test.ts', 'packages/server/test/cancellations/**/*.test.ts'],
  },
  rails: {
    mutate: ['packages/server/src/domain/transfers/rails/**/*.ts'],
    // Narrowed to the files that drive the rails (ACH, card, RTP, wallet, the
    // calendar, each rail's cancel): the other transfers/ and cancellations/
    // files check the request rules, the state machine and reads of
    // domain/transfers/*.ts (the transfers scope), reach the rails only through
    // wallet transfers the rails tests already make, and would more than double
    // each surviving mutant's run (the property test alone takes 20 s). The
    // options' refusals that request-rules.test.ts checks are pinned, message by
    // message, by rails/options-mutants.test.ts.
    tests: [
      'packages/server/test/rails/**/*.test.ts',
      'packages/server/test/cancellations/rails-cancel.test.ts',
      'packages/server/test/transfers/paced-wallet.test.ts',
    ],
  },
};

const scopeName = process.env.RAILYARD_MUTATION_SCOPE ?? 'ledger';
const scope = SCOPES[scopeName];
if (!scope) throw new Error(`unknown mutation scope ${scopeName}: one of ${Object.keys(SCOPES).join(', ')}`);
// A quick pass over part of a scope (with `--mutate <glob>`): RAILYARD_MUTATION_TESTS,
// comma-separated globs, runs only those test files. A mutant they kill is killed by
// the scope's whole set too, so the score of such a pass is a lower bound.
const testsOverride = process.env.RAILYARD_MUTATION_TESTS?.split(',').map((glob) => glob.trim()).filter(Boolean);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  tap: {
    testFiles: testsOverride?.length ? testsOverride : scope.tests,
    nodeArgs: ['--import', 'tsx', '--import', './scripts/test-assert-ok.mjs', '-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  mutate: scope.mutate,
  // Each test file is one "test": only the files that reach a mutant run for it.
  coverageAnalysis: 'perTest',
  // The types are checked by `npm run typecheck`; a mutant that would not
  // compile still runs under tsx and is counted like any other.
  checkers: [],
  concurrency: Number(process.env.RAILYARD_MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  timeoutFactor: 2,
  // The initial run of every test file of a scope, with coverage: Stryker's
  // default bound of 5 minutes ended a visibility run (12 files) on a loaded
  // 2-core machine.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: `reports/mutation/${scopeName}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${scopeName}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['bench', 'docs', 'reports', 'packages/cli/dist', 'packages/dashboard', '.ci'],
};
