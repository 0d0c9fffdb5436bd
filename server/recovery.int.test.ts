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

const typesOf = async (projectId: string) => (await server.eventStore.readStream(`project-${projectId}`)).map((event) => event.type);

describe('restoring a version from the history', () => {
  const ann = session();
  const mallory = session();
  let id = '';

  it('puts back the text of an earlier revision in one event, and the restore can be undone the same way', async () => {
    id = (await ann.command('POST', '/api/projects', { project: { name: 'Daily Roast Pool' } })).body.project.id;
    const first = await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'a pool of roasts' });
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'a pond of toasts' });

    const restored = await ann.command(
      'POST',
      `/api/projects/${id}/restore-version`,
      { revision: first.body.revision },
      { 'Idempotency-Key': 'r-1' },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ success: true, changed: true, events: ['ProjectVersionRestored'] });
    expect((await ann.read(`/api/projects/${id}`)).body.project.coreIdea).toBe('a pool of roasts');

    const again = await ann.command('POST', `/api/projects/${id}/restore-version`, { revision: first.body.revision }, { 'Idempotency-Key': 'r-1' });
    expect(again.body.position).toBe(restored.body.position);

    const history = (await ann.read(`/api/projects/${id}/history`)).body;
    const entry = history.history.find((each: { type: string }) => each.type === 'ProjectVersionRestored');
    expect(entry.summary).toBe(`Restored the version of revision ${first.body.revision}`);

    const undone = await ann.command('POST', `/api/projects/${id}/restore-version`, { revision: restored.body.revision - 1 });
    expect(undone.body.events).toEqual(['ProjectVersionRestored']);
    expect((await ann.read(`/api/projects/${id}`)).body.project.coreIdea).toBe('a pond of toasts');
  });

  it('refuses a future or a malformed revision with 400 naming the field, writing nothing', async () => {
    const before = await typesOf(id);
    const future = await ann.command('POST', `/api/projects/${id}/restore-version`, { revision: 99 });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ success: false, field: 'revision' });
    const text = await ann.command('POST', `/api/projects/${id}/restore-version`, { revision: 'one' });
    expect(text.status).toBe(400);
    expect(text.body.field).toBe('revision');
    expect(await typesOf(id)).toEqual(before);
  });

  it("answers another visitor's restore as not found", async () => {
    const refused = await mallory.command('POST', `/api/projects/${id}/restore-version`, { revision: 0 });
    expect(refused.status).toBe(404);
  });
});

describe('undoing a Clear All and a chip removal', () => {
  const ann = session();
  const mallory = session();

  it('brings the values back in their order, by a server command', async () => {
    const id = (await ann.command('POST', '/api/projects', { project: { name: 'Tip Wall' } })).body.project.id;
    for (const value of ['FOMO', 'Scarcity', 'Pride']) await ann.command('POST', `/api/projects/${id}/parameters`, { list: 'parameters', value });
    const { parameters } = (await ann.read(`/api/projects/${id}`)).body.project;

    const cleared = await ann.command('POST', `/api/projects/${id}/parameters/clear`, { list: 'parameters' });
    expect((await ann.read(`/api/projects/${id}`)).body.project.parameters).toEqual([]);
    expect((await mallory.command('POST', `/api/projects/${id}/parameters/undo`, { revision: cleared.body.revision })).status).toBe(404);
    const undone = await ann.command('POST', `/api/projects/${id}/parameters/undo`, { revision: cleared.body.revision });
    expect(undone.body.events).toEqual(['ParametersRestored']);
    expect((await ann.read(`/api/projects/${id}`)).body.project.parameters).toEqual(parameters);

    const removed = await ann.command('POST', `/api/projects/${id}/parameters/remove`, { list: 'parameters', value: 'Scarcity' });
    await ann.command('POST', `/api/projects/${id}/parameters/undo`, { revision: removed.body.revision });
    expect((await ann.read(`/api/projects/${id}`)).body.project.parameters).toEqual(parameters);

    const nothing = await ann.command('POST', `/api/projects/${id}/parameters/undo`, { revision: 0 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.field).toBe('revision');
  });
});

describe("undoing a removal in the builder's categories", () => {
  const ann = session();
  const mallory = session();

  it('brings a chip and a Clear All back through the same undo, recorded as a builder event', async () => {
    const id = (await ann.command('POST', '/api/projects', { project: { kind: 'builder' } })).body.project.id;
    const emotion = async (): Promise<string[]> =>
      (await ann.read(`/api/projects/${id}`)).body.builder.categories.find((each: { category: string }) => each.category === 'emotion').params;
    for (const value of ['Pride', 'Awe', 'Joy']) await ann.command('POST', `/api/projects/${id}/builder/parameters`, { category: 'emotion', value });

    const removed = await ann.command('POST', `/api/projects/${id}/builder/parameters/remove`, { category: 'emotion', value: 'Awe' });
    expect(await emotion()).toEqual(['Pride', 'Joy']);
    expect((await mallory.command('POST', `/api/projects/${id}/parameters/undo`, { revision: removed.body.revision })).status).toBe(404);
    const undone = await ann.command('POST', `/api/projects/${id}/parameters/undo`, { revision: removed.body.revision });
    expect(undone.body).toMatchObject({ success: true, changed: true, events: ['BuilderParametersRestored'] });
    expect(await emotion()).toEqual(['Pride', 'Awe', 'Joy']);

    const cleared = await ann.command('POST', `/api/projects/${id}/builder/parameters/clear`, { category: 'emotion' });
    expect(await emotion()).toEqual([]);
    await ann.command('POST', `/api/projects/${id}/parameters/undo`, { revision: cleared.body.revision });
    expect(await emotion()).toEqual(['Pride', 'Awe', 'Joy']);
    const history = (await ann.read(`/api/projects/${id}/history`)).body.history.map((each: { summary: string }) => each.summary);
    expect(history).toContain('Undid a removal: 3 parameters back in emotion');
  });
});

describe('the trash', () => {
  const ann = session();
  const mallory = session();
  let id = '';

  it('lists a deleted project with until when it can be restored, and not among the projects', async () => {
    id = (await ann.command('POST', '/api/projects', { project: { name: 'Roast Me' } })).body.project.id;
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'roasts by strangers' });
    await ann.command('DELETE', `/api/projects/${id}`);

    expect((await ann.read('/api/projects')).body.projects).toEqual([]);
    const trash = (await ann.read('/api/trash')).body.projects;
    expect(trash).toEqual([expect.objectContaining({ id, name: 'Roast Me', deletedAt: expect.any(String), restorableUntil: expect.any(String) })]);
    expect(Date.parse(trash[0].restorableUntil) - Date.parse(trash[0].deletedAt)).toBe(30 * 24 * 3600 * 1000);
    expect((await mallory.read('/api/trash')).body.projects).toEqual([]);
  });

  it("restores it for its owner only, as it was; another visitor's restore is not found", async () => {
    expect((await mallory.command('POST', `/api/projects/${id}/restore`)).status).toBe(404);
    const restored = await ann.command('POST', `/api/projects/${id}/restore`);
    expect(restored.body).toMatchObject({ success: true, changed: true, events: ['ProjectRestored'] });
    expect((await ann.read(`/api/projects/${id}`)).body.project).toMatchObject({ name: 'Roast Me', coreIdea: 'roasts by strangers' });
    expect((await ann.read('/api/trash')).body.projects).toEqual([]);
    expect((await ann.read('/api/projects')).body.projects.map((project: { id: string }) => project.id)).toEqual([id]);
    expect((await ann.command('POST', `/api/projects/${id}/restore`)).body.changed).toBe(false);
  });
});

