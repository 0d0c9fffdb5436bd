import { SESSIONS_COLLECTION } from '@vis/infrastructure';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_CLOSE, LIVE_LIMITS } from './limits.ts';
import { startLiveUpdates } from './testing.ts';

let running: Awaited<ReturnType<typeof startLiveUpdates>>;
afterEach(() => running.close());

/**
 * `/ws` where the `x-session` header says which session a socket was opened with (none: a socket of nobody's),
 * and, behind a trusted proxy, `X-Forwarded-For` says which address.
 */
const start = async ({ trustProxy = false } = {}) => {
  running = await startLiveUpdates({
    site: { trustProxy },
    identify: async (request) => {
      const session = request.headers['x-session'] as string | undefined;
      // A live session has its record: a socket whose record is gone is closed.
      if (session)
        await running.stores.documentStore.replaceOne(SESSIONS_COLLECTION, { _id: session, json: '{}', expiresAt: '9999-12-31T00:00:00.000Z' });
      return session ? { actor: `visitor-${session}`, operator: false, session } : { actor: 'nobody', operator: false };
    },
  });
};

interface Socket {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
}

const open = async (headers: Record<string, string> = {}): Promise<Socket> => {
  const ws = new WebSocket(`ws://${running.host}/ws`, { headers });
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, messages, closed };
};

/** Answers once the server has handled every message sent before it (each socket's messages are handled in order). */
const roundTrip = async (socket: Socket) => {
  const before = socket.messages.length;
  socket.ws.send(JSON.stringify({ type: 'subscribe', topics: [] }));
  await new Promise<void>((resolve, reject) => {
    const check = () => (socket.messages.length > before ? resolve() : undefined);
    socket.ws.on('message', check);
    socket.ws.once('close', () => reject(new Error('closed')));
    check();
  });
};

const topicsFrom = (from: number, count: number) => Array.from({ length: count }, (_, i) => `idea:${from + i}`);
const subscribe = (socket: Socket, topics: string[]) => socket.ws.send(JSON.stringify({ type: 'subscribe', topics }));

describe('/ws limits', () => {
  it(`holds at most ${LIVE_LIMITS.topicsPerSocket} topics on one socket, then closes it with 1008 saying why`, async () => {
    await start();
    const socket = await open({ 'x-session': 'ann' });
    for (let from = 0; from < LIVE_LIMITS.topicsPerSocket; from += 100) subscribe(socket, topicsFrom(from, 100));
    // A topic held already is no new one.
    subscribe(socket, topicsFrom(0, 10));
    await roundTrip(socket);
    expect(socket.messages.filter((m) => m.type === 'subscribed').flatMap((m) => m.topics as string[])).toHaveLength(
      LIVE_LIMITS.topicsPerSocket + 10,
    );
    // Unsubscribing makes room.
    socket.ws.send(JSON.stringify({ type: 'unsubscribe', topics: ['idea:0'] }));
    subscribe(socket, ['idea:new']);
    await roundTrip(socket);
    subscribe(socket, ['idea:one-too-many']);
    expect(await socket.closed).toEqual(LIVE_CLOSE.tooManyTopics);
    expect(LIVE_CLOSE.tooManyTopics.code).toBe(1008);
  });

  it(`opens at most ${LIVE_LIMITS.socketsPerSession} sockets for one session, and more once one closes`, async () => {
    await start();
    const sockets = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerSession; i++) sockets.push(await open({ 'x-session': 'ann' }));
    await Promise.all(sockets.map(roundTrip));
    const extra = await open({ 'x-session': 'ann' });
    expect(await extra.closed).toEqual(LIVE_CLOSE.tooManySocketsForSession);
    // Another session is not counted with it.
    await roundTrip(await open({ 'x-session': 'bo' }));
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    await expect
      .poll(async () => {
        const again = await open({ 'x-session': 'ann' });
        return Promise.race([roundTrip(again).then(() => 'open'), again.closed.then(() => 'closed')]);
      })
      .toBe('open');
  });

  it(`opens at most ${LIVE_LIMITS.socketsPerAddress} sockets from one address, sessions or none, counting the proxy's address when it is trusted`, async () => {
    await start({ trustProxy: true });
    const from = (address: string, session?: string) => open({ 'x-forwarded-for': address, ...(session ? { 'x-session': session } : {}) });
    const sockets = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerAddress; i++) sockets.push(await from('203.0.113.1', i % 2 === 0 ? `s${i}` : undefined));
    await Promise.all(sockets.map(roundTrip));
    const extra = await from('203.0.113.1', 'fresh');
    expect(await extra.closed).toEqual(LIVE_CLOSE.tooManySocketsForAddress);
    // Only the entry our proxy appended counts.
    expect(await (await from('198.51.100.7, 203.0.113.1')).closed).toEqual(LIVE_CLOSE.tooManySocketsForAddress);
    await roundTrip(await from('203.0.113.2'));
  });
});
