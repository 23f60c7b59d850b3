// CPU time the local PostgreSQL server has used so far, all its processes
// together (postmaster, backends, background writers), read from /proc, so the
// bench can put the database's CPU per create beside Node's and compare both
// with what pgbench's own transaction costs on the same server (issue 20).
// Linux with PostgreSQL on this machine only; elsewhere it answers undefined.
import { readdirSync } from 'node:fs';
import { readProcStat, TICKS_PER_SECOND, type ProcStat } from './process-cpu.ts';

/** Scans of /proc before a reading gives up (answers undefined): each retry means a backend was reaped mid-scan. */
const MAX_SCANS = 200;

/**
 * The PostgreSQL server's CPU in seconds: each postmaster's own and reaped
 * children's CPU, plus its live children's own. A backend that exits between
 * two readings moves from the live sum to the postmaster's reaped sum, so the
 * total only grows and a difference of two readings counts every backend,
 * pgbench's short-lived connections too.
 *
 * A scan reads the processes one after another. A backend reaped between its
 * own turn and the postmaster's would be counted twice (read live, then in the
 * reaped sum), and one reaped between the postmaster's turn and its own not at
 * all (gone from /proc, not yet in the reaped sum as read); PIDs wrap around,
 * so backends come before the postmaster as often as after. Read right after a
 * pgbench run, as its backends exit, the database's CPU per transaction came
 * out short by up to 85 % (bench/README.md, "A slower disk, and the database's
 * own tail at the same rate"). So each scan reads the postmasters' reaped sums
 * before and after its pass over the processes, and is kept only if they did
 * not move: nothing was reaped during the pass, and an exited backend not yet
 * reaped still shows its CPU in /proc (a zombie keeps its times).
 */
export function postgresCpuSeconds(): number | undefined {
  for (let scan = 0; scan < MAX_SCANS; scan++) {
    const reading = scanOnce();
    if (reading !== 'reaped meanwhile') return reading;
  }
  return undefined;
}

/** The PostgreSQL server's processes as read now, and which of them are postmasters; undefined without /proc or a postmaster. */
function postgresProcesses(): { postgres: ProcStat[]; isPostmaster: (stat: ProcStat) => boolean } | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const postgres = entries.map((name) => readProcStat(Number(name))).filter((stat): stat is ProcStat => stat?.comm === 'postgres');
  const pids = new Set(postgres.map((stat) => stat.pid));
  const isPostmaster = (stat: ProcStat) => !pids.has(stat.ppid);
  return postgres.some(isPostmaster) ? { postgres, isPostmaster } : undefined;
}

function scanOnce(): number | undefined | 'reaped meanwhile' {
  // A first pass only finds the postmasters, whose reaped sums then bracket the pass that counts.
  const first = postgresProcesses();
  if (!first) return undefined;
  const postmasterPids = first.postgres.filter(first.isPostmaster).map((stat) => stat.pid);
  const reapedNow = () => postmasterPids.map((pid) => readProcStat(pid)?.reapedTicks).join(',');
  const before = reapedNow();
  const found = postgresProcesses();
  if (!found) return undefined;
  let ticks = 0;
  for (const stat of found.postgres) ticks += stat.ownTicks + (found.isPostmaster(stat) ? stat.reapedTicks : 0);
  return reapedNow() === before ? ticks / TICKS_PER_SECOND : 'reaped meanwhile';
}

/** This process's waited-for children's CPU in seconds (cutime + cstime): what a child such as pgbench spent, read before and after it. */
export function reapedChildrenCpuSeconds(): number | undefined {
  const stat = readProcStat(process.pid);
  return stat === undefined ? undefined : stat.reapedTicks / TICKS_PER_SECOND;
}
