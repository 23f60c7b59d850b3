// CPU time the local PostgreSQL server has used so far, all its processes
// together (postmaster, backends, background writers), read from /proc, so the
// bench can put the database's CPU per create beside Node's and compare both
// with what pgbench's own transaction costs on the same server (issue 20).
// Linux with PostgreSQL on this machine only; elsewhere it answers undefined.
import { readdirSync } from 'node:fs';
import { readProcStat, TICKS_PER_SECOND, type ProcStat } from './process-cpu.ts';

/**
 * The PostgreSQL server's CPU in seconds: each postmaster's own and reaped
 * children's CPU, plus its live children's own. A backend that exits between
 * two readings moves from the live sum to the postmaster's reaped sum, so the
 * total only grows and a difference of two readings counts every backend,
 * pgbench's short-lived connections too.
 */
export function postgresCpuSeconds(): number | undefined {
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
  return ticks / TICKS_PER_SECOND;
}

/** This process's waited-for children's CPU in seconds (cutime + cstime): what a child such as pgbench spent, read before and after it. */
export function reapedChildrenCpuSeconds(): number | undefined {
  const stat = readProcStat(process.pid);
  return stat === undefined ? undefined : stat.reapedTicks / TICKS_PER_SECOND;
}
