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
 * One scan reads the processes one after another, the postmaster (the lowest
 * PID) first. A backend reaped after the postmaster was read but before its
 * own turn would be in neither sum: read right after a pgbench run, as its
 * backends exit, the database's CPU per transaction came out short by up to
 * 85 % (bench/README.md, "A slower disk, and the database's own tail at the
 * same rate"). So each scan reads the postmasters again at its end and is kept
 * only if their reaped sums did not move meanwhile: nothing was reaped during
 * it, and an exited backend not yet reaped still shows its CPU in /proc (a
 * zombie keeps its times).
 */
export function postgresCpuSeconds(): number | undefined {
  for (let scan = 0; scan < MAX_SCANS; scan++) {
    const reading = scanOnce();
    if (reading !== 'reaped meanwhile') return reading;
  }
  return undefined;
}

function scanOnce(): number | undefined | 'reaped meanwhile' {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const postgres = entries.map((name) => readProcStat(Number(name))).filter((stat): stat is ProcStat => stat?.comm === 'postgres');
  const pids = new Set(postgres.map((stat) => stat.pid));
  const postmasters = postgres.filter((stat) => !pids.has(stat.ppid));
  if (postmasters.length === 0) return undefined;
  let ticks = 0;
  for (const stat of postgres) ticks += stat.ownTicks + (pids.has(stat.ppid) ? 0 : stat.reapedTicks);
  const moved = postmasters.some((postmaster) => readProcStat(postmaster.pid)?.reapedTicks !== postmaster.reapedTicks);
  return moved ? 'reaped meanwhile' : ticks / TICKS_PER_SECOND;
}

/** This process's waited-for children's CPU in seconds (cutime + cstime): what a child such as pgbench spent, read before and after it. */
export function reapedChildrenCpuSeconds(): number | undefined {
  const stat = readProcStat(process.pid);
  return stat === undefined ? undefined : stat.reapedTicks / TICKS_PER_SECOND;
}
