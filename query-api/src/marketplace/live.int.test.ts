import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { httpClient } from '../../../server/testing-client.ts';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { startTestServer } from '../../../server/testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let sockets: { close: () => void }[] = [];
beforeEach(async () => {
  server = await startTestServer();
});
// An open /ws connection would hold the server's close: every socket is closed first, even after a failure.
afterEach(async () => {
  for (const socket of sockets) socket.close();
  sockets = [];
  await server.close();
});

const listen = async (topics: string[]) => {
  const live = await httpClient(server.url).socket();
  sockets.push(live.ws);
  live.ws.send(JSON.stringify({ type: 'subscribe', topics }));
  return { ...live, subscribed: await live.next((m) => m.type === 'subscribed') };
};

describe('the marketplace, live, on the whole product', () => {
  it('lets anyone hear idea:<id> and marketplace, and announces a like on both', async () => {
    const ann = httpClient(server.url);
    const project = await ann.call('POST', '/api/projects', { project: { name: 'Tip Jar', coreIdea: 'Fans tip creators' } });
    const published = await ann.call('POST', '/api/marketplace/ideas', { projectId: project.body.project.id });
    expect(published.status).toBe(201);
    const id = published.body.id as string;

    // A browser that has never called the API: no session at all, and the marketplace is still public.
    const stranger = await listen([`idea:${id}`, 'marketplace', `project:${project.body.project.id}`]);
    expect(stranger.subscribed).toEqual({
      type: 'subscribed',
      topics: [`idea:${id}`, 'marketplace'],
      denied: [`project:${project.body.project.id}`],
    });

    const bob = httpClient(server.url);
    const liked = await bob.call('POST', `/api/marketplace/ideas/${id}/like`);
    expect(liked.body).toMatchObject({ success: true, changed: true, likes: 1 });
    expect(await stranger.next((m) => m.topic === `idea:${id}` && m.position === liked.body.position)).toEqual({
      type: 'changed',
      topic: `idea:${id}`,
      position: liked.body.position,
    });
    expect(await stranger.next((m) => m.topic === 'marketplace' && m.position === liked.body.position)).toEqual({
      type: 'changed',
      topic: 'marketplace',
      position: liked.body.position,
    });

    const detail = await bob.call('GET', `/api/marketplace/ideas/${id}`, undefined, { 'X-Min-Position': liked.body.position });
    expect(detail.body).toMatchObject({ id, title: 'Tip Jar', likes: 1, ownedByYou: false });
    const own = await ann.call('GET', '/api/marketplace/ideas', undefined, { 'X-Min-Position': liked.body.position });
    expect(own.body).toEqual([expect.objectContaining({ id, likes: 1, ownedByYou: true })]);
  });

  it('announces an unpublished idea to the list, which then no longer shows it', async () => {
    const ann = httpClient(server.url);
    const project = await ann.call('POST', '/api/projects', { project: { name: 'Tip Jar', coreIdea: 'Fans tip creators' } });
    const { id } = (await ann.call('POST', '/api/marketplace/ideas', { projectId: project.body.project.id })).body as { id: string };
    const watcher = await listen(['marketplace']);

    const removed = await ann.call('DELETE', `/api/marketplace/ideas/${id}`);
    expect(removed.status).toBe(200);
    expect(await watcher.next((m) => m.type === 'changed' && m.position === removed.body.position)).toEqual({
      type: 'changed',
      topic: 'marketplace',
      position: removed.body.position,
    });
    expect((await ann.call('GET', '/api/marketplace/ideas', undefined, { 'X-Min-Position': removed.body.position })).body).toEqual([]);
  });
});
