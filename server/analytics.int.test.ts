import { aiCallsResponse, spendingResponse, stageFunnelResponse, topIdeasResponse } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const OPS_TOKEN = 'ops-token-for-analytics-0123456789';
const NEW_PATHS = ['/api/analytics/ai-calls', '/api/analytics/spending', '/api/analytics/top-ideas'];

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ opsToken: OPS_TOKEN, config: { OPERATOR_EMAILS: ['ops@example.com'], LOCAL_SIGN_IN_OPERATORS: true } });
});
afterAll(() => server.close());

/** The highest position any command answered: the operator's reads wait for it (read your writes across clients). */
let position = 0;
const noted = <T extends { status: number; body: any }>(res: T) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  if (res.body?.position) position = Math.max(position, Number(res.body.position));
  return res;
};

describe('the analytics of real activity, for operators', () => {
  const ops = () => httpClient(server.url);
  let operator: ReturnType<typeof httpClient>;
  let ideaId = '';
  const startedAt = new Date(Date.now() - 60_000).toISOString();

  beforeAll(async () => {
    operator = ops();
    await operator.form('/auth/local', { displayName: 'Olive Ops', email: 'ops@example.com' });
    const ann = httpClient(server.url);
    const bo = httpClient(server.url);
    const cy = httpClient(server.url);

    // Two guided projects: Ann's goes on to stage 3 without validating stages 1 and 2; Bo's stays on stage 1.
    const created = noted(await ann.call('POST', '/api/projects', {}));
    const projectId = created.body.project.id as string;
    noted(await bo.call('POST', '/api/projects', {}));
    noted(await ann.call('POST', `/api/projects/${projectId}/advance`, { fromStage: 1, continueAnyway: true }));
    noted(await ann.call('POST', `/api/projects/${projectId}/advance`, { fromStage: 2, continueAnyway: true }));

    // An AI call on a free play, a coupon of 10 points, then an AI call paid with a point (the offline provider).
    noted(await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId }));
    const coupon = await ops().call(
      'POST',
      '/api/ops/coupons',
      { code: 'GIFT10', kind: 'points', points: 10 },
      { authorization: `Bearer ${OPS_TOKEN}` },
    );
    expect(coupon.status).toBe(201);
    noted(await ann.call('POST', '/api/redeem-coupon', { couponCode: 'gift10' }));
    noted(await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId }));

    // Published, liked by two people and viewed by one.
    const published = noted(
      await ann.call('POST', '/api/marketplace/ideas', { projectId, title: 'The Tip Wall', coreIdea: 'Fans tip creators on a wall' }),
    );
    ideaId = published.body.id;
    noted(await bo.call('POST', `/api/marketplace/ideas/${ideaId}/like`, {}));
    noted(await cy.call('POST', `/api/marketplace/ideas/${ideaId}/like`, {}));
    noted(await bo.call('POST', `/api/marketplace/ideas/${ideaId}/view`, {}));
  });

  const read = async (path: string) => {
    const res = await operator.call('GET', path, undefined, { 'X-Min-Position': String(position) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const range = () => `from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

  it('counts the projects that reached each stage and where they went on without validation', async () => {
    const funnel = stageFunnelResponse.parse(await read('/api/analytics/stage-funnel'));
    expect(funnel.projects).toBe(2);
    expect(funnel.stages.map(({ stage, reached, leftWithSkippedValidation }) => [stage, reached, leftWithSkippedValidation])).toEqual([
      [1, 2, 1],
      [2, 1, 1],
      [3, 1, 0],
      [4, 0, 0],
      [5, 0, 0],
      [6, 0, 0],
    ]);
  });

  it('counts the AI calls by provider and outcome, in hourly buckets of the range', async () => {
    const calls = aiCallsResponse.parse(await read(`/api/analytics/ai-calls?${range()}`));
    expect(calls.bucket).toBe('hour');
    expect(calls.totals).toEqual({ offline: { succeeded: 2, failed: 0 }, gemini: { succeeded: 0, failed: 0 }, unknown: { succeeded: 0, failed: 0 } });
    expect(calls.failures).toEqual({});
    expect(calls.buckets.reduce((sum, bucket) => sum + bucket.byProvider.offline.succeeded, 0)).toBe(2);
    expect(calls.buckets.every((bucket) => bucket.start.endsWith(':00:00.000Z'))).toBe(true);
  });

  it('counts the points spent, the charges by method and the coupon redeemed', async () => {
    const spending = spendingResponse.parse(await read(`/api/analytics/spending?${range()}`));
    expect(spending.totals).toEqual({
      pointsSpent: 1,
      pointsGranted: 0,
      couponsRedeemed: 1,
      couponPoints: 10,
      charged: { own_key: 0, subscription: 0, point: 1, free_play: 1 },
      refunded: { own_key: 0, subscription: 0, point: 0, free_play: 0 },
      coupons: [{ code: 'GIFT10', kind: 'points', redemptions: 1, points: 10 }],
    });
    expect(spending.buckets.reduce((sum, bucket) => sum + bucket.couponPoints, 0)).toBe(10);
  });

  it('leaves out what happened before the range, and answers daily buckets for a week', async () => {
    // Whole hours: the range ends on the hour before the activity.
    const hourBefore = new Date(Math.floor(Date.parse(startedAt) / 3_600_000) * 3_600_000);
    const before = `from=${new Date(hourBefore.getTime() - 30 * 86_400_000).toISOString()}&to=${hourBefore.toISOString()}`;
    const calls = aiCallsResponse.parse(await read(`/api/analytics/ai-calls?${before}`));
    expect(calls.totals.offline).toEqual({ succeeded: 0, failed: 0 });
    expect(calls.bucket).toBe('day');
    expect(calls.to).toBe(hourBefore.toISOString());
    const week = aiCallsResponse.parse(await read(`/api/analytics/ai-calls`));
    expect(week.bucket).toBe('day');
    expect(week.buckets.length).toBeGreaterThanOrEqual(7);
    expect(week.totals.offline.succeeded).toBe(2);
  });

  it('ranks the published ideas by likes and by views', async () => {
    const top = topIdeasResponse.parse(await read('/api/analytics/top-ideas'));
    const idea = { id: ideaId, title: 'The Tip Wall', likes: 2, views: 1, publishedAt: expect.any(String) };
    expect(top).toEqual({ success: true, mostLiked: [idea], mostViewed: [idea] });
  });

  it('refuses a range it cannot answer, naming the field', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
      ['from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
      ['since=2026-01-01T00:00:00Z', 'since'],
    ] as const) {
      for (const path of ['/api/analytics/ai-calls', '/api/analytics/spending']) {
        const res = await operator.call('GET', `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.field, `${path}?${query}`).toBe(field);
      }
    }
  });

  it('keeps everyone else out, and lets the operator hear the figures change live', async () => {
    const visitor = httpClient(server.url);
    const other = httpClient(server.url);
    await other.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' });
    for (const client of [visitor, other]) {
      for (const path of NEW_PATHS) expect((await client.call('GET', path)).status, path).toBe(401);
    }
    const socket = await operator.socket();
    socket.ws.send(JSON.stringify({ type: 'subscribe', topics: ['ai_calls', 'spending'] }));
    expect(await socket.next((message) => message.type === 'subscribed')).toEqual({
      type: 'subscribed',
      topics: ['ai_calls', 'spending'],
      denied: [],
    });
    socket.ws.close();
    const denied = await visitor.socket();
    denied.ws.send(JSON.stringify({ type: 'subscribe', topics: ['ai_calls', 'spending'] }));
    expect(await denied.next((message) => message.type === 'subscribed')).toMatchObject({ topics: [], denied: ['ai_calls', 'spending'] });
    denied.ws.close();
  });
});
