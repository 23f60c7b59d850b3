// CPU time the local PostgreSQL server has used so far, all its processes
// together (postmaster, backends, background writers), read from /proc, so the
// bench can put the database's CPU per create beside Node's and compare both
// with what pgbench's own transaction costs on the same server (issue 20).
// Linux with PostgreSQL on this machine only; elsewhere it answers undefined.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc reports in clock ticks of USER_HZ, which Linux fixes at 100 per second for user space. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime: the process's own CPU. */
  ownTicks: number;
  /** cutime + cstime: the CPU of its children that exited and were waited for. */
  reapedTicks: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    // Fields after the command name's closing parenthesis, from field 3 (state) on.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
    const field = (index: number) => fields[index] ?? Number.NaN;
    const stat = { pid, comm, ppid: field(1), ownTicks: field(11) + field(12), reapedTicks: field(13) + field(14) };
    return Number.isFinite(stat.ownTicks) && Number.isFinite(stat.reapedTicks) ? stat : undefined;
  } catch {
    return undefined; // Gone between the directory listing and the read, or not ours to read.
  }
}

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
  const postgres = entries.map((name) => readStat(Number(name))).filter((stat): stat is ProcStat => stat?.comm === 'postgres');
  const pids = new Set(postgres.map((stat) => stat.pid));
  const postmasters = postgres.filter((stat) => !pids.has(stat.ppid));
  if (postmasters.length === 0) return undefined;
  let ticks = 0;
  for (const stat of postgres) ticks += stat.ownTicks + (pids.has(stat.ppid) ? 0 : stat.reapedTicks);
  return ticks / TICKS_PER_SECOND;
}

/** This process's waited-for children's CPU in seconds (cutime + cstime): what a child such as pgbench spent, read before and after it. */
export function reapedChildrenCpuSeconds(): number | undefined {
  const stat = readStat(process.pid);
  return stat === undefined ? undefined : stat.reapedTicks / TICKS_PER_SECOND;
}