describe('unique project names and importing as a new project', () => {
  const ann = session();
  const bob = session();

  it("refuses a name the owner already has, whatever its case, naming the field; another owner's is free", async () => {
    const first = await ann.command('POST', '/api/projects', { project: { name: 'Tip Wall' } });
    const duplicate = await ann.command('POST', '/api/projects', { project: { name: 'tip wall ' } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({
      success: false,
      field: 'name',
      message: "You already have a project named 'tip wall'. Please choose another name.",
    });
    expect((await bob.command('POST', '/api/projects', { project: { name: 'Tip Wall' } })).status).toBe(201);

    const other = (await ann.command('POST', '/api/projects', { project: { name: 'Roast Pool' } })).body.project.id;
    const renamed = await ann.command('PUT', `/api/projects/${other}/name`, { name: 'TIP WALL' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.field).toBe('name');
    expect((await ann.command('PUT', `/api/projects/${first.body.project.id}/name`, { name: 'Tip wall' })).status).toBe(200);
  });

  it('names projects made without a name with the first free default', async () => {
    const one = (await ann.command('POST', '/api/projects', {})).body.project.id;
    const two = (await ann.command('POST', '/api/projects', {})).body.project.id;
    expect((await ann.read(`/api/projects/${one}`)).body.project.name).toBe('New Viral Idea');
    expect((await ann.read(`/api/projects/${two}`)).body.project.name).toBe('New Viral Idea 2');
    // The builder's new game sends its default name as is: it is numbered too, not refused.
    const game = await ann.command('POST', '/api/projects', { project: { name: 'My Viral Idea', kind: 'builder' } });
    const again = await ann.command('POST', '/api/projects', { project: { name: 'My Viral Idea', kind: 'builder' } });
    expect((await ann.read(`/api/projects/${again.body.project.id}`)).body.project.name).toBe('My Viral Idea 2');
    expect(game.status).toBe(201);
  });

  it('imports an exported project as a new one, beside the original', async () => {
    const id = (await ann.command('POST', '/api/projects', { project: { name: 'Exported Idea', coreIdea: 'a wall of tips' } })).body.project.id;
    const file = (await ann.read(`/api/projects/${id}/export`)).body;
    const imported = await ann.command('POST', '/api/projects/import', file);
    expect(imported.status).toBe(201);
    const names = (await ann.read('/api/projects')).body.projects.map((project: { name: string }) => project.name);
    expect(names).toContain('Exported Idea');
    expect(names).toContain('Exported Idea 2');
    expect((await ann.read(`/api/projects/${imported.body.project.id}`)).body.project).toMatchObject({
      name: 'Exported Idea 2',
      coreIdea: 'a wall of tips',
    });
    expect((await bob.read(`/api/projects/${imported.body.project.id}`)).status).toBe(404);
  });

  it('lists projects by creation, so a rename does not move a row', async () => {
    const before = (await ann.read('/api/projects')).body.projects.map((project: { id: string }) => project.id);
    await ann.command('PUT', `/api/projects/${before.at(-1)}/name`, { name: 'Renamed Last' });
    expect((await ann.read('/api/projects')).body.projects.map((project: { id: string }) => project.id)).toEqual(before);
  });
});
