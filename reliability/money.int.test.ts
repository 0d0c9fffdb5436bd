import { createPaymentsGateway } from '@vis/command-api';
import { json, startFakeGemini, startFakeStripe, type FakeGemini } from '@vis/command-api/testing';
import { silentLogger, type RecordedEvent } from '@vis/infrastructure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../server/testing-client.ts';
import { startTestServer } from '../server/testing.ts';
import { recordFigures, sized, tally, type LedgerFigure } from './support/figures.ts';

/**
 * The money audit: the embedded server with the product's default abuse limits, Gemini at a local fake that counts
 * the model calls, and bursts of what costs money or counts: AI requests retried in parallel with one
 * Idempotency-Key, cookie-less AI calls, the public coupon, wrong coupon codes, one person's likes (as visitor, user
 * and after sign-out), subscription creates (Stripe at a local fake). For each, what was tried, what was
 * charged (charges less refunds, read from the log), what was delivered (answers the caller got) and how often the
 * model was asked: charged, delivered and asked must agree, and no burst passes its limit. Every event id of every
 * log is checked to be unique.
 */
const DEFAULT_LIMITS = { RATE_LIMIT_NEW_VISITORS_PER_HOUR: 30, RATE_LIMIT_VISITOR_AI_PER_HOUR: 10, RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 10 };
const REQUESTS = sized(8, 25);
const SENDS_PER_REQUEST = sized(5, 10);

const attacks = tally();
const ledger: LedgerFigure[] = [];
const started = Date.now();
let gemini: FakeGemini;
let server: Awaited<ReturnType<typeof startTestServer>> | undefined;

beforeAll(async () => {
  gemini = await startFakeGemini();
  gemini.otherwise(() => json({ parameters: ['Scarcity', 'Social proof', 'Streaks'] }));
});
afterEach(async () => {
  if (server) {
    const log = await server.eventStore.readAll();
    const ids = new Set<string>();
    attacks.tried('no event id twice in the log');
    const duplicates = log.filter((event) => ids.size === ids.add(event.id).size);
    if (duplicates.length) attacks.failed('no event id twice in the log', `${duplicates.length} of ${log.length} events reuse an id`);
    expect(duplicates).toEqual([]);
    await server.close();
  }
  server = undefined;
});
afterAll(async () => {
  await gemini.close();
  recordFigures({
    section: 'money',
    title: 'Money: bursts and retries of what is charged or counted',
    checks:
      'The embedded server with the default abuse limits and Gemini at a local fake. Each attack fires its requests in parallel; charged is charges less refunds in the log, delivered is the answers callers got, asked is the model calls the fake saw. They must agree, no limit may be passed, and no event id may appear twice in the log.',
    attacks: attacks.all(),
    ledger,
    seconds: Math.round((Date.now() - started) / 1000),
  });
});

type ServerOverrides = NonNullable<NonNullable<Parameters<typeof startTestServer>[0]>['overrides']>;
const start = async (config: Record<string, unknown> = {}, overrides: ServerOverrides = {}) => {
  server = await startTestServer({
    config: { ...DEFAULT_LIMITS, GEMINI_API_KEY: 'AIzaSy-server-key-for-tests-0001', GEMINI_MODEL: 'gemini-test-model', ...config },
    overrides: { geminiBaseUrl: gemini.baseUrl, ...overrides },
  });
  return server;
};
const modelCalls = () => gemini.calls.filter((call) => call.task === 'generateContent').length;
const parallel = <T>(times: number, run: (index: number) => Promise<T>) => Promise.all(Array.from({ length: times }, (_, i) => run(i)));

/** Charges less refunds, per request id, from the log. */
const netCharges = (log: RecordedEvent[]) => {
  const net = new Map<string, number>();
  for (const event of log) {
    const requestId = (event.data as { requestId?: string }).requestId;
    if (!requestId) continue;
    if (event.type === 'AiRequestCharged') net.set(requestId, (net.get(requestId) ?? 0) + 1);
    if (event.type === 'AiRequestRefunded') net.set(requestId, (net.get(requestId) ?? 0) - 1);
  }
  return [...net.values()].reduce((sum, count) => sum + count, 0);
};

/** Records one line of the ledger, and a failure when its figures disagree or pass the limit. */
const audit = (figure: LedgerFigure) => {
  ledger.push(figure);
  attacks.tried(figure.attack);
  const agree =
    figure.delivered === undefined || (figure.charged === figure.delivered && (figure.asked === undefined || figure.asked === figure.delivered));
  const within = figure.limit === undefined || figure.passed <= figure.limit;
  if (!agree || !within) attacks.failed(figure.attack, JSON.stringify(figure));
  expect({ ...figure, agree, within }).toMatchObject({ agree: true, within: true });
};

