import { createHash, randomUUID } from 'node:crypto';
import {
  BLANK_TITLE_MESSAGE,
  EMPTY_BLUEPRINT_MESSAGE,
  IDEA_NOT_FOUND_MESSAGE,
  MISSING_CORE_IDEA_MESSAGE,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  UNLIKED_MESSAGE,
} from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/**
 * Publishing with intent (issue 26), through the real command and query apps: the publish preview, private links,
 * My ideas (edit, unpublish), likes taken back, and the reasons a failure gives.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Client = ReturnType<typeof readYourWritesClient>;
const person = () => readYourWritesClient(server.url);

const newProject = async (client: Client, project: Record<string, unknown>) => {
  const res = await client.command('POST', '/api/projects', { project });
  expect(res.status).toBe(201);
  return res.body.project.id as string;
};

const publish = async (client: Client, body: Record<string, unknown>) => {
  const res = await client.command('POST', '/api/marketplace/ideas', body);
  expect(res.status).toBe(201);
  return res.body.id as string;
};

describe('the publish preview and the title', () => {
  it("previews the final concept name as the title and the listing's description, for the owner only", async () => {
    const ann = person();
    const projectId = await newProject(ann, { coreIdea: 'Roast a friend a day, the pool pays the best roast' });
    await ann.command('PATCH', `/api/projects/${projectId}/stages/5/notes`, { fields: { finalConceptName: 'Daily Roast Pool' } });
    const preview = await ann.read(`/api/projects/${projectId}/publish-preview`);
    expect(preview.body).toEqual({
      success: true,
      title: 'Daily Roast Pool',
      description: 'Roast a friend a day, the pool pays the best roast',
      reason: null,
    });
    expect((await person().read(`/api/projects/${projectId}/publish-preview`)).status).toBe(404);

    const ideaId = await publish(ann, { projectId });
    expect((await ann.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ title: 'Daily Roast Pool' });
  });

  it('publishes under the title typed, refuses a blank one naming the field, and gives the reason for an empty project', async () => {
    const bo = person();
    const projectId = await newProject(bo, { coreIdea: 'Tip wall' });
    const blank = await bo.command('POST', '/api/marketplace/ideas', { projectId, title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ success: false, field: 'title', message: BLANK_TITLE_MESSAGE });
    const ideaId = await publish(bo, { projectId, title: 'Wall of Tips' });
    expect((await bo.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ title: 'Wall of Tips' });

    const empty = await newProject(bo, {});
    expect((await bo.read(`/api/projects/${empty}/publish-preview`)).body).toMatchObject({ reason: MISSING_CORE_IDEA_MESSAGE });
    const refused = await bo.command('POST', '/api/marketplace/ideas', { projectId: empty });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'coreIdea', message: MISSING_CORE_IDEA_MESSAGE });
  });

  it('refuses to finish an empty builder with its reason', async () => {
    const cy = person();
    const created = await cy.command('POST', '/api/projects', { project: { kind: 'builder' } });
    const refused = await cy.command('POST', `/api/projects/${created.body.project.id}/builder/finish`, { timeSpentSeconds: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, field: 'coreIdea', message: EMPTY_BLUEPRINT_MESSAGE });
  });
});

describe('private read-only links', () => {
  it('opens for anyone with the link, is listed for the owner only, never in the marketplace, and 404s once revoked', async () => {
    const ann = person();
    const projectId = await newProject(ann, { name: 'Secret Loop', coreIdea: 'A loop only friends see' });
    const made = await ann.command('POST', `/api/projects/${projectId}/share-links`, {});
    expect(made.status).toBe(201);
    const { token, id } = made.body as { token: string; id: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(id).toBe(createHash('sha256').update(token).digest('base64url'));
    // A retried create answers the link its first try made, though the server kept only its hash.
    const first = await ann.command('POST', `/api/projects/${projectId}/share-links`, {}, { 'Idempotency-Key': 'link-1' });
    const retried = await ann.command('POST', `/api/projects/${projectId}/share-links`, {}, { 'Idempotency-Key': 'link-1' });
    expect(retried.body).toMatchObject({ token: first.body.token, id: first.body.id, position: first.body.position });
    expect((await ann.command('DELETE', `/api/projects/${projectId}/share-links/${first.body.id}`)).status).toBe(200);

    const stranger = person();
    const shared = await stranger.read(`/api/shared/${projectId}/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.body.project).toMatchObject({ name: 'Secret Loop', title: 'Secret Loop', coreIdea: 'A loop only friends see' });
    expect(JSON.stringify(shared.body)).not.toMatch(/ownerId|visitor-|user-/);
    expect((await stranger.read(`/api/projects/${projectId}`)).status).toBe(404);

    expect((await ann.read(`/api/projects/${projectId}/share-links`)).body.links).toEqual([{ id, createdAt: expect.any(String) }]);
    expect((await stranger.read(`/api/projects/${projectId}/share-links`)).status).toBe(404);
    expect((await stranger.command('POST', `/api/projects/${projectId}/share-links`, {})).status).toBe(404);
    expect((await stranger.command('DELETE', `/api/projects/${projectId}/share-links/${id}`)).status).toBe(404);
    // Only the link's own token opens it: not its id (the hash the owner sees), not a token one character off.
    expect((await stranger.read(`/api/shared/${projectId}/${id}`)).status).toBe(404);
    const offByOne = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await stranger.read(`/api/shared/${projectId}/${offByOne}`)).status).toBe(404);
    // The token is answered once and kept nowhere: not in any event, nor in what the owner reads back.
    const log = JSON.stringify((await server.eventStore.readAll()).map((event) => [event.type, event.data, event.metadata]));
    expect(log).toContain(id);
    expect(log).not.toContain(token);
    expect(JSON.stringify((await ann.read(`/api/projects/${projectId}/share-links`)).body)).not.toContain(token);
    const listed = (await ann.read('/api/marketplace/ideas')).body as { title: string }[];
    expect(listed.map((idea) => idea.title)).not.toContain('Secret Loop');

    expect((await ann.command('DELETE', `/api/projects/${projectId}/share-links/${id}`)).status).toBe(200);
    const revoked = await stranger.read(`/api/shared/${projectId}/${token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toMatchObject({ success: false, message: SHARE_LINK_NOT_FOUND_MESSAGE });
    expect((await stranger.read(`/api/shared/${projectId}/${'x'.repeat(32)}`)).status).toBe(404);
  });

  it('still opens a link made before tokens were hashed (its event holds the token), until it is revoked', async () => {
    const ann = person();
    const projectId = await newProject(ann, { name: 'Old Loop', coreIdea: 'A loop from before' });
    const token = 'q0B6W2d9rVxS4n8mZp1cTgH3yJ5kLa7e';
    const createdBy = (await server.eventStore.readStream(`project-${projectId}`))[0]!.data as { ownerId: string };
    await server.eventStore.appendToStream(
      `share-links-${projectId}`,
      [
        {
          id: randomUUID(),
          type: 'ShareLinkCreated',
          data: { projectId, token, createdBy: createdBy.ownerId, createdAt: '2026-11-20T10:00:00.000Z' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const stranger = person();
    // Appended straight to the log, so no client's X-Min-Position covers it: the read model follows a moment later.
    await vi.waitFor(async () => expect((await stranger.read(`/api/shared/${projectId}/${token}`)).status).toBe(200), { timeout: 10_000 });
    expect((await ann.read(`/api/projects/${projectId}/share-links`)).body.links).toEqual([
      { id: token, token, createdAt: '2026-11-20T10:00:00.000Z' },
    ]);
    expect((await ann.command('DELETE', `/api/projects/${projectId}/share-links/${token}`)).status).toBe(200);
    expect((await stranger.read(`/api/shared/${projectId}/${token}`)).status).toBe(404);
  });

  it('refuses a body on create, naming the field', async () => {
    const ann = person();
    const projectId = await newProject(ann, { coreIdea: 'x' });
    const res = await ann.command('POST', `/api/projects/${projectId}/share-links`, { token: 'mine' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('token');
  });
});

describe('My ideas', () => {
  it("lists the asker's own ideas, edits them, and unpublishes them; another session gets 404", async () => {
    const ann = person();
    const ideaId = await publish(ann, { projectId: await newProject(ann, { name: 'Roast', coreIdea: 'Roast a friend' }) });
    const stranger = person();
    expect(((await ann.read('/api/marketplace/mine')).body as { id: string }[]).map((idea) => idea.id)).toEqual([ideaId]);
    expect((await stranger.read('/api/marketplace/mine')).body).toEqual([]);

    const edited = await ann.command('PATCH', `/api/marketplace/ideas/${ideaId}`, { title: 'Daily Roast Pool', description: 'Roast a friend a day' });
    expect(edited.body).toMatchObject({ success: true, changed: true });
    expect((await ann.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({
      title: 'Daily Roast Pool',
      description: 'Roast a friend a day',
    });

    const blank = await ann.command('PATCH', `/api/marketplace/ideas/${ideaId}`, { title: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'title' });
    const unknown = await ann.command('PATCH', `/api/marketplace/ideas/${ideaId}`, { likes: 5 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('likes');

    const theirs = await stranger.command('PATCH', `/api/marketplace/ideas/${ideaId}`, { title: 'Mine' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message: IDEA_NOT_FOUND_MESSAGE });
    expect((await stranger.command('DELETE', `/api/marketplace/ideas/${ideaId}`)).status).toBe(404);

    expect((await ann.command('DELETE', `/api/marketplace/ideas/${ideaId}`)).status).toBe(200);
    expect((await ann.read('/api/marketplace/mine')).body).toEqual([]);
    expect((await ann.read(`/api/marketplace/ideas/${ideaId}`)).status).toBe(404);
  });
});

describe('likes', () => {
  it('shows the asker whether they liked it, takes the like back on unlike, and counts a person once', async () => {
    const ann = person();
    const ideaId = await publish(ann, { projectId: await newProject(ann, { coreIdea: 'Likeable' }) });
    const bo = person();
    // Opening the page records a view: its position is past the publication, so bo's reads see the idea.
    await bo.command('POST', `/api/marketplace/ideas/${ideaId}/view`, {});
    expect((await bo.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ likes: 0, likedByMe: false });

    expect((await bo.command('POST', `/api/marketplace/ideas/${ideaId}/like`, {})).body).toMatchObject({ changed: true, likes: 1 });
    expect((await bo.command('POST', `/api/marketplace/ideas/${ideaId}/like`, {})).body).toMatchObject({ changed: false, likes: 1 });
    expect((await bo.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ likes: 1, likedByMe: true });
    // Another person sees the count, not who liked it.
    const seen = (await ann.read('/api/marketplace/ideas')).body.find((idea: { id: string }) => idea.id === ideaId);
    expect(seen).toMatchObject({ likes: 1, likedByMe: false });
    expect(JSON.stringify(seen)).not.toMatch(/visitor-|likerIds/);

    const unliked = await bo.command('DELETE', `/api/marketplace/ideas/${ideaId}/like`);
    expect(unliked.body).toMatchObject({ success: true, changed: true, likes: 0, message: UNLIKED_MESSAGE });
    expect((await bo.read(`/api/marketplace/ideas/${ideaId}`)).body).toMatchObject({ likes: 0, likedByMe: false });
    expect((await bo.command('DELETE', `/api/marketplace/ideas/${ideaId}/like`)).body).toMatchObject({ changed: false, likes: 0 });
  });
});
