import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const root = path.resolve(import.meta.dirname, '..');

/** A request as a browser sends it after DNS rebinding: from this machine, but naming the attacker's host. */
const rawRequest = (
  port: number,
  { method = 'GET', path: url, host, headers = {} }: { method?: string; path: string; host: string; headers?: Record<string, string> },
) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });

/** The status an upgrade is answered with, or the error that ended it. */
const upgradeStatus = (port: number, wsPath: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101, body: '', headers: {} });
    });
    ws.on('error', (error) => reject(error));
  });

const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined> | Headers, what: string) => {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(get('cache-control'), what).toBe('no-store');
};

describe('DNS rebinding: only known hosts are served', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 421 to any other Host, whatever the path, with the security headers', async () => {
    const rebind = `rebind.evil.example:${server.port}`;
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/metrics'],
      ['GET', '/api/ops/projections'],
      ['POST', '/api/ops/coupons'],
      ['GET', '/api/analytics/feedback'],
      ['GET', '/api/auth/user'],
      ['POST', '/api/projects'],
      ['GET', '/'],
    ] as const) {
      const res = await rawRequest(server.port, {
        method,
        path: url,
        host: rebind,
        headers: { origin: `http://${rebind}`, 'content-type': 'application/json' },
      });
      expect(res.status, `${method} ${url}`).toBe(421);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        error: 'Misdirected Request',
        message: expect.stringContaining('not a host this server answers for'),
      });
      expectSecurityHeaders(res.headers, `${method} ${url}`);
    }
  });

  it('refuses a WebSocket upgrade to another Host with 421', async () => {
    for (const wsPath of ['/ws', '/ws/ai-process']) {
      const rebind = `rebind.evil.example:${server.port}`;
      const res = await upgradeStatus(server.port, wsPath, { host: rebind, origin: `http://${rebind}` });
      expect(res.status, wsPath).toBe(421);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, error: 'Misdirected Request' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves the loopback names on its own port, and no other port', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
      expect((await rawRequest(server.port, { path: '/healthz', host })).status, host).toBe(200);
    }
    expect((await rawRequest(server.port, { path: '/healthz', host: `localhost:${server.port + 1}` })).status).toBe(421);
    expect((await upgradeStatus(server.port, '/ws', { origin: server.url })).status).toBe(101);
  });

  it('compares Origin with the known hosts, not with the Host a request names', async () => {
    // A same-origin-looking pair that is not this site: refused for its Host before its Origin is even read.
    const foreign = await rawRequest(server.port, {
      method: 'POST',
      path: '/api/projects',
      host: `127.0.0.1:${server.port}`,
      headers: { origin: `http://localhost:${server.port + 1}`, 'content-type': 'application/json' },
    });
    expect(foreign.status).toBe(403);
    const own = await rawRequest(server.port, {
      method: 'POST',
      path: '/api/projects',
      host: `127.0.0.1:${server.port}`,
      headers: { origin: `http://localhost:${server.port}`, 'content-type': 'application/json' },
    });
    expect(own.status).toBe(201);
  });
});

