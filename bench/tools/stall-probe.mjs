// A preload that notes when this Node process stopped answering: every event-loop stall over
// 15 ms and every garbage collection pause over 5 ms, with the UTC time, one line each, appended
// to $BENCH_STALL_LOG/<pid>.log. Where Linux gives the main thread's scheduler figures
// (/proc/thread-self/schedstat), a stall also says how much of it the thread ran (JavaScript,
// GC) and how much it waited, runnable, for a core another process held. What the two leave of a
// stall on a virtual machine is time the host took the virtual core away (steal), counted by
// neither. To match a latency tail (the bench's "slowest 100 ms windows") against what the server
// was doing then:
//   BENCH_STALL_LOG=/tmp/stalls BENCH_RAILYARD_NODE_ARGS="--import ./bench/tools/stall-probe.mjs" npm run bench -- …
// Plain JavaScript: it loads before tsx does.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

const TICK_MS = 5;
const STALL_MS = 15;
const GC_MS = 5;

const dir = process.env['BENCH_STALL_LOG'];
if (dir) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.log`);
  const utc = (epochMs) => new Date(epochMs).toISOString().slice(11, 23);
  const ms = (ns) => Math.round(ns / 1e6);
  appendFileSync(file, `start ${process.argv.slice(1).join(' ').slice(0, 200)}\n`);
  // A timer due every TICK_MS that fires late by more than STALL_MS: the loop was busy or the process was not scheduled.
  let last = Date.now();
  let lastSched = schedstat();
  setInterval(() => {
    const now = Date.now();
    const sched = schedstat();
    const late = now - last - TICK_MS;
    if (late > STALL_MS) {
      const split = sched && lastSched ? ` (ran ${ms(sched.ranNs - lastSched.ranNs)} ms, waited for a core ${ms(sched.waitedNs - lastSched.waitedNs)} ms)` : '';
      appendFileSync(file, `stall ${utc(last)} ${late} ms${split}\n`);
    }
    last = now;
    lastSched = sched;
  }, TICK_MS).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > GC_MS) appendFileSync(file, `gc ${utc(performance.timeOrigin + entry.startTime)} ${entry.duration.toFixed(1)} ms (kind ${entry.detail?.kind})\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}

/** This thread's time on a core and time runnable but waiting for one, in ns; undefined off Linux. */
function schedstat() {
  try {
    const [ranNs, waitedNs] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { ranNs, waitedNs };
  } catch {
    return undefined;
  }
}
