import path from 'node:path';
import { openLmdbEventStore, upcasters } from '@vis/infrastructure';

// Grows one project's stream under argv[2] by argv[4] events (a parameter added, then removed, again and again:
// the stream grows while the project stays small), as a long history would. The server must be stopped.
const [dir, projectId, countArg] = process.argv.slice(2);
const count = Number(countArg);
const eventStore = openLmdbEventStore({ path: path.join(dir!, 'events'), upcasters });
const streamId = `project-${projectId}`;
const at = '2026-11-25T10:00:00.000Z';
const BATCH = 500;
for (let written = 0; written < count; written += BATCH) {
  const events = Array.from({ length: Math.min(BATCH, count - written) }, (_, offset) => {
    const n = written + offset;
    const value = `history ${Math.floor(n / 2)}`;
    return n % 2 === 0
      ? { id: crypto.randomUUID(), type: 'ParameterAdded', data: { projectId, list: 'parameters', value, addedAt: at } }
      : { id: crypto.randomUUID(), type: 'ParameterRemoved', data: { projectId, list: 'parameters', value, reason: 'user', removedAt: at } };
  });
  await eventStore.appendToStream(streamId, events);
}
console.log(JSON.stringify({ events: (await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 }))[0]!.revision.toString() }));
await eventStore.close();
