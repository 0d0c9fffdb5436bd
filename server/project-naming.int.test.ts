import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const session = () => readYourWritesClient(() => server.url);
const nameOf = async (client: ReturnType<typeof session>, id: string) => (await client.read(`/api/projects/${id}`)).body.project.name as string;

describe('a project named from its core idea (issue 26)', () => {
  const ann = session();

  it('takes its name from the first core idea, follows it while typed, and stops once the person renames it', async () => {
    const id = (await ann.command('POST', '/api/projects', {})).body.project.id;
    expect(await nameOf(ann, id)).toBe('New Viral Idea');

    const first = await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'daily roast' });
    expect(first.body).toMatchObject({ success: true, changed: true, events: ['CoreIdeaChanged', 'ProjectRenamed'] });
    expect(await nameOf(ann, id)).toBe('Daily roast');
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'daily roast pool. Everyone posts a coffee photo.' });
    expect(await nameOf(ann, id)).toBe('Daily roast pool');
    expect((await ann.read('/api/projects')).body.projects.map((project: { name: string }) => project.name)).toEqual(['Daily roast pool']);

    expect((await ann.command('PUT', `/api/projects/${id}/name`, { name: 'Roast Club' })).status).toBe(200);
    const later = await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'a weekly roast pool' });
    expect(later.body.events).toEqual(['CoreIdeaChanged']);
    expect(await nameOf(ann, id)).toBe('Roast Club');
  });

  it("is made unique among the owner's projects; another owner's names do not count", async () => {
    const taken = (await ann.command('POST', '/api/projects', { project: { name: 'Tip wall' } })).body.project.id;
    const id = (await ann.command('POST', '/api/projects', {})).body.project.id;
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'TIP WALL' });
    expect(await nameOf(ann, id)).toBe('TIP WALL 2');
    expect(await nameOf(ann, taken)).toBe('Tip wall');

    const bob = session();
    const bobs = (await bob.command('POST', '/api/projects', {})).body.project.id;
    await bob.command('PUT', `/api/projects/${bobs}/core-idea`, { coreIdea: 'tip wall' });
    expect(await nameOf(bob, bobs)).toBe('Tip wall');
  });

  it("names a builder project from the builder's idea", async () => {
    const id = (await ann.command('POST', '/api/projects', { project: { name: 'My Viral Idea', kind: 'builder' } })).body.project.id;
    await ann.command('PUT', `/api/projects/${id}/builder/core-idea`, { coreIdea: 'busker tips on a map' });
    expect(await nameOf(ann, id)).toBe('Busker tips on a map');
  });
});

describe('Reset keeps names unique (issue 26)', () => {
  it("goes back to the first free default name when the owner has a 'New Viral Idea' already", async () => {
    const ann = session();
    const fresh = (await ann.command('POST', '/api/projects', {})).body.project.id;
    const worked = (await ann.command('POST', '/api/projects', { project: { name: 'Roast Club' } })).body.project.id;
    const reset = await ann.command('POST', `/api/projects/${worked}/reset`);
    expect(reset.body).toMatchObject({ success: true, changed: true, events: ['ProjectReset'] });
    expect(await nameOf(ann, fresh)).toBe('New Viral Idea');
    expect(await nameOf(ann, worked)).toBe('New Viral Idea 2');
    // Back to a new project's name, it is named from its next core idea again.
    await ann.command('PUT', `/api/projects/${worked}/core-idea`, { coreIdea: 'Roast pool' });
    expect(await nameOf(ann, worked)).toBe('Roast pool');
  });
});