describe('money audit', () => {
  it('AI requests retried in parallel with one Idempotency-Key: one charge, one answer, one model call each', async () => {
    const { url } = await start({ PUBLIC_COUPON_CODE: 'OPEN' });
    const user = httpClient(url);
    await user.form('/auth/local', { displayName: 'Audit', email: 'audit@example.com' });
    expect((await user.call('POST', '/api/redeem-coupon', { couponCode: 'OPEN' })).status).toBe(200);
    const asked = modelCalls();
    const answers = await parallel(REQUESTS, (request) =>
      parallel(SENDS_PER_REQUEST, () =>
        user.call(
          'POST',
          '/api/generate-parameters',
          { fieldType: 'viralParameters', coreIdea: `Idea ${request}` },
          { 'Idempotency-Key': `audit-${request}` },
        ),
      ),
    );
    const delivered = answers.filter((sends) =>
      sends.every((res) => res.status === 200 && JSON.stringify(res.body) === JSON.stringify(sends[0]!.body)),
    );
    audit({
      attack: `${REQUESTS} AI requests × ${SENDS_PER_REQUEST} parallel sends (signed-in user)`,
      tried: REQUESTS * SENDS_PER_REQUEST,
      passed: delivered.length,
      charged: netCharges(await server!.eventStore.readAll()),
      delivered: delivered.length,
      asked: modelCalls() - asked,
    });
    expect(delivered).toHaveLength(REQUESTS);
  });

  it('cookie-less AI calls from one address: no more than the per-address limit, each charged once', async () => {
    const { url } = await start();
    const asked = modelCalls();
    const answers = await parallel(40, () =>
      httpClient(url).call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', coreIdea: 'Tip wall' }),
    );
    const delivered = answers.filter((res) => res.status === 200).length;
    audit({
      attack: '40 parallel cookie-less AI calls (limit 10 per address)',
      tried: 40,
      limit: DEFAULT_LIMITS.RATE_LIMIT_VISITOR_AI_PER_HOUR,
      passed: delivered,
      charged: netCharges(await server!.eventStore.readAll()),
      delivered,
      asked: modelCalls() - asked,
    });
  });

  it('visitors on the public coupon: limited per address like free plays', async () => {
    const { url } = await start({ PUBLIC_COUPON_CODE: 'VIRALFREE' });
    const visitors = [httpClient(url), httpClient(url), httpClient(url)];
    for (const visitor of visitors) expect((await visitor.call('POST', '/api/redeem-coupon', { couponCode: 'VIRALFREE' })).status).toBe(200);
    const asked = modelCalls();
    const answers = await parallel(90, (i) =>
      visitors[i % 3]!.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', coreIdea: `Idea ${i}` }),
    );
    const delivered = answers.filter((res) => res.status === 200).length;
    audit({
      attack: '3 visitors with the public coupon, 90 parallel AI calls (limit 10 per address)',
      tried: 90,
      limit: DEFAULT_LIMITS.RATE_LIMIT_VISITOR_AI_PER_HOUR,
      passed: delivered,
      charged: netCharges(await server!.eventStore.readAll()),
      delivered,
      asked: modelCalls() - asked,
    });
  });

  it('wrong coupon codes in parallel: no more evaluated than the limit, nothing redeemed', async () => {
    const { url } = await start();
    const guesser = httpClient(url);
    await guesser.call('GET', '/api/auth/user');
    const head = await server!.eventStore.headPosition();
    const answers = await parallel(40, (i) => guesser.call('POST', '/api/redeem-coupon', { couponCode: `GUESS-${i}` }));
    audit({
      attack: '40 parallel wrong coupon codes (limit 10 per 10 minutes)',
      tried: 40,
      limit: DEFAULT_LIMITS.RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES,
      passed: answers.filter((res) => res.status === 400).length,
    });
    expect(await server!.eventStore.headPosition()).toBe(head);
  });

  it('one person liking an idea in parallel bursts, as a visitor, signed in and signed out: counted once', async () => {
    const { url } = await start();
    const publisher = httpClient(url);
    const project = await publisher.call('POST', '/api/projects', { project: { name: 'Loop', coreIdea: 'A loop that shares itself' } });
    const idea = (await publisher.call('POST', '/api/marketplace/ideas', { projectId: project.body.project.id })).body.id as string;
    const person = httpClient(url);
    await person.call('GET', '/api/auth/user');
    const like = () => parallel(25, () => person.call('POST', `/api/marketplace/ideas/${idea}/like`));
    const asVisitor = await like();
    await person.form('/auth/local', { displayName: 'Liker', email: 'liker@example.com' });
    const asUser = await like();
    await person.form('/auth/logout', {});
    const afterSignOut = await like();
    const sent = [...asVisitor, ...asUser, ...afterSignOut];
    const liked = (await server!.eventStore.readAll()).filter((event) => event.type === 'IdeaLiked' || event.type === 'IdeaLikeMerged');
    const newest = sent.map((res) => BigInt((res.body?.position as string | undefined) ?? '0')).reduce((a, b) => (a > b ? a : b), 0n);
    const detail = await publisher.call('GET', `/api/marketplace/ideas/${idea}`, undefined, { 'X-Min-Position': String(newest) });
    const counted = detail.body.likes as number;
    audit({
      attack: '75 likes of one idea by one person (25 at once as visitor, as user, after sign-out)',
      tried: sent.length,
      limit: 1,
      passed: counted,
    });
    expect(liked.filter((event) => event.type === 'IdeaLiked')).toHaveLength(1);
  });

  it('subscription creates in parallel by one account: one Stripe subscription', async () => {
    const stripe = await startFakeStripe();
    try {
      const price = stripe.addPrice();
      const payments = createPaymentsGateway({
        stripe: stripe.client(),
        priceId: price.id,
        webhookSecret: 'whsec_money_audit_0123456789',
        logger: silentLogger(),
      });
      const { url } = await start({}, { payments });
      const user = httpClient(url);
      await user.form('/auth/local', { displayName: 'Payer', email: 'payer@example.com' });
      const answers = await parallel(20, () => user.call('POST', '/api/subscription/create', { email: 'payer@example.com' }));
      const retries = await parallel(10, () => user.call('POST', '/api/subscription/create', { email: 'payer@example.com' }));
      const ids = new Set([...answers, ...retries].filter((res) => res.status === 200).map((res) => res.body.subscriptionId as string));
      audit({
        attack: '30 subscription creates by one account (20 at once, then 10 retries)',
        tried: 30,
        limit: 1,
        passed: stripe.subscriptions.size,
        charged: stripe.subscriptions.size,
        delivered: ids.size,
      });
    } finally {
      await stripe.close();
    }
  });
});
