import path from 'node:path';
import { readModels } from '@vis/domain';
import { boundHeapGrowth, openLmdbDocumentStore, openLmdbEventStore, silentLogger, upcasters } from '@vis/infrastructure';
import { allProjections, createProjectionEngine } from '@vis/projections';
import { residentMemoryMb } from '../proc-memory.ts';

// Rebuilds the projects read model from the log under argv[2] in its own process, so its RSS is its own.
const dir = process.argv[2]!;
// As the processes that run the engine do (the embedded server, the projections service).
boundHeapGrowth();
const eventStore = openLmdbEventStore({ path: path.join(dir, 'events'), upcasters });
const documentStore = openLmdbDocumentStore({ path: path.join(dir, 'read-models') });
const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger: silentLogger() });
// Anonymous memory (what the process allocated) apart from the pages of the stores' memory maps it touched.
let peakAnonMb = 0;
let peakFileMb = 0;
let peakHeap = process.memoryUsage().heapUsed;
const sample = () => {
  const { anonMb, fileMb } = residentMemoryMb();
  peakAnonMb = Math.max(peakAnonMb, anonMb);
  peakFileMb = Math.max(peakFileMb, fileMb);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const sampler = setInterval(sample, 20);

// CPU time (every thread: the JS thread, GC helpers, libuv's pool) beside wall time: on a machine shared with other
// work, wall time measures the neighbours as much as the code.
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};
const scanStarted = performance.now();
const scanCpu = process.cpuUsage();
let scanned = 0;
let position = 0n;
for (;;) {
  // The page size a bare scan is fastest with here, as the engine's rebuild uses (see rebuildPageSize).
  const page = await eventStore.readAll({ afterPosition: position, maxCount: 1000 });
  if (page.length === 0) break;
  scanned += page.length;
  position = page.at(-1)!.position;
}
const scanSeconds = (performance.now() - scanStarted) / 1000;
const scanCpuSeconds = cpuSeconds(scanCpu);

const started = performance.now();
const rebuildCpu = process.cpuUsage();
// Events, counted as the rebuild reads them: its position is not a count (positions are opaque).
let rebuiltEvents = 0;
const stopCounting = engine.onRebuildProgress((progress) => (rebuiltEvents = progress.events));
await engine.rebuild(readModels.projects);
stopCounting();
const seconds = (performance.now() - started) / 1000;
const rebuildCpuSeconds = cpuSeconds(rebuildCpu);
clearInterval(sampler);
sample();
console.log(
  JSON.stringify({
    events: rebuiltEvents,
    seconds,
    scanned,
    scanSeconds,
    cpuSeconds: rebuildCpuSeconds,
    scanCpuSeconds,
    peakAnonMb,
    peakFileMb,
    peakHeapMb: peakHeap / 1024 / 1024,
  }),
);
await engine.stop();
await documentStore.close();
await eventStore.close();
