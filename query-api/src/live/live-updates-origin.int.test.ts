import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followProjectionProgress, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLiveUpdates, type LiveUpdatesDeps } from './live-updates.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let live: ReturnType<typeof createLiveUpdates>;
let server: Server;
let closeProgress: () => Promise<unknown>;

const start = async (site?: LiveUpdatesDeps['site']) => {
  stores = await openTestStores();
  const progress = await followProjectionProgress(stores.documentStore);
  closeProgress = () => progress.close();
  live = createLiveUpdates({
    documentStore: stores.documentStore,
    progress,
    logger: silentLogger(),
    identify: async () => ({ actor: 'visitor-ann', operator: false }),
    authorize: async (_, topic) => topic,
    site,
  });
  server = createServer();
  server.on('upgrade', (request, socket, head) => live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};
afterEach(async () => {
  await live.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await closeProgress();
  await stores.cleanup();
});

/** Opens `/ws` as a browser page would and subscribes, answering the reply, or the HTTP refusal. */
const connect = (host: string, headers: Record<string, string>) =>
  new Promise<{ opened: true; reply: unknown } | { opened: false; status: number; body: string }>((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/ws`, { headers });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: ['marketplace'] })));
    socket.once('message', (raw) => {
      resolve({ opened: true, reply: JSON.parse(String(raw)) });
      socket.close();
    });
    socket.once('unexpected-response', (_, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => reject(error));
  });

describe('/ws from another site', () => {
  it("refuses an upgrade from another site's page with 403 before any handshake", async () => {
    const host = await start();
    const refused = await connect(host, { Origin: 'https://evil.example' });
    expect(refused).toMatchObject({ opened: false, status: 403 });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      success: false,
      error: 'Forbidden',
      message: 'Cross-site request refused: Origin https://evil.example is not this site',
    });
    expect(await connect(host, { 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ opened: false, status: 403 });
  });

  it('accepts a page of this site, and a client that names no site', async () => {
    const host = await start();
    const subscribed = { opened: true, reply: { type: 'subscribed', topics: ['marketplace'], denied: [] } };
    expect(await connect(host, { Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' })).toEqual(subscribed);
    expect(await connect(host, {})).toEqual(subscribed);
  });

  it('takes this site from PUBLIC_URL when it is set', async () => {
    const host = await start({ publicUrl: 'https://ideas.example.com' });
    expect(await connect(host, { Origin: 'https://ideas.example.com' })).toMatchObject({ opened: true });
    expect(await connect(host, { Origin: `http://${host}` })).toMatchObject({ opened: false, status: 403 });
  });
});
