// The embedded server's projection engine on its own thread (started by projection-thread.ts): it follows the
// log the main thread appends to and writes the read models the main thread serves, so that folding events never
// holds up a request. It opens both stores as the services do when they run apart (the log to read, the documents
// shared) and is woken by a message after each append instead of waiting for its poll.
import { parentPort, workerData } from 'node:worker_threads';
import { openDocumentStore, openEventStore } from '@vis/infrastructure';
import { pino } from 'pino';
import { allProjections, createProjectionEngine, EMBEDDED_OWNER, type ProjectionEngine } from '@vis/projections';
import {
  postOnce,
  takeWake,
  WAKE_PENDING,
  type EngineCall,
  type FromEngineThread,
  type ProjectionThreadData,
  type ToEngineThread,
} from './projection-thread.ts';

const port = parentPort!;
const { dataDir, logLevel, pending: pendingWakes } = workerData as ProjectionThreadData;
const pending = new Int32Array(pendingWakes);
const post = (message: FromEngineThread) => port.postMessage(message);

// Log lines go to the main thread's logger, which writes them where the server's own lines go.
const logger = pino({ level: logLevel }, { write: (line: string) => post({ kind: 'log', line }) });

const appendedListeners = new Set<() => void>();
// The same data directory as the main thread's stores, LMDB whatever server URLs the environment may hold.
const embedded = { DATA_DIR: dataDir, EVENTSTORE_URL: undefined, MONGODB_URL: undefined, MONGODB_DATABASE: '' };
const eventStore = openEventStore(embedded, {
  access: 'read',
  wakeOn: (follow) => {
    appendedListeners.add(follow);
    return () => appendedListeners.delete(follow);
  },
});
// One `committed` on its way at a time: the main thread's one read of the change log takes every commit before it.
const documentStore = await openDocumentStore(embedded, {
  shared: true,
  // This thread only writes read models: it commits them itself rather than hand each to lmdb-js's write thread.
  commitsOnThisThread: true,
  onCommit: () => postOnce(pending, WAKE_PENDING.committed, () => post({ kind: 'committed' })),
});
// The embedded server's leases are renewed every 10 s (lapsing after 30 s) instead of the services' 2 s and 10 s: each
// round is a write and a commit, the one cost of a server at rest. Only this process follows its data directory
// (its own restart takes its leases back at once, being the same owner); a projections process started beside it
// on the same directory waits at most 30 s after this one dies.
const EMBEDDED_LEASES = { leaseTtlMs: 30_000, leaseRenewMs: 10_000 };
const engine = createProjectionEngine({
  eventStore,
  documentStore,
  logger,
  projections: allProjections,
  ownerId: EMBEDDED_OWNER,
  ...EMBEDDED_LEASES,
});

const calls: { [M in EngineCall['method']]: (...args: never[]) => Promise<unknown> } = {
  names: async () => engine.names(),
  report: (...args: Parameters<ProjectionEngine['report']>) => engine.report(...args),
  metricsReport: () => engine.metricsReport(),
  dryRun: (...args: Parameters<ProjectionEngine['dryRun']>) => engine.dryRun(...args),
  claim: (...args: Parameters<ProjectionEngine['claim']>) => engine.claim(...args),
  rebuild: (...args: Parameters<ProjectionEngine['rebuild']>) => engine.rebuild(...args),
  resume: (...args: Parameters<ProjectionEngine['resume']>) => engine.resume(...args),
  verify: (...args: Parameters<ProjectionEngine['verify']>) => engine.verify(...args),
  asOf: (...args: Parameters<ProjectionEngine['asOf']>) => engine.asOf(...args),
};

let caughtUp = false;
const reportCaughtUp = () => {
  if (engine.isCaughtUp() === caughtUp) return;
  caughtUp = !caughtUp;
  post({ kind: 'caughtUp', caughtUp });
};
// Told by the engine whenever a projection catches up or falls behind: nothing polls at rest.
const stopWatching = engine.onCaughtUpChange(reportCaughtUp);
engine.onRebuildProgress((progress) => post({ kind: 'progress', progress }));

const stop = async () => {
  clearTimeout(lingering);
  stopWatching();
  await engine.stop();
  await eventStore.close();
  await documentStore.close();
  post({ kind: 'stopped' });
};

/**
 * How long the thread may wait, once woken by an append, before it reads the log: commands that come within it are
 * read, folded and written as one batch (one read of the log, one fold per projection, one commit of the read
 * models, one `committed` to the main thread) instead of one batch each. It lingers only while appends come
 * very close together (the last read less than `LINGER_WHEN_WITHIN_MS` before, some 500 commands a second or
 * more): below that the commands that come during a commit (made on this thread, fsync included) already share
 * the next batch, and lingering cost lag for no CPU (measured at 300/s). Under load each command waits at most
 * this long (plus the timer's own slack, a millisecond or more on a loaded machine). docs/architecture.md states
 * the bound, docs/benchmarks.md measures the trade (lag against CPU per command at 10 to 1,000 commands/s).
 */
const LINGER_MS = 1;
const LINGER_WHEN_WITHIN_MS = 2;
let lastRead = Number.NEGATIVE_INFINITY;
let lingering: NodeJS.Timeout | undefined;
const readTheLog = () => {
  lingering = undefined;
  // Taken just before the read: an append committed from here on posts again, one before it is in this read.
  takeWake(pending, WAKE_PENDING.appended);
  lastRead = performance.now();
  for (const follow of appendedListeners) follow();
};
const woken = () => {
  if (lingering) return;
  if (performance.now() - lastRead < LINGER_WHEN_WITHIN_MS) lingering = setTimeout(readTheLog, LINGER_MS);
  else readTheLog();
};

port.on('message', (message: ToEngineThread) => {
  if (message.kind === 'appended') {
    woken();
    return;
  }
  if (message.kind === 'stop') {
    void stop();
    return;
  }
  const { id, method, args } = message.call;
  (calls[method] as (...args: unknown[]) => Promise<unknown>)(...args).then(
    (result) => post({ kind: 'result', id, result }),
    (error: unknown) =>
      post({
        kind: 'result',
        id,
        error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) },
      }),
  );
});

await engine.start();
reportCaughtUp();
post({ kind: 'started' });
