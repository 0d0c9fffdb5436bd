import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const closeOf = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));

it('signing out closes the sockets opened with that session, in every tab, and no one else’s', async () => {
  const ann = httpClient(server.url);
  expect((await ann.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' })).status).toBe(303);
  const tabs = [await ann.socket(), await ann.socket()];
  for (const tab of tabs) {
    tab.ws.send(JSON.stringify({ type: 'subscribe', topics: ['balance:mine', 'projects:mine'] }));
    expect(await tab.next((m) => m.type === 'subscribed')).toMatchObject({ topics: ['balance:mine', 'projects:mine'], denied: [] });
  }
  const bo = httpClient(server.url);
  await bo.call('POST', '/api/feedback', { message: 'hello' });
  const bos = await bo.socket();
  const closed = tabs.map((tab) => closeOf(tab.ws));

  expect((await ann.form('/auth/logout', {})).status).toBe(303);
  for (const close of closed) {
    expect(await close).toEqual({ code: 4001, reason: 'Signed out: the session this socket was opened with has ended' });
  }
  bos.ws.send(JSON.stringify({ type: 'subscribe', topics: ['balance:mine'] }));
  expect(await bos.next((m) => m.type === 'subscribed')).toMatchObject({ topics: ['balance:mine'] });
  expect(bos.ws.readyState).toBe(WebSocket.OPEN);
  bos.ws.close();
});
