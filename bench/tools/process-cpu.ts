// CPU time a process has used so far (all its threads, user and kernel), read
// from /proc, so the bench can say what each server spent per request in the
// same run. Linux only: elsewhere it answers undefined and the column says so.
import { readFileSync } from 'node:fs';

/** /proc reports in clock ticks of USER_HZ, which Linux fixes at 100 per second for user space. */
const TICKS_PER_SECOND = 100;

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
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
