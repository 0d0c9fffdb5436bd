import { Worker } from 'node:worker_threads';
import type { Logger } from '@vis/infrastructure';
import { ResumeRefusedError, UnknownProjectionError, type ProjectionEngine, type RebuildProgress } from '@vis/projections';

/** What the embedded server hands its projection thread. */
export interface ProjectionThreadData {
  dataDir: string;
  logLevel: string;
  /** Wake-ups posted and not yet taken, one slot each way (`WAKE_PENDING`): see `postOnce`. */
  pending: SharedArrayBuffer;
}

/** Slots of `ProjectionThreadData.pending`: 1 while an `appended` (to the thread) or a `committed` (from it) is on its way. */
export const WAKE_PENDING = { appended: 0, committed: 1 } as const;

/**
 * Posts a wake-up unless one is already on its way and not yet taken: a burst of commits costs the other thread one
 * message and one read, not one each. The receiver clears the slot before it reads (`takeWake`), so a commit made
 * after the clear posts again, and one made before it is seen by that read: none is missed. (Atomics are
 * sequentially consistent: the sender's commit, then its compare-exchange that found 1, come before the
 * receiver's clear, and so before its read.)
 */
export const postOnce = (pending: Int32Array, slot: number, post: () => void) => {
  if (Atomics.compareExchange(pending, slot, 0, 1) === 0) post();
};
/** The receiving side of `postOnce`: called as the wake-up is taken, before reading what it announces. */
export const takeWake = (pending: Int32Array, slot: number) => Atomics.store(pending, slot, 0);

type Callable = 'names' | 'report' | 'metricsReport' | 'dryRun' | 'claim' | 'rebuild' | 'resume' | 'verify' | 'asOf';
export type EngineCall = { [M in Callable]: { id: number; method: M; args: Parameters<ProjectionEngine[M]> } }[Callable];

export type ToEngineThread = { kind: 'appended' } | { kind: 'stop' } | { kind: 'call'; call: EngineCall };
export type FromEngineThread =
  | { kind: 'started' }
  | { kind: 'stopped' }
  | { kind: 'committed' }
  | { kind: 'caughtUp'; caughtUp: boolean }
  | { kind: 'progress'; progress: RebuildProgress }
  | { kind: 'log'; line: string }
  | { kind: 'result'; id: number; result?: unknown; error?: { name: string; message: string } };

/** The engine's refusals keep their class across the thread: the ops API answers them with 404 and 409. */
const rebuildError = ({ name, message }: { name: string; message: string }): Error => {
  if (name === 'ResumeRefusedError') return new ResumeRefusedError(message);
  if (name === 'UnknownProjectionError') return Object.assign(Object.create(UnknownProjectionError.prototype) as Error, { message, name });
  const error = new Error(message);
  error.name = name;
  return error;
};

const PINO_LEVELS: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** A line the thread's pino wrote, logged again by the server's logger with its fields (minus pino's own). */
const relog = (logger: Logger, line: string) => {
  const {
    level,
    msg,
    time: _time,
    pid: _pid,
    hostname: _hostname,
    ...fields
  } = JSON.parse(line) as Record<string, unknown> & { level: number; msg?: string };
  logger[PINO_LEVELS[level] ?? 'info'](fields, msg);
};

/**
 * The projection thread's young generation: 192 MB (64 MB semi-spaces) rather than V8's default of 48. A read-model
 * document is kept (the engine's `recentlyWritten`, the store's parsed cache) until the next command on its project
 * replaces it: with the default, scavenges came about every 94 commands whatever the rate, so with 100 projects most
 * versions lived through two of them and were promoted (~18 KB a command at 1,000/s), and a full collection every
 * 2–3 s paused the thread for the lag's p99. V8 grows the young generation only as much as survivors ask, so a
 * server at rest keeps the small one. Measured A/B in docs/benchmarks.md.
 */
const PROJECTION_THREAD_YOUNG_GENERATION_MB = 192;

/** Node options about a thread's own warnings, errors and profiles: the only ones of the parent's the thread takes. */
const THREAD_OPTION =
  /^--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|trace-uncaught|unhandled-rejections=.+|conditions=.+|(cpu|heap)-prof|(cpu|heap)-prof-(dir|name|interval)=.+)$/;

/**
 * The parent's node options passed on to the projection thread. Not the others: V8's (`--max-old-space-size`,
 * `--max-semi-space-size`, `--trace-gc`) and node's per-process ones hold for every thread already, and a worker
 * given them refuses to start (ERR_WORKER_INVALID_EXEC_ARGV), so `node --max-old-space-size=4096
 * dist/embedded/main.mjs` failed; loader flags (`--import tsx`) would apply twice or, under a test runner, not at
 * all (the thread registers tsx itself, projection-worker.mjs).
 */
