import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/**
 * One person over a sign-in and a sign-out (issue 24): the visitor they were, the user they signed in as, the
 * visitor the browser became after signing out. What the visitor published is the user's; a like counts once.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Client = ReturnType<typeof httpClient>;

/** A project published to the marketplace by whoever `client` is now; answers the idea's id. */
const publishIdea = async (client: Client, name: string) => {
  const project = await client.call('POST', '/api/projects', { project: { name, coreIdea: `${name}, a loop that shares itself` } });
  const published = await client.call('POST', '/api/marketplace/ideas', { projectId: project.body.project.id });
  expect(published.status).toBe(201);
  return published.body.id as string;
};

const likesOf = async (ideaId: string, position: string) =>
  (await httpClient(server.url).call('GET', `/api/marketplace/ideas/${ideaId}`, undefined, { 'x-min-position': position })).body;

describe('one person, three ids', () => {
  it('lets the user take down, after signing in, the idea they published as a visitor', async () => {
    const ann = httpClient(server.url);
    const ideaId = await publishIdea(ann, 'Tip Wall');
    expect(await ann.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' })).toMatchObject({ status: 303 });

    // The marketplace's read model follows the sign-in's move a moment later (this client sends no X-Min-Position):
    // a server just started and a loaded machine take longer than vi.waitFor's default second.
    await vi.waitFor(async () => expect((await ann.call('GET', `/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ ownedByYou: true }), {
      timeout: 10_000,
    });
    const unpublished = await ann.call('DELETE', `/api/marketplace/ideas/${ideaId}`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body).toMatchObject({ success: true, events: ['IdeaUnpublished'] });
  });

  it('lets the user take it down even when the sign-in came before the marketplace had listed it', async () => {
    const bo = httpClient(server.url);
    const ideaId = await publishIdea(bo, 'Loop');
    // Straight after publishing; whether the sign-in moved it or not, the idea is Bo's.
    await bo.form('/auth/local', { displayName: 'Bo', email: 'bo@example.com' });
    expect((await bo.call('DELETE', `/api/marketplace/ideas/${ideaId}`)).status).toBe(200);
  });

  it('does not let the visitor after a sign-out take down what the user published', async () => {
    const cy = httpClient(server.url);
    await cy.form('/auth/local', { displayName: 'Cy', email: 'cy@example.com' });
    const ideaId = await publishIdea(cy, 'Echo');
    await cy.form('/auth/logout', {});
    expect((await cy.call('DELETE', `/api/marketplace/ideas/${ideaId}`)).status).toBe(404);
  });

  it('counts one like for one person as a visitor, as the user, and as the visitor after signing out', async () => {
    const publisher = httpClient(server.url);
    const ideaId = await publishIdea(publisher, 'Streak');

    const di = httpClient(server.url);
    const asVisitor = await di.call('POST', `/api/marketplace/ideas/${ideaId}/like`);
    expect(asVisitor.body).toMatchObject({ changed: true, likes: 1 });
    await di.form('/auth/local', { displayName: 'Di', email: 'di@example.com' });
    const asUser = await di.call('POST', `/api/marketplace/ideas/${ideaId}/like`);
    expect(asUser.body).toMatchObject({ changed: false, alreadyLiked: true, likes: 1 });
    await di.form('/auth/logout', {});
    const afterSignOut = await di.call('POST', `/api/marketplace/ideas/${ideaId}/like`);
    expect(afterSignOut.body).toMatchObject({ changed: false, alreadyLiked: true, likes: 1 });
    expect(await likesOf(ideaId, afterSignOut.body.position)).toMatchObject({ likes: 1 });
  });

  it('counts a like made after signing out as the user’s: signing in elsewhere, the user cannot like it again', async () => {
    const publisher = httpClient(server.url);
    const ideaId = await publishIdea(publisher, 'Ripple');

    const eve = httpClient(server.url);
    await eve.form('/auth/local', { displayName: 'Eve', email: 'eve@example.com' });
    await eve.form('/auth/logout', {});
    expect((await eve.call('POST', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: true, likes: 1 });

    const eveElsewhere = httpClient(server.url);
    await eveElsewhere.form('/auth/local', { displayName: 'Eve', email: 'eve@example.com' });
    const again = await eveElsewhere.call('POST', `/api/marketplace/ideas/${ideaId}/like`);
    expect(again.body).toMatchObject({ changed: false, likes: 1 });
  });

  it('counts a like made as a visitor as the user’s in every browser the user signs in from', async () => {
    const publisher = httpClient(server.url);
    const ideaId = await publishIdea(publisher, 'Relay');
    const gus = httpClient(server.url);
    expect((await gus.call('POST', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: true, likes: 1 });
    await gus.form('/auth/local', { displayName: 'Gus', email: 'gus@example.com' });

    const gusElsewhere = httpClient(server.url);
    await gusElsewhere.form('/auth/local', { displayName: 'Gus', email: 'gus@example.com' });
    expect((await gusElsewhere.call('POST', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: false, likes: 1 });
  });

  it('counts once an idea liked both by the user and, elsewhere, by the visitor who then signs in as that user', async () => {
    const publisher = httpClient(server.url);
    const ideaId = await publishIdea(publisher, 'Mirror');
    const hal = httpClient(server.url);
    await hal.form('/auth/local', { displayName: 'Hal', email: 'hal@example.com' });
    expect((await hal.call('POST', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: true, likes: 1 });
    const halVisiting = httpClient(server.url);
    expect((await halVisiting.call('POST', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: true, likes: 2 });

    await halVisiting.form('/auth/local', { displayName: 'Hal', email: 'hal@example.com' });
    const again = await halVisiting.call('POST', `/api/marketplace/ideas/${ideaId}/like`);
    expect(again.body).toMatchObject({ changed: false, likes: 1 });
    expect(await likesOf(ideaId, again.body.position)).toMatchObject({ likes: 1 });
  });

  it('counts 50 likes sent at once by one person as one', async () => {
    const publisher = httpClient(server.url);
    const ideaId = await publishIdea(publisher, 'Burst');
    const fan = httpClient(server.url);
    await fan.form('/auth/local', { displayName: 'Fan', email: 'fan@example.com' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => fan.call('POST', `/api/marketplace/ideas/${ideaId}/like`)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(50);
    expect(answers.filter((res) => res.body.changed)).toHaveLength(1);
    const last = answers.map((res) => BigInt(res.body.position)).reduce((a, b) => (a > b ? a : b));
    expect(await likesOf(ideaId, String(last))).toMatchObject({ likes: 1 });
  });
});
