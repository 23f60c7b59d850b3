#!/usr/bin/env bash
# Issue 15's seven deliberate bugs (docs/testing.md, "Deliberate bugs, caught"), each applied
# alone to the working tree, the one test file that should catch it run on SQLite,
# the file restored. Every line must end "exit 1" with failures and take seconds.
# `npm run test:deliberate-bugs`. Puts the file back on Ctrl-C too (from a copy, so uncommitted edits survive).
set -uo pipefail
cd "$(dirname "$0")/.."
export RAILYARD_TEST_STORES=sqlite
backup=$(mktemp)
output=$(mktemp)
current=''
uncaught=0
restore() { if [ -n "$current" ]; then cp "$backup" "$current"; current=''; fi; }
trap 'restore; exit 130' INT TERM

apply() { # file old new: replace exactly one occurrence
  python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f'{path}: {old!r} found {text.count(old)} times')
open(path, 'w').write(text.replace(old, new))
PY
}

bug() { # name file old new test
  local name="$1" file="$2" old="$3" new="$4" test="$5"
  cp "$file" "$backup"
  current="$file"
  apply "$file" "$old" "$new" || { restore; echo "$name | could not apply"; return; }
  local start end rc
  start=$(date +%s%N)
  timeout 300 node --import tsx --import ./scripts/test-assert-ok.mjs "$test" > "$output" 2>&1
  rc=$?
  end=$(date +%s%N)
  restore
  # Caught means the test file failed (exit 1) with at least one failing test, not a timeout (124).
  if [ "$rc" -ne 1 ] || ! grep -qE '^# fail [1-9]' "$output"; then uncaught=$((uncaught + 1)); name="NOT CAUGHT: $name"; fi
  printf '%s | %s | exit %s | %s | %s | %d.%d s\n' "$name" "$test" "$rc" \
    "$(grep -E '^# pass' "$output")" "$(grep -E '^# fail' "$output")" \
    $(((end - start) / 1000000000)) $((((end - start) / 100000000) % 10))
}

bug 'listTransferRows with OR 1 = 1' packages/server/src/store/repos/transfers.ts \
  "const where = ['platform_id = ?'];" "const where = ['(platform_id = ? OR 1 = 1)'];" \
  packages/server/test/matrix/matrix.test.ts
bug 'scope check skipped for transfers.create' packages/server/src/http/register-operation.ts \
  'if (caller?.scopes && !holdsScopes' "if (caller?.scopes && op.id !== 'transfers.create' && !holdsScopes" \
  packages/server/test/matrix/matrix.test.ts
bug 'scope check skipped for wallets.list' packages/server/src/http/register-operation.ts \
  'if (caller?.scopes && !holdsScopes' "if (caller?.scopes && op.id !== 'wallets.list' && !holdsScopes" \
  packages/server/test/matrix/matrix.test.ts
bug 'wallet rail idempotency reference random' packages/server/src/domain/transfers/rails/wallet.ts \
  "{ ...reference(transfer, 'move'), postings }" "{ ...reference(transfer, 'move'), idempotencyRef: crypto.randomUUID(), postings }" \
  packages/server/test/rails/step-idempotency.test.ts
bug 'RTP failure trigger 77.05 -> 78.05' packages/server/src/domain/transfers/rails/rtp/triggers.ts \
  '[7705, {' '[7805, {' \
  packages/server/test/rails/sandbox-tables.test.ts
bug 'ledger guard allows a $1,000 overdraft' packages/server/src/ledger/post-entry.ts \
  "  return 0;
}

function bucketTarget" "  return -100_000;
}

function bucketTarget" \
  packages/server/test/ledger/post-entry.test.ts
bug 'Luhn check broken' packages/server/src/domain/sources/card-number.ts \
  '  return sum % 10 === 0;' '  return sum % 10 <= 9;' \
  packages/server/test/sources/verify-card.test.ts
rm -f "$backup" "$output"
if [ "$uncaught" -gt 0 ]; then echo "$uncaught of 7 deliberate bugs not caught"; exit 1; fi
echo "all 7 deliberate bugs caught"