export const threadExecArgv = (execArgv: readonly string[]) => execArgv.filter((argument) => THREAD_OPTION.test(argument));

/**
 * Starts the projection engine on a worker thread over the embedded data directory and answers as the engine
 * would (`ProjectionEngine`): calls cross by message, `isCaughtUp` reads what the thread last said.
 * `appended` wakes the thread's subscriptions after the main thread's appends; `onCommitted` hears the thread's
 * read-model writes (the main thread's document store follows its change log at once).
 */
export const startProjectionThread = async ({ dataDir, logger, onCommitted }: { dataDir: string; logger: Logger; onCommitted: () => void }) => {
  // From the bundle npm start runs (scripts/build-embedded.ts) the same URL is the compiled worker beside main.mjs.
  const pendingWakes = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const pending = new Int32Array(pendingWakes);
  const worker = new Worker(new URL('./projection-worker.mjs', import.meta.url), {
    workerData: { dataDir, logLevel: logger.level, pending: pendingWakes } satisfies ProjectionThreadData,
    execArgv: threadExecArgv(process.execArgv),
    resourceLimits: { maxYoungGenerationSizeMb: PROJECTION_THREAD_YOUNG_GENERATION_MB },
  });
  const post = (message: ToEngineThread) => worker.postMessage(message);
  let caughtUp = false;
  let nextId = 0;
  const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const progressListeners = new Set<(progress: RebuildProgress) => void>();
  const caughtUpListeners = new Set<() => void>();
  let started!: () => void;
  let stopped!: () => void;
  const whenStarted = new Promise<void>((resolve) => (started = resolve));
  const whenStopped = new Promise<void>((resolve) => (stopped = resolve));
  let failure: Error | undefined;

  worker.on('message', (message: FromEngineThread) => {
    switch (message.kind) {
      case 'committed':
        takeWake(pending, WAKE_PENDING.committed);
        return onCommitted();
      case 'caughtUp':
        caughtUp = message.caughtUp;
        for (const listener of caughtUpListeners) listener();
        return;
      case 'progress':
        for (const listener of progressListeners) listener(message.progress);
        return;
      case 'log':
        return relog(logger, message.line);
      case 'started':
        return started();
      case 'stopped':
        return stopped();
      case 'result': {
        const call = calls.get(message.id);
        calls.delete(message.id);
        if (message.error) call?.reject(rebuildError(message.error));
        else call?.resolve(message.result);
        return;
      }
    }
  });
  const ended = (error: Error) => {
    failure = error;
    caughtUp = false;
    for (const listener of caughtUpListeners) listener();
    for (const call of calls.values()) call.reject(error);
    calls.clear();
    started();
    stopped();
  };
  worker.on('error', (error) => {
    logger.error({ err: error }, 'the projection thread failed');
    ended(error);
  });
  worker.on('exit', (code) => ended(new Error(`the projection thread exited (code ${code})`)));

  const call = <M extends Callable>(method: M, ...args: Parameters<ProjectionEngine[M]>) => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<Awaited<ReturnType<ProjectionEngine[M]>>>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      post({ kind: 'call', call: { id, method, args } as EngineCall });
    });
  };

  await whenStarted;
  if (failure) throw failure;
  const names = await call('names');

  const engine: Omit<ProjectionEngine, 'start'> & { start: () => Promise<void> } = {
    // Started with the thread; catching up goes on there.
    start: async () => {},
    stop: async () => {
      if (failure) return;
      post({ kind: 'stop' });
      await whenStopped;
      await worker.terminate();
    },
    names: () => names,
    isCaughtUp: () => caughtUp,
    report: (...args) => call('report', ...args),
    metricsReport: () => call('metricsReport'),
    dryRun: (...args) => call('dryRun', ...args),
    claim: (...args) => call('claim', ...args),
    rebuild: (...args) => call('rebuild', ...args),
    resume: (...args) => call('resume', ...args),
    verify: (...args) => call('verify', ...args),
    asOf: (...args) => call('asOf', ...args),
    onCaughtUpChange: (listener) => {
      caughtUpListeners.add(listener);
      return () => caughtUpListeners.delete(listener);
    },
    onRebuildProgress: (listener) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
  };
  return { engine: engine, appended: () => postOnce(pending, WAKE_PENDING.appended, () => post({ kind: 'appended' })) };
};
