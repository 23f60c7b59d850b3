// CPU time a process has used so far (all its threads, user and kernel), read
// from /proc, so the bench can say what each server spent per request in the
// same run. Linux only: elsewhere it answers undefined and the column says so.
import { readFileSync } from 'node:fs';

/** /proc reports in clock ticks of USER_HZ, which Linux fixes at 100 per second for user space. */
export const TICKS_PER_SECOND = 100;

/** What the bench reads of a process's `/proc/<pid>/stat`. */
export interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime: the process's own CPU, in ticks. */
  ownTicks: number;
  /** cutime + cstime: the CPU of its children that exited and were waited for, in ticks. */
  reapedTicks: number;
}

/** A process's stat line, or undefined when it is gone, not ours to read, or not Linux. */
export function readProcStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its
    // closing one, from field 3 (state) on.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
    const field = (index: number) => fields[index] ?? Number.NaN;
    const stat = { pid, comm, ppid: field(1), ownTicks: field(11) + field(12), reapedTicks: field(13) + field(14) };
    return Number.isFinite(stat.ownTicks) && Number.isFinite(stat.reapedTicks) ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds read before and after some work, per unit of it, in µs; undefined when a reading or the count is missing. */
export function cpuMicrosPer(before: number | undefined, after: number | undefined, units: number): number | undefined {
  return before === undefined || after === undefined || units <= 0 ? undefined : Math.round(((after - before) * 1e6) / units);
}

/**
 * The process's CPU and its direct children's (the worker processes of
 * `serve --workers N`, whose primary spends almost nothing itself).
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const own = ownCpuSeconds(pid);
  if (own === undefined) return undefined;
  let children = 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) {
      children += ownCpuSeconds(Number(child)) ?? 0;
    }
  } catch {
    // No children file (kernel without CONFIG_PROC_CHILDREN): the process alone.
  }
  return own + children;
}

function ownCpuSeconds(pid: number): number | undefined {
  const stat = readProcStat(pid);
  return stat === undefined ? undefined : stat.ownTicks / TICKS_PER_SECOND;
}
