import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openLmdbEventStore, upcasters } from '@vis/infrastructure';

// Stores argv[4] more projects under argv[2], owned by whoever owns project argv[3] (a visitor the benchmark holds
// the cookie of), and writes their ids to ids.json beside the stores. The server must be stopped.
const [dir, ownersProject, countArg] = process.argv.slice(2);
const count = Number(countArg);
const eventStore = openLmdbEventStore({ path: path.join(dir!, 'events'), upcasters });
const [created] = await eventStore.readStream(`project-${ownersProject}`, { maxCount: 1 });
const ownerId = (created!.data as { ownerId: string }).ownerId;
const ids: string[] = [];
const at = '2026-11-25T10:00:00.000Z';
const WRITERS = 16;
let next = 0;
await Promise.all(
  Array.from({ length: WRITERS }, async () => {
    for (let i = next++; i < count; i = next++) {
      const projectId = crypto.randomUUID();
      ids.push(projectId);
      await eventStore.appendToStream(
        `project-${projectId}`,
        [
          {
            id: crypto.randomUUID(),
            type: 'ProjectCreated',
            data: { projectId, ownerId, name: `Idea ${i}`, coreIdea: 'a page that pays its visitors', parameters: ['Viral'], createdAt: at },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
  }),
);
writeFileSync(path.join(dir!, 'ids.json'), JSON.stringify(ids));
console.log(JSON.stringify({ projects: ids.length }));
await eventStore.close();
