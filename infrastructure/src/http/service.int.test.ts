import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { silentLogger } from '../logging/logger.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { runService } from './service.ts';

const OPS_TOKEN = 'service-test-ops-token-0123456789';

/** A GET naming `host`, sent to 127.0.0.1 (what a browser sends after DNS rebinding). */
const get = (port: number, path: string, host: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });

const upgrade = (port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host, origin: `http://${host}` } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', reject);
  });

/** runService is what command-api, query-api and projections each run (their main.ts): one of each site setting. */
describe.each([
  { name: 'development', site: {} },
  { name: 'behind nginx (TRUST_PROXY, PUBLIC_URL)', site: { trustProxy: true, publicUrl: 'http://localhost:8080' } },
])('a service, $name', ({ site }) => {
  let server: ReturnType<typeof runService>;
  let port = 0;
  const sockets = new WebSocketServer({ noServer: true });
  beforeAll(async () => {
    server = runService({
      name: 'test-service',
      host: '127.0.0.1',
      port: 0,
      site,
      logger: silentLogger(),
      handle: (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"app":true}'),
      webSockets: {
        '/ws': {
          handleUpgrade: (request, socket, head) => sockets.handleUpgrade(request, socket, head, () => undefined),
          close: async () => undefined,
        },
      },
      close: async () => undefined,
      metrics: { metrics: createMetrics(), operators: { token: OPS_TOKEN } },
    });
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 421 to a rebinding Host on every path, and on a WebSocket upgrade', async () => {
    for (const path of ['/healthz', '/metrics', '/api/ops/projections', '/']) {
      const res = await get(port, path, `rebind.evil.example:${port}`);
      expect(res.status, path).toBe(421);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, error: 'Misdirected Request' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await upgrade(port, `rebind.evil.example:${port}`)).toBe(421);
  });

  it('serves its own hosts, /healthz and /metrics refusals with the security headers', async () => {
    const health = await get(port, '/healthz', `127.0.0.1:${port}`);
    expect(health.status).toBe(200);
    expect(health.headers['x-frame-options']).toBe('DENY');
    expect(health.headers['cache-control']).toBe('no-store');
    const refused = await get(port, `/metrics?token=${OPS_TOKEN}`, `localhost:${port}`);
    expect(refused.status).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await get(port, '/metrics', `localhost:${port}`, { authorization: `Bearer ${OPS_TOKEN}` })).status).toBe(200);
    expect((await get(port, '/', `localhost:${port}`)).body).toBe('{"app":true}');
    expect(await upgrade(port, `localhost:${port}`)).toBe(101);
  });
});

describe('a service behind nginx', () => {
  it("answers for PUBLIC_URL's host and this machine's names on the proxy's port, not for another name", async () => {
    const server = runService({
      name: 'test-service',
      host: '127.0.0.1',
      port: 0,
      site: { trustProxy: true, publicUrl: 'https://ideas.example.com' },
      logger: silentLogger(),
      handle: (_request, response) => response.end('app'),
      close: async () => undefined,
    });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ['ideas.example.com', 'localhost:8080', '127.0.0.1']) expect((await get(port, '/', host)).status, host).toBe(200);
      expect((await get(port, '/', 'rebind.evil.example:8080')).status).toBe(421);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
