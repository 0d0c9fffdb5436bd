import { PROJECTIONS_COLLECTION } from '@vis/infrastructure';
import { withFailingChangeFeed } from '@vis/infrastructure/testing';
import { afterEach, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startLiveUpdates } from './testing.ts';

let running: Awaited<ReturnType<typeof startLiveUpdates>>;
afterEach(() => running.close());

const status = (position: number) => ({
  _id: 'projects',
  version: 1,
  collection: 'projects_v1',
  position,
  state: 'live',
  updatedAt: new Date(0).toISOString(),
});

it('watches a read model again after its change feed fails, and tells every subscriber to refetch what the gap may hold', async () => {
  // The projects collection's feed breaks after one change, and cannot be watched again twice.
  let feed: ReturnType<typeof withFailingChangeFeed> | undefined;
  running = await startLiveUpdates({
    feedStore: (store) => {
      feed = withFailingChangeFeed(store, { failAfter: 1, refusals: 2 });
      return feed.store;
    },
  });
  const { documentStore } = running.stores;
  const write = async (position: number) => {
    await documentStore.replaceOne('projects_v1', { _id: 'p1', _position: position, _topics: ['project:p1'] });
    await documentStore.replaceOne(PROJECTIONS_COLLECTION, status(position));
  };
  await write(1);
  const socket = new WebSocket(`ws://${running.host}/ws`);
  const messages: { type: string; topic?: string; position?: string }[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'subscribe', topics: ['project:p1'] }));
  await vi.waitFor(() => expect(messages).toContainEqual({ type: 'subscribed', topics: ['project:p1'], denied: [] }));

  await write(2);
  await vi.waitFor(() => expect(messages.at(-1)).toEqual({ type: 'changed', topic: 'project:p1', position: '2' }));
  // The feed is broken now: this change is announced when the feed is watched again, not lost.
  await write(3);
  await vi.waitFor(() => expect(messages.at(-1)).toEqual({ type: 'changed', topic: 'project:p1', position: '3' }), { timeout: 5000 });
  expect(feed?.watchesOf('projects_v1')).toBe(4);
  // And the new feed carries on.
  await write(4);
  await vi.waitFor(() => expect(messages.at(-1)).toEqual({ type: 'changed', topic: 'project:p1', position: '4' }));
  socket.close();
});
