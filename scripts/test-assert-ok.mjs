// Loaded into every test process by scripts/run-tests.mjs (`--import`).
//
// Why: under Node 20, a failing `assert.ok(value)` without a message makes node
// build one by reading the test's source file at the line and column V8 reports
// (internal/assert/utils getErrMessage). tsx hands V8 whitespace-minified code
// (esbuild minifyWhitespace: a whole ES module on line 1), so the position V8
// reports never matches the TypeScript file on disk: node tokenizes the file and
// re-parses it from every token up to that column, finds nothing, and when the
// file runs on past that column by exactly the 2,500 bytes it read ahead, its
// reader asks for 0 more bytes and recurses on the same text until the stack
// overflows. That is minutes of synchronous CPU (272 s for post-entry.test.ts),
// during which no timer, so no test timeout, can fire. The message it would
// produce is never found under tsx anyway: the fallback is "false == true".
//
// So a failing `assert.ok` throws the AssertionError node would (with the
// message given, else naming the value), at once, without reading any file, and
// its stack starts at the test's call. A passing one runs node's own `ok`.
// docs/testing.md.
import assert, { AssertionError } from 'node:assert';
import strict from 'node:assert/strict';
import { inspect } from 'node:util';
import { syncBuiltinESMExports } from 'node:module';

const nodeOk = assert.ok;

function ok(...args) {
  if (args.length === 0 || args[0]) return nodeOk.apply(this, args);
  const [value, message] = args;
  if (message instanceof Error) throw message;
  const error = new AssertionError({
    message: message ?? `The expression evaluated to a falsy value: ${inspect(value)}`,
    actual: value,
    expected: true,
    operator: '==',
    stackStartFn: ok,
  });
  error.generatedMessage = message === undefined;
  throw error;
}

// `assert.ok` on both node:assert and node:assert/strict is the same function
// object; `import { ok } from 'node:assert'` reads the synced named export.
assert.ok = ok;
strict.ok = ok;
syncBuiltinESMExports();
