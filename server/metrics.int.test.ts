import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const OPS_TOKEN = 'ops-token-for-metrics-0123456789';
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ opsToken: OPS_TOKEN, config: { RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 1 } });
});
afterAll(() => server.close());

const scrape = async () => {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one series (`name{labels}`), or undefined when the scrape has no such series. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics', () => {
  it('is for operators only', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const body = await (await fetch(`${server.url}/metrics?x=1`)).json();
    expect(body).toMatchObject({ success: false, error: 'Unauthorized' });
  });

  it('counts commands by type and outcome, appends, AI calls, rate-limit refusals, projections and WebSocket clients', async () => {
    const before = await scrape();
    const accepted = valueOf(before, 'vis_commands_total{type="CreateProject",outcome="accepted"}') ?? 0;
    const user = httpClient(server.url);

    const created = await user.call('POST', '/api/projects', { project: { name: 'Counted', coreIdea: '' } });
    expect(created.status).toBe(201);
    const id = created.body.project.id as string;
    expect((await user.call('DELETE', `/api/projects/${id}`)).status).toBe(200);
    // The domain refuses a change to a deleted project: a refused command, not a failure.
    const refused = await user.call('PATCH', `/api/projects/${id}`, { name: 'Renamed' });
    expect(refused.status).toBe(404);
    const ai = await user.call('POST', '/api/generate-parameter', { prompt: 'Suggest technical frameworks', kind: 'coreTechnology' });
    expect(ai.status).toBe(200);
    // The limit allows one wrong code; the second attempt is refused with 429.
    expect((await user.call('POST', '/api/redeem-coupon', { couponCode: 'WRONG-1' })).status).toBe(400);
    expect((await user.call('POST', '/api/redeem-coupon', { couponCode: 'WRONG-2' })).status).toBe(429);
    const socket = await user.socket();

    const after = await scrape();
    expect(valueOf(after, 'vis_commands_total{type="CreateProject",outcome="accepted"}')).toBe(accepted + 1);
    expect(valueOf(after, 'vis_commands_total{type="DeleteProject",outcome="accepted"}')).toBe(1);
    expect(valueOf(after, 'vis_commands_total{type="Patch",outcome="refused"}')).toBe(1);
    expect(valueOf(after, 'vis_command_duration_seconds_count{type="Patch",outcome="refused"}')).toBe(1);
    expect(valueOf(after, 'vis_appends_total{outcome="ok"}')).toBeGreaterThan(valueOf(before, 'vis_appends_total{outcome="ok"}') ?? 0);
    expect(valueOf(after, 'vis_appended_events_total')).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, 'vis_ai_calls_total{use="builderParameter",provider="offline",outcome="ok"}')).toBe(1);
    expect(valueOf(after, 'vis_rate_limit_refusals_total{limit="wrong-coupons"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'vis_websocket_clients{endpoint="/ws"}')).toBe(1);
    const head = Number(await server.eventStore.headPosition());
    expect(valueOf(after, 'vis_projection_head{projection="projects"}')).toBeLessThanOrEqual(head);
    expect(valueOf(after, 'vis_projection_position{projection="projects"}')).toBeGreaterThan(0);
    expect(after).toMatch(/^vis_projection_state\{projection="projects",state="\w+"\} 1$/m);
    expect(after).toMatch(/^vis_process_resident_memory_bytes \d+/m);
    // No ids, names or secrets in any label.
    expect(after).not.toContain(id);
    expect(after).not.toContain(OPS_TOKEN);

    socket.ws.close();
  });

  it('gives every request an id, answered in X-Request-Id and kept in the events it appended', async () => {
    const user = httpClient(server.url);
    const traced = await user.call('POST', '/api/projects', { project: { name: 'Traced', coreIdea: '' } }, { 'X-Request-Id': 'trace-me-42' });
    expect(traced.headers.get('x-request-id')).toBe('trace-me-42');
    const [event] = await server.eventStore.readStream(`project-${traced.body.project.id}`);
    expect(event!.metadata).toMatchObject({ requestId: 'trace-me-42' });

    // An unusable id (spaces, too long) is replaced by one of the server's own.
    const replaced = await user.call('GET', '/api/projects', undefined, { 'X-Request-Id': 'no spaces allowed' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
