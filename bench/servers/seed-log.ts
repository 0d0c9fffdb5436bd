import path from 'node:path';
import { openLmdbEventStore, upcasters } from '@vis/infrastructure';

// Writes `projects` projects with `perProject` events each (ProjectCreated + ParameterAdded) under argv[2].
const [dir, projectsArg, perProjectArg] = process.argv.slice(2);
const projects = Number(projectsArg);
const perProject = Number(perProjectArg);
const eventStore = openLmdbEventStore({ path: path.join(dir!, 'events'), upcasters });
const at = '2026-11-23T10:00:00.000Z';
const writers = 16;
let next = 0;
await Promise.all(
  Array.from({ length: writers }, async () => {
    for (let i = next++; i < projects; i = next++) {
      const projectId = `bench-${i}`;
      const events = [
        {
          id: crypto.randomUUID(),
          type: 'ProjectCreated',
          data: {
            projectId,
            ownerId: 'visitor-bench',
            name: `Idea ${i}`,
            coreIdea: 'a page that pays its visitors',
            parameters: ['Viral', 'Simple Page', 'No Externalities'],
            createdAt: at,
          },
        },
      ];
      for (let j = 1; j < perProject; j++) {
        events.push({
          id: crypto.randomUUID(),
          type: 'ParameterAdded',
          data: { projectId, list: j % 2 ? 'viralParameters' : 'parameters', value: `parameter ${j}`, addedAt: at } as never,
        });
      }
      await eventStore.appendToStream(`project-${projectId}`, events, { expectedRevision: 'no_stream' });
    }
  }),
);
// Counted, not read off the head's position: positions are not counts.
console.log(JSON.stringify({ events: await eventStore.countAfter(0n, Number.MAX_SAFE_INTEGER) }));
await eventStore.close();
