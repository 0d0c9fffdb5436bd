import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAiProcessChannel, type AiProcessChannel } from './process-channel.ts';

let channel: AiProcessChannel;
let server: Server;
let stores: Awaited<ReturnType<typeof openTestStores>>;

const start = async (site?: Parameters<typeof createAiProcessChannel>[0]['site']) => {
  stores = await openTestStores();
  channel = createAiProcessChannel({
    identify: async () => ({ actor: 'visitor-ann' }),
    logger: silentLogger(),
    documentStore: stores.documentStore,
    site,
  });
  server = createServer();
  server.on('upgrade', (request, socket, head) => channel.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};
afterEach(async () => {
  await channel.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await stores.cleanup();
});

/** Opens `/ws/ai-process` as a browser page would, answering the first message, or the HTTP refusal. */
const connect = (host: string, headers: Record<string, string>) =>
  new Promise<{ opened: true; first: unknown } | { opened: false; status: number; body: string }>((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/ws/ai-process?client=tab-1`, { headers });
    socket.once('message', (raw) => {
      resolve({ opened: true, first: JSON.parse(String(raw)) });
      socket.close();
    });
    socket.once('unexpected-response', (_, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => reject(error));
  });

describe('/ws/ai-process from another site', () => {
  it("refuses an upgrade from another site's page with 403 before any handshake", async () => {
    const host = await start();
    const refused = await connect(host, { Origin: 'https://evil.example' });
    expect(refused).toEqual({ opened: false, status: 403, body: expect.any(String) });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      success: false,
      error: 'Forbidden',
      message: 'Cross-site request refused: Origin https://evil.example is not this site',
    });
    expect(await connect(host, { 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ opened: false, status: 403 });
  });

  it('accepts a page of this site, and a client that names no site', async () => {
    const host = await start();
    expect(await connect(host, { Origin: `http://${host}` })).toEqual({ opened: true, first: { type: 'ai_process_ready', clientId: 'tab-1' } });
    expect(await connect(host, {})).toMatchObject({ opened: true });
  });

  it('takes this site from PUBLIC_URL, and in production from PUBLIC_URL alone', async () => {
    const host = await start({ publicUrl: 'https://ideas.example.com', production: true });
    const site = { Host: 'ideas.example.com' };
    expect(await connect(host, { ...site, Origin: 'https://ideas.example.com' })).toMatchObject({ opened: true });
    expect(await connect(host, { ...site, Origin: `http://${host}` })).toMatchObject({ opened: false, status: 403 });
    // Nor is a loopback Host served in production.
    expect(await connect(host, { Origin: 'https://ideas.example.com' })).toMatchObject({ opened: false, status: 421 });
  });

  it("compares the scheme: an http page is not an https PUBLIC_URL's, whatever X-Forwarded-Proto says", async () => {
    const host = await start({ publicUrl: 'https://ideas.example.com', trustProxy: true, production: true });
    const site = { Host: 'ideas.example.com', 'X-Forwarded-Proto': 'https' };
    expect(await connect(host, { ...site, Origin: 'https://ideas.example.com' })).toMatchObject({ opened: true });
    expect(await connect(host, { ...site, Origin: 'http://ideas.example.com' })).toMatchObject({ opened: false, status: 403 });
  });

  it("answers a DNS-rebinding page (its host in Host and Origin) 421: the request's own Host never makes this site", async () => {
    const host = await start();
    const port = host.split(':')[1];
    expect(await connect(host, { Origin: `http://rebind.evil.example:${port}`, Host: `rebind.evil.example:${port}` })).toMatchObject({
      opened: false,
      status: 421,
    });
  });
});
