import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@vis/infrastructure';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAiProcessChannel, type AiProcessChannel } from './process-channel.ts';

let channel: AiProcessChannel;
let server: Server;

const start = async (site?: Parameters<typeof createAiProcessChannel>[0]['site']) => {
  channel = createAiProcessChannel({ identify: async () => ({ actor: 'visitor-ann' }), logger: silentLogger(), site });
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

  it('takes this site from PUBLIC_URL when it is set', async () => {
    const host = await start({ publicUrl: 'https://ideas.example.com' });
    expect(await connect(host, { Origin: 'https://ideas.example.com' })).toMatchObject({ opened: true });
    expect(await connect(host, { Origin: `http://${host}` })).toMatchObject({ opened: false, status: 403 });
  });

  it("reads the scheme from a trusted proxy's X-Forwarded-Proto, and only then", async () => {
    const host = await start({ trustProxy: true });
    expect(await connect(host, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).toMatchObject({ opened: true });
    expect(await connect(host, { Origin: `http://${host}`, 'X-Forwarded-Proto': 'https' })).toMatchObject({ opened: false, status: 403 });
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const host = await start();
    expect(await connect(host, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).toMatchObject({ opened: false, status: 403 });
  });
});
