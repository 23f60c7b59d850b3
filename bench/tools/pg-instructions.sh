#!/usr/bin/env bash
# PostgreSQL's instructions per wallet→wallet create, counted by valgrind's callgrind: a figure that
# does not move with the host's load as CPU time does (bench/README.md, "A slower machine again, and
# what a create's events cost"). It starts a throwaway PostgreSQL cluster under callgrind on its own
# port, runs transfer-cpu.ts twice on it (--n SMALL, then --n LARGE creates, one at a time so that
# no lock wait is counted, 32 wallet pairs) and divides the difference of its backends' instructions
# by the difference of creates, so the set-up's own instructions (schema, accounts, wallets) cancel
# out. Node is not counted.
#   bash bench/tools/pg-instructions.sh [--small 100] [--large 1000] [--keep DIR]
# --keep DIR: each run's counts files are copied to DIR/<creates>/, for callgrind_annotate (which
# functions the instructions went to; the difference of the two runs is what the creates cost).
# PG_INSTRUCTIONS_INITDB_ARGS: more initdb options for the throwaway cluster (`--locale=C`, say).
# Needs valgrind and PostgreSQL's server binaries (pg_config --bindir); run as root, it runs the
# cluster as the `postgres` user. Takes about a minute: PostgreSQL runs ~50 times slower under callgrind.
set -euo pipefail

small=100
large=1000
keep=
port=${PG_INSTRUCTIONS_PORT:-5499}
while [ $# -gt 0 ]; do
  case $1 in
    --small) small=$2; shift 2 ;;
    --large) large=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "unknown option: $1 (use --small N --large N --keep DIR)" >&2; exit 2 ;;
  esac
done
for value in "$small" "$large"; do
  [[ $value =~ ^[0-9]+$ ]] && [ "$value" -ge 1 ] && [ "$value" -le 5000 ] || { echo "--small and --large must be 1..5000" >&2; exit 2; }
done
[ "$small" -lt "$large" ] || { echo "--small must be less than --large" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }

bindir=$(pg_config --bindir)
repo=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d /tmp/railyard-pg-instructions.XXXXXX)
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else bash -c "$1"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"

stop() {
  as_postgres "$bindir/pg_ctl -D $dir/data stop -m fast" > /dev/null 2>&1 || true
  # valgrind writes each process's counts as it exits, after pg_ctl has seen the postmaster go.
  for _ in $(seq 1 60); do pgrep -f "$dir" > /dev/null || break; sleep 0.5; done
  rm -rf "$dir" || true
}
trap stop EXIT

as_postgres "$bindir/initdb -D $dir/data -A trust -U postgres ${PG_INSTRUCTIONS_INITDB_ARGS:-}" > "$dir/initdb.log" 2>&1
# Every backend is a child of the postmaster: --trace-children gives each its own counts file, written when it exits.
as_postgres "cd $dir && nohup valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=$dir/cg.%p \
  $bindir/postgres -D $dir/data -p $port -k $dir -c listen_addresses=127.0.0.1 -c autovacuum=off > $dir/postgres.log 2>&1 &"
for _ in $(seq 1 120); do
  as_postgres "$bindir/pg_isready -q -h 127.0.0.1 -p $port" && break
  sleep 1
done
as_postgres "$bindir/psql -q -h 127.0.0.1 -p $port -U postgres -d postgres -c 'CREATE DATABASE test'"

# The instructions of the backends that one run of transfer-cpu.ts used (their files appear as they exit).
instructions_of_run() {
  local n=$1 before files total=0 file count last=-1 steady=0
  before=$(ls "$dir"/cg.* | sort)
  (cd "$repo" && TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/test" \
    node --import tsx bench/tools/transfer-cpu.ts --n "$n" --warmup 0 --kind postgres --concurrency 1 --pairs 32 > "$dir/run-$n.log" 2>&1)
  # The pool's backends exit once the run closes it, each writing its file: done when their number holds for 3 s.
  for _ in $(seq 1 60); do
    files=$(comm -13 <(echo "$before") <(ls "$dir"/cg.* | sort))
    count=$(echo "$files" | grep -c . || true)
    if [ "$count" -ge 1 ] && [ "$count" -eq "$last" ]; then steady=$((steady + 1)); else steady=0; fi
    [ "$steady" -ge 3 ] && break
    last=$count
    sleep 1
  done
  echo "$n creates: $count backends" >&2
  for file in $files; do
    total=$((total + $(awk '/^summary:/ { print $2; exit }' "$file")))
    if [ -n "$keep" ]; then mkdir -p "$keep/$n" && cp "$file" "$keep/$n/"; fi
  done
  echo "$total"
}

first=$(instructions_of_run "$small")
second=$(instructions_of_run "$large")
per_create=$(( (second - first) / (large - small) ))
echo "PostgreSQL instructions per create: $per_create ($small creates: $first, $large creates: $second; set-up cancelled out)"