describe('operators, without OPS_TOKEN configured', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vis-hosts-'));
  let token = '';
  beforeAll(async () => {
    server = await startTestServer({ dataDir });
    token = readFileSync(path.join(dataDir, 'ops-token'), 'utf8').trim();
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates a token in the data directory, readable by its owner only, and keeps it across restarts', async () => {
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, 'ops-token')).mode & 0o777).toBe(0o600);
    await server.close();
    server = await startTestServer({ dataDir });
    expect(readFileSync(path.join(dataDir, 'ops-token'), 'utf8').trim()).toBe(token);
    expect((await fetch(`${server.url}/api/ops/projections`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('refuses a caller on this machine without the token: ops, metrics, analytics, as-of', async () => {
    for (const url of [
      '/api/ops/projections',
      '/api/ops/as-of?projection=projects&at=1',
      '/metrics',
      '/api/analytics/feedback',
      '/api/analytics/stage-funnel',
    ]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(401);
      expect((await res.json()).message).toBe('Operators only: send Authorization: Bearer <OPS_TOKEN>');
      expectSecurityHeaders(res.headers, url);
    }
    const coupon = await fetch(`${server.url}/api/ops/coupons`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ code: 'FREEBIE', kind: 'free_unlimited' }),
    });
    expect(coupon.status).toBe(401);
    expect((await httpClient(server.url).call('GET', '/api/auth/user')).body.isOperator).toBe(false);
  });

  it('takes the token in the Authorization header only, not as ?token=', async () => {
    for (const url of ['/api/ops/projections', '/metrics', '/api/analytics/feedback']) {
      const query = await fetch(`${server.url}${url}?token=${token}`);
      expect(query.status, url).toBe(401);
      const bearer = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(bearer.status, url).toBe(200);
      expectSecurityHeaders(bearer.headers, url);
    }
  });

  it('lets a WebSocket hear the operators topics once its first message gives the token, not from ?token=', async () => {
    const open = async (url: string) => {
      const ws = new WebSocket(url);
      const messages: Record<string, unknown>[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const next = (type: string) =>
        new Promise<Record<string, unknown>>((resolve) => {
          const check = () => {
            const found = messages.find((message) => message.type === type);
            if (found) resolve(found);
            else setTimeout(check, 10);
          };
          check();
        });
      return { ws, next };
    };
    const ws = server.url.replace('http', 'ws');
    const byQuery = await open(`${ws}/ws?token=${token}`);
    byQuery.ws.send(JSON.stringify({ type: 'subscribe', topics: ['feedback'] }));
    expect(await byQuery.next('subscribed')).toEqual({ type: 'subscribed', topics: [], denied: ['feedback'] });
    byQuery.ws.close();

    const wrong = await open(`${ws}/ws`);
    wrong.ws.send(JSON.stringify({ type: 'authenticate', token: 'x'.repeat(64) }));
    expect(await wrong.next('error')).toMatchObject({ type: 'error', message: 'Operators only: wrong token' });
    wrong.ws.send(JSON.stringify({ type: 'subscribe', topics: ['feedback'] }));
    expect(await wrong.next('subscribed')).toEqual({ type: 'subscribed', topics: [], denied: ['feedback'] });
    wrong.ws.close();

    const operator = await open(`${ws}/ws`);
    operator.ws.send(JSON.stringify({ type: 'authenticate', token }));
    expect(await operator.next('authenticated')).toEqual({ type: 'authenticated', operator: true });
    operator.ws.send(JSON.stringify({ type: 'subscribe', topics: ['feedback'] }));
    expect(await operator.next('subscribed')).toEqual({ type: 'subscribed', topics: ['feedback'], denied: [] });
    operator.ws.close();
  });

  it('answers /healthz with the security headers', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers, '/healthz');
  });

  it('lets a CLI beside the server find the generated token', async () => {
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      ['command-api/src/coupons-cli.ts', 'issue', 'HOSTS-CLI', '--points', '5'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(server.port), NODE_ENV: 'test', OPS_TOKEN: '', EVENTSTORE_URL: '' },
      },
    );
    expect(stdout).toContain(`Issued coupon HOSTS-CLI: 5 points, no redemption limit (via http://127.0.0.1:${server.port})`);
  });
});

describe('passwordless local sign-in and OPERATOR_EMAILS', () => {
  it('refuses an operator email unless LOCAL_SIGN_IN_OPERATORS is true', async () => {
    const refusing = await startTestServer({ config: { OPERATOR_EMAILS: ['ops@example.com'] } });
    try {
      const ops = httpClient(refusing.url);
      const res = await ops.form('/auth/local', { displayName: 'Olive Ops', email: 'OPS@example.com' });
      expect(res.status).toBe(403);
      expect(res.text).toContain('LOCAL_SIGN_IN_OPERATORS');
      expect((await ops.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: false, isOperator: false });
      expect((await ops.call('GET', '/api/ops/projections')).status).toBe(401);
      const other = httpClient(refusing.url);
      expect((await other.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' })).status).toBe(303);
    } finally {
      await refusing.close();
    }
    const allowing = await startTestServer({ config: { OPERATOR_EMAILS: ['ops@example.com'], LOCAL_SIGN_IN_OPERATORS: true } });
    try {
      const ops = httpClient(allowing.url);
      expect((await ops.form('/auth/local', { displayName: 'Olive Ops', email: 'ops@example.com' })).status).toBe(303);
      expect((await ops.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: true, isOperator: true });
      expect((await ops.call('GET', '/api/ops/projections')).status).toBe(200);
    } finally {
      await allowing.close();
    }
  });
});
