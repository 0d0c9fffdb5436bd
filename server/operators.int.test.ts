import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789';
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ opsToken: OPS_TOKEN });
});
afterAll(() => server.close());

/** A script's socket: the token, when it has one, as its first message (never in the address). */
const subscribe = async (url: string, topics: string[], token?: string) => {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  if (token) {
    const authenticated = new Promise<Record<string, unknown>>((resolve) => ws.once('message', (raw) => resolve(JSON.parse(String(raw)))));
    ws.send(JSON.stringify({ type: 'authenticate', token }));
    expect(await authenticated).toEqual({ type: 'authenticated', operator: true });
  }
  const reply = new Promise<Record<string, unknown>>((resolve) => ws.once('message', (raw) => resolve(JSON.parse(String(raw)))));
  ws.send(JSON.stringify({ type: 'subscribe', topics }));
  return { ws, reply: await reply };
};

describe('operators and analysts, with OPS_TOKEN set', () => {
  it('refuses the analytics reads and the operators API without the token', async () => {
    for (const path of ['/api/analytics/feedback', '/api/analytics/stage-funnel', '/api/ops/projections']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Operators only: send Authorization: Bearer <OPS_TOKEN>');
      expect((await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).status).toBe(200);
    }
  });

  it('lets only the token holder hear feedback and the funnel live', async () => {
    const visitor = await subscribe(`${server.url.replace('http', 'ws')}/ws`, ['feedback', 'stage_funnel']);
    expect(visitor.reply).toEqual({ type: 'subscribed', topics: [], denied: ['feedback', 'stage_funnel'] });
    visitor.ws.close();

    const operator = await subscribe(`${server.url.replace('http', 'ws')}/ws`, ['feedback', 'stage_funnel'], OPS_TOKEN);
    expect(operator.reply).toEqual({ type: 'subscribed', topics: ['feedback', 'stage_funnel'], denied: [] });
    const changed = new Promise((resolve) => operator.ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
    await httpClient(server.url).call('POST', '/api/feedback', { type: 'bug', message: 'The button is grey' });
    expect(await changed).toMatchObject({ type: 'changed', topic: 'feedback' });

    const funnelChanged = new Promise((resolve) => operator.ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
    await httpClient(server.url).call('POST', '/api/projects', {});
    expect(await funnelChanged).toMatchObject({ type: 'changed', topic: 'stage_funnel' });
    operator.ws.close();
  });
});

describe('operators signed in with an email in OPERATOR_EMAILS', () => {
  let withEmails: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    withEmails = await startTestServer({ opsToken: OPS_TOKEN, config: { OPERATOR_EMAILS: ['ops@example.com'], LOCAL_SIGN_IN_OPERATORS: true } });
  });
  afterAll(() => withEmails.close());

  const OPERATORS_PATHS = ['/api/analytics/feedback', '/api/analytics/stage-funnel', '/api/ops/projections', '/metrics'];

  it('lets an operator in with their session alone, whatever the case of their email, and says so in /api/auth/user', async () => {
    const ops = httpClient(withEmails.url);
    await ops.form('/auth/local', { displayName: 'Olive Ops', email: 'Ops@Example.com' });
    expect((await ops.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: true, isOperator: true });
    for (const path of OPERATORS_PATHS) expect((await ops.call('GET', path)).status, path).toBe(200);
    const verify = await ops.call('POST', '/api/ops/projections/projects/verify', undefined, { origin: withEmails.url });
    expect(verify.status).toBe(200);

    const socket = await ops.socket();
    socket.ws.send(JSON.stringify({ type: 'subscribe', topics: ['feedback', 'stage_funnel'] }));
    expect(await socket.next((message) => message.type === 'subscribed')).toEqual({
      type: 'subscribed',
      topics: ['feedback', 'stage_funnel'],
      denied: [],
    });
    socket.ws.close();
  });

  it('keeps everyone else out: a visitor, a user with another email, and the operator once signed out', async () => {
    const visitor = httpClient(withEmails.url);
    expect((await visitor.call('GET', '/api/auth/user')).body.isOperator).toBe(false);
    const other = httpClient(withEmails.url);
    await other.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' });
    expect((await other.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: true, isOperator: false });
    const ops = httpClient(withEmails.url);
    await ops.form('/auth/local', { displayName: 'Olive Ops', email: 'ops@example.com' });
    await ops.form('/auth/logout', {});
    for (const client of [visitor, other, ops]) {
      for (const path of OPERATORS_PATHS) {
        const res = await client.call('GET', path);
        expect(res.status, path).toBe(401);
        expect(res.body.message).toBe("Operators only: sign in with an operator's account or send Authorization: Bearer <OPS_TOKEN>");
      }
    }
  });
});
