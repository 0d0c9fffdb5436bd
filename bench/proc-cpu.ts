import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) of a process, or of one of its threads, as Linux counts it in /proc. */
export const cpuMs = (pid: number, thread?: number) => {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
};
/** USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * What a stretch of work cost a server process: CPU ms on its request thread (the main thread, whose id is the
 * process's) and in the whole process (the projection thread, LMDB's writes and fsyncs, the garbage collector's
 * helpers), and in this process (the load generator).
 */
export const measureCpu = (pid: number) => {
  const thread = cpuMs(pid, pid);
  const whole = cpuMs(pid);
  const threads = cpuMsByThread(pid);
  const here = process.cpuUsage();
  return () => ({
    requestThreadMs: cpuMs(pid, pid) - thread,
    serverMs: cpuMs(pid) - whole,
    busiestOtherThreadMs: busiestOtherThread(pid, threads, cpuMsByThread(pid)),
    loadGeneratorMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(here)),
  });
};

/** CPU ms of each of a process's threads, by thread id (the scheduler's nanosecond count, see `threadsCpuMs`). */
const cpuMsByThread = (pid: number) => {
  const byThread = new Map<string, number>();
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      byThread.set(thread, Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byThread;
};

/**
 * The CPU ms of the thread that spent most between two readings, the request thread aside: in the embedded server
 * and in the durable floor alike, the projection thread (the others are libuv's pool and V8's helpers, each a few
 * hundredths of a millisecond per command), so that a row can say on which thread a command's cost lies.
 */
const busiestOtherThread = (pid: number, before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>) => {
  let busiest = 0;
  for (const [thread, ms] of after) if (thread !== String(pid)) busiest = Math.max(busiest, ms - (before.get(thread) ?? 0));
  return busiest;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a process's start-up work (compiling, catching up, first rounds) is over: `quietWindows` windows
 * in a row of `windowMs` in each of which it spends at most `quietMsPerSecond`, or `maxWindows` windows, whichever
 * comes first.
 */
export const settle = async (pid: number, { windowMs = 2_000, quietMsPerSecond = 10, maxWindows = 30, quietWindows = 1 } = {}) => {
  let quiet = 0;
  for (let window = 0; window < maxWindows; window++) {
    const before = cpuMs(pid);
    await sleep(windowMs);
    quiet = ((cpuMs(pid) - before) * 1000) / windowMs <= quietMsPerSecond ? quiet + 1 : 0;
    if (quiet >= quietWindows) return;
  }
};

/**
 * CPU time (ms) of a process's threads, from the scheduler's own count in nanoseconds (the first field of
 * /proc/<pid>/task/<tid>/schedstat). /proc's `stat` counts in ticks of 10 ms: over a 20 s window each tick is 0.5 ms
 * a second, as coarse as the idle target itself (an idle server read 0.50 in one run and 2.00 in the next, 1 tick
 * and 4). Only the threads alive when it is read are counted, which a process at rest does not change.
 */
export const threadsCpuMs = (pid: number) => {
  let nanoseconds = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return nanoseconds / 1e6;
};

/** CPU ms a second each process spends over the same `seconds` (measured side by side, so a busy moment of the machine touches each). */
export const idleCpuPerSecond = async (pids: readonly number[], seconds: number) => {
  const before = pids.map((pid) => threadsCpuMs(pid));
  await sleep(seconds * 1000);
  return pids.map((pid, index) => (threadsCpuMs(pid) - before[index]!) / seconds);
};
