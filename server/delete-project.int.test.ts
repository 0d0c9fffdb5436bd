import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One visitor; reads wait for its own last command, as the web app's do. */
const session = () => readYourWritesClient(() => server.url);

describe('deleting a project through the API', () => {
  const ann = session();
  const mallory = session();
  let id = '';

  it("refuses another visitor's delete as not found, and leaves the project", async () => {
    const created = await ann.command('POST', '/api/projects', { project: { name: 'Tip Wall' } });
    expect(created.status).toBe(201);
    id = created.body.project.id;

    const refused = await mallory.command('DELETE', `/api/projects/${id}`);
    expect(refused.status).toBe(404);
    expect((await ann.read('/api/projects')).body.projects.map((project: { id: string }) => project.id)).toEqual([id]);
  });

  it('deletes it for its owner: the list is empty and the project answers 404', async () => {
    const deleted = await ann.command('DELETE', `/api/projects/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, changed: true, events: ['ProjectDeleted'] });

    expect((await ann.read('/api/projects')).body.projects).toEqual([]);
    expect((await ann.read(`/api/projects/${id}`)).status).toBe(404);
    expect((await ann.read(`/api/projects/${id}/history`)).status).toBe(404);
  });

  it('changes nothing when deleted again, and refuses every later change as not found', async () => {
    const again = await ann.command('DELETE', `/api/projects/${id}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, changed: false, events: [] });

    expect((await ann.command('PUT', `/api/projects/${id}/name`, { name: 'Back again' })).status).toBe(404);
    expect((await mallory.command('DELETE', `/api/projects/${id}`)).status).toBe(404);
    expect((await server.eventStore.readStream(`project-${id}`)).map((event) => event.type)).toEqual(['ProjectCreated', 'ProjectDeleted']);
  });
});
