import { readFileSync } from 'node:fs';

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
  const here = process.cpuUsage();
  return () => ({
    requestThreadMs: cpuMs(pid, pid) - thread,
    serverMs: cpuMs(pid) - whole,
    loadGeneratorMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(here)),
  });
};
