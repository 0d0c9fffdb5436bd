import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import Keygrip from 'keygrip';
import { createSessionIdentifier, createSessionStore, SESSION_COOKIE } from '@vis/infrastructure';
import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_CLOSE } from './limits.ts';
import { startLiveUpdates } from './testing.ts';

const secret = 'a-session-secret-for-tests-0123456789';
let running: Awaited<ReturnType<typeof startLiveUpdates>>;
afterEach(() => running.close());

/** The signed cookie a browser holds for session record `sid`. */
const cookieFor = (sid: string) => `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${new Keygrip([secret]).sign(`${SESSION_COOKIE}=${sid}`)}`;

const open = async (sid: string) => {
  const ws = new WebSocket(`ws://${running.host}/ws`, { headers: { cookie: cookieFor(sid) } });
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'subscribe', topics: ['balance:mine'] }));
  await expect.poll(() => messages.length).toBe(1);
  return { ws, messages, closed };
};

it("closes every socket opened with a session once its record is deleted, by whichever process signs it out, and no other session's", async () => {
  // Made once the stores are open.
  const late: { identify?: (request: IncomingMessage) => Promise<{ actor: string; operator: boolean; session?: string }> } = {};
  running = await startLiveUpdates({ identify: (request) => late.identify!(request) });
  const { documentStore } = running.stores;
  // This process reads sessions through a cache, as the services do; the command API that signs out is another
  // process, with a store of its own on the same records.
  late.identify = createSessionIdentifier({ secret, store: createSessionStore({ documentStore, cacheMs: 60_000 }) });
  const commandApiSessions = createSessionStore({ documentStore });
  const [ann, bo] = [randomUUID(), randomUUID()];
  await commandApiSessions.set(ann, { visitorId: 'v-ann', userId: 'ann' }, 60_000);
  await commandApiSessions.set(bo, { visitorId: 'v-bo' }, 60_000);
  const annsTabs = [await open(ann), await open(ann)];
  const bos = await open(bo);
  expect(annsTabs[0]!.messages[0]).toEqual({ type: 'subscribed', topics: ['balance:mine'], denied: [] });

  await commandApiSessions.destroy(ann);
  for (const tab of annsTabs) expect(await tab.closed).toEqual(LIVE_CLOSE.sessionEnded);
  expect(LIVE_CLOSE.sessionEnded.code).toBe(4001);
  bos.ws.send(JSON.stringify({ type: 'subscribe', topics: ['marketplace'] }));
  await expect.poll(() => bos.messages.length).toBe(2);
  expect(bos.ws.readyState).toBe(WebSocket.OPEN);
  bos.ws.close();
});
