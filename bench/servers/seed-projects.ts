import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openLmdbEventStore, upcasters } from '@vis/infrastructure';

// Stores argv[4] more projects under argv[2], owned by whoever owns project argv[3] (a visitor the benchmark holds
// the cookie of), and writes their ids to ids.json beside the stores. The server must be stopped. With argv[5]
// `others`, two each for argv[4] / 2 other visitors instead, then one more for that owner (once its list shows it,
// the read models have caught up): a store where a person's own projects are a few among many people's.
const [dir, ownersProject, countArg, whose] = process.argv.slice(2);
const others = whose === 'others';
const count = Number(countArg);
const eventStore = openLmdbEventStore({ path: path.join(dir!, 'events'), upcasters });
const [created] = await eventStore.readStream(`project-${ownersProject}`, { maxCount: 1 });
const ownerId = (created!.data as { ownerId: string }).ownerId;
const ids: string[] = [];
const at = '2026-11-25T10:00:00.000Z';
const WRITERS = 16;
let next = 0;
const createProject = async (projectOwner: string, name: string) => {
  const projectId = crypto.randomUUID();
  ids.push(projectId);
  await eventStore.appendToStream(
    `project-${projectId}`,
    [
      {
        id: crypto.randomUUID(),
        type: 'ProjectCreated',
        data: { projectId, ownerId: projectOwner, name, coreIdea: 'a page that pays its visitors', parameters: ['Viral'], createdAt: at },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
};
await Promise.all(
  Array.from({ length: WRITERS }, async () => {
    for (let i = next++; i < count; i = next++) await createProject(others ? `visitor-seeded-${Math.floor(i / 2)}` : ownerId, `Idea ${i}`);
  }),
);
if (others) await createProject(ownerId, 'Last idea');
writeFileSync(path.join(dir!, 'ids.json'), JSON.stringify(ids));
console.log(JSON.stringify({ projects: ids.length }));
await eventStore.close();
