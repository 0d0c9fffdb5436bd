import path from 'node:path';
import { openLmdbEventStore, upcasters } from '@vis/infrastructure';

// Stores argv[4] projects under argv[2], two each for argv[4] / 2 other visitors, then one more for the owner of
// project argv[3] (a visitor the benchmark holds the cookie of: once its list shows it, the read models have caught
// up). The server must be stopped. A store where a person's own projects are a few among many people's.
const [dir, ownersProject, countArg] = process.argv.slice(2);
const count = Number(countArg);
const eventStore = openLmdbEventStore({ path: path.join(dir!, 'events'), upcasters });
const [created] = await eventStore.readStream(`project-${ownersProject}`, { maxCount: 1 });
const ownerId = (created!.data as { ownerId: string }).ownerId;
const at = '2026-11-25T10:00:00.000Z';
const WRITERS = 16;
let next = 0;
await Promise.all(
  Array.from({ length: WRITERS }, async () => {
    for (let i = next++; i < count; i = next++) {
      const projectId = crypto.randomUUID();
      await eventStore.appendToStream(
        `project-${projectId}`,
        [
          {
            id: crypto.randomUUID(),
            type: 'ProjectCreated',
            data: {
              projectId,
              ownerId: `visitor-seeded-${Math.floor(i / 2)}`,
              name: `Idea ${i}`,
              coreIdea: 'a page that pays its visitors',
              parameters: ['Viral'],
              createdAt: at,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
  }),
);
const last = crypto.randomUUID();
await eventStore.appendToStream(
  `project-${last}`,
  [
    {
      id: crypto.randomUUID(),
      type: 'ProjectCreated',
      data: { projectId: last, ownerId, name: 'Last idea', coreIdea: '', parameters: ['Viral'], createdAt: at },
    },
  ],
  { expectedRevision: 'no_stream' },
);
console.log(JSON.stringify({ projects: count + 1 }));
await eventStore.close();
