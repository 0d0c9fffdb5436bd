import path from 'node:path';
import { readModels } from '@vis/domain';
import { openLmdbDocumentStore, openLmdbEventStore, silentLogger, upcasters } from '@vis/infrastructure';
import { allProjections, createProjectionEngine } from '@vis/projections';

// Rebuilds the projects read model from the log under argv[2] in its own process, so its RSS is its own.
const dir = process.argv[2]!;
const eventStore = openLmdbEventStore({ path: path.join(dir, 'events'), upcasters });
const documentStore = openLmdbDocumentStore({ path: path.join(dir, 'read-models') });
const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger: silentLogger() });
let peakRss = process.memoryUsage().rss;
let peakHeap = process.memoryUsage().heapUsed;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};
const sampler = setInterval(sample, 20);

const scanStarted = performance.now();
let scanned = 0;
let position = 0n;
for (;;) {
  const page = await eventStore.readAll({ afterPosition: position, maxCount: 5000 });
  if (page.length === 0) break;
  scanned += page.length;
  position = page.at(-1)!.position;
}
const scanSeconds = (performance.now() - scanStarted) / 1000;

const started = performance.now();
// Events, counted as the rebuild reads them: its position is not a count (positions are opaque).
let rebuiltEvents = 0;
const stopCounting = engine.onRebuildProgress((progress) => (rebuiltEvents = progress.events));
await engine.rebuild(readModels.projects);
stopCounting();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
sample();
console.log(
  JSON.stringify({
    events: rebuiltEvents,
    seconds,
    scanned,
    scanSeconds,
    peakRssMb: peakRss / 1024 / 1024,
    peakHeapMb: peakHeap / 1024 / 1024,
  }),
);
await engine.stop();
await documentStore.close();
await eventStore.close();
