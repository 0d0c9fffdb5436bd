import { createSubscriptionResponse } from '@vis/domain';
import { silentLogger } from '@vis/infrastructure';
import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';
import { createPaymentsGateway } from './gateway.ts';
import { PAYMENTS_NOT_CONFIGURED } from './messages.ts';
import { SESSION_SECRET, startPaymentsApp, type PaymentsApp } from './testing/payments-app.ts';
import { sessionCookie } from './testing/session-cookie.ts';

let t: PaymentsApp;
beforeEach(async () => {
  t = await startPaymentsApp();
});
afterEach(() => t.close());

/** December 23, 2026, 10:00 UTC: one month after the fake's clock. */
const PERIOD_END = Date.UTC(2026, 11, 23, 10) / 1000;

type Browser = Awaited<ReturnType<PaymentsApp['browser']>>;

const subscribe = async (browser: Browser, email = 'ann@example.com') => {
  const res = await browser.post('/api/subscription/create').send({ email });
  expect(res.status).toBe(200);
  return res.body.subscriptionId as string;
};

/** The whole way to a paid subscription: create, pay in the "browser", Stripe's invoice.paid webhook. */
const subscribeAndPay = async (browser: Browser) => {
  const subscriptionId = await subscribe(browser);
  const paid = await t.postWebhook(t.fake.event('invoice.paid', t.fake.payLatestInvoice(subscriptionId)));
  expect(paid.body).toEqual({ received: true, outcome: 'applied' });
  return subscriptionId;
};

const allEvents = () => t.stores.eventStore.readAll();

describe('POST /api/subscription/create', () => {
  it("lets a visitor subscribe: a Stripe customer and an incomplete $4/month subscription on the visitor's account", async () => {
    const ann = await t.browser('visitor-ann');
    const res = await ann.post('/api/subscription/create').send({ email: ' ann@example.com ' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      subscriptionId: expect.stringMatching(/^sub_/),
      message: 'Subscription created. Please complete your payment.',
      position: expect.any(String),
    });
    const [customer] = t.fake.requestsTo('POST', '/v1/customers');
    expect(customer?.params).toEqual({ email: 'ann@example.com', metadata: { accountId: 'visitor-ann' } });
    const [subscription] = t.fake.requestsTo('POST', '/v1/subscriptions');
    expect(subscription?.params).toEqual({
      customer: t.fake.customers.keys().next().value,
      items: [{ price: t.price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { accountId: 'visitor-ann' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription?.idempotencyKey).toMatch(/^subscription-create:.+:subscription$/);
    expect(subscription?.stripeVersion).toBe('2026-10-28.endive');
    // The secret handed to the browser is the one of the subscription's first invoice.
    const invoice = t.fake.invoices.get(t.fake.subscriptions.get(res.body.subscriptionId)!.latest_invoice as string)!;
    expect(res.body.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);

    expect(await t.eventsOf('visitor-ann')).toEqual([
      {
        type: 'SubscriptionRequested',
        data: { accountId: 'visitor-ann', attempt: 1, email: 'ann@example.com', requestedAt: '2026-11-23T10:00:00.000Z' },
      },
      {
        type: 'SubscriptionStarted',
        data: {
          accountId: 'visitor-ann',
          subscriptionId: res.body.subscriptionId,
          customerId: expect.stringMatching(/^cus_/),
          email: 'ann@example.com',
          startedAt: '2026-11-23T10:00:00.000Z',
        },
      },
    ]);
    expect((await t.accounts.stateOf('visitor-ann')).subscription).toMatchObject({ status: 'incomplete', subscriptionId: res.body.subscriptionId });
  });

  it.each([
    ['the bare id', 'bob'],
    ['the account id', 'user-bob'],
  ])('lets a signed-in user subscribe, sending their own user id as %s', async (_, userId) => {
    const bob = await t.browser('user-bob');
    const res = await bob.post('/api/subscription/create').send({ email: 'bob@example.com', userId });
    expect(res.status).toBe(200);
    expect(t.fake.requestsTo('POST', '/v1/subscriptions')[0]?.params.metadata).toEqual({ accountId: 'user-bob' });
    expect((await t.accounts.stateOf('user-bob')).subscription.subscriptionId).toBe(res.body.subscriptionId);
  });

  it.each([
    ["another user's id", 'user-bob', 'eve'],
    ['a user id from a visitor', 'visitor-eve', 'bob'],
  ] as const)('refuses %s with 403, calls no Stripe and writes nothing', async (_, who, userId) => {
    const browser = await t.browser(who);
    const res = await browser.post('/api/subscription/create').send({ email: 'eve@example.com', userId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: 'You can only subscribe for your own account.',
      message: 'You can only subscribe for your own account.',
    });
    expect(t.fake.requests).toEqual([]);
    expect(await allEvents()).toEqual([]);
  });

  it.each([
    ['an email without @', { email: 'ann.example.com' }],
    ['a blank email', { email: '   ' }],
    ['no email', {}],
  ])('answers 400 for %s, calls no Stripe and writes nothing', async (_, body) => {
    const ann = await t.browser('visitor-ann');
    const res = await ann.post('/api/subscription/create').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Please enter a valid email address',
      message: 'Please enter a valid email address',
      field: 'email',
    });
    expect(t.fake.requests).toEqual([]);
    expect(await allEvents()).toEqual([]);
  });

  it("hands the browser Stripe.js's publishable key with the secret, when the server has one", async () => {
    await t.close();
    t = await startPaymentsApp({ publishableKey: 'pk_test_routes' });
    const ann = await t.browser('visitor-ann');
    const res = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(res.status).toBe(200);
    expect(createSubscriptionResponse.parse(res.body)).toMatchObject({ publishableKey: 'pk_test_routes', clientSecret: expect.any(String) });
  });
  it('refuses unknown fields by name', async () => {
    const res = await (await t.browser('visitor-ann')).post('/api/subscription/create').send({ email: 'ann@example.com', plan: 'gold' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Unknown field: plan', field: 'plan' });
    expect(t.fake.requests).toEqual([]);
  });

  it('creates one subscription for a retried request with the same Idempotency-Key', async () => {
    const ann = await t.browser('visitor-ann');
    const first = await ann.post('/api/subscription/create').set('Idempotency-Key', 'subscribe-1').send({ email: 'ann@example.com' });
    const retry = await ann.post('/api/subscription/create').set('Idempotency-Key', 'subscribe-1').send({ email: 'ann@example.com' });
    expect(retry.status).toBe(200);
    expect(retry.body.subscriptionId).toBe(first.body.subscriptionId);
    expect(retry.body.clientSecret).toBe(first.body.clientSecret);
    expect(t.fake.subscriptions.size).toBe(1);
    expect(t.fake.customers.size).toBe(1);
    expect((await t.eventsOf('visitor-ann')).map((event) => event.type)).toEqual(['SubscriptionRequested', 'SubscriptionStarted']);
  });

  it('refuses the same Idempotency-Key with another email (422) before asking Stripe again', async () => {
    const ann = await t.browser('visitor-ann');
    await ann.post('/api/subscription/create').set('Idempotency-Key', 'subscribe-1').send({ email: 'ann@example.com' });
    const before = t.fake.requests.length;
    const reused = await ann.post('/api/subscription/create').set('Idempotency-Key', 'subscribe-1').send({ email: 'ann@work.example' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ success: false, error: 'Idempotency-Key reused with a different request' });
    expect(t.fake.requests).toHaveLength(before);
    expect((await t.eventsOf('visitor-ann')).map((event) => event.type)).toEqual(['SubscriptionRequested', 'SubscriptionStarted']);
  });

  it('answers a second create with the unpaid subscription it already made: one at Stripe, the same secret', async () => {
    const ann = await t.browser('visitor-ann');
    const first = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    const second = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ subscriptionId: first.body.subscriptionId, clientSecret: first.body.clientSecret });
    expect(t.fake.requestsTo('POST', '/v1/subscriptions')).toHaveLength(1);
    expect(t.fake.subscriptions.size).toBe(1);
    expect(t.fake.customers.size).toBe(1);
    expect((await t.eventsOf('visitor-ann')).map((event) => event.type)).toEqual(['SubscriptionRequested', 'SubscriptionStarted']);
  });

  it('makes one Stripe subscription for 20 creates at once, and answers it to each', async () => {
    const ann = await t.browser('visitor-ann');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ann.post('/api/subscription/create').send({ email: 'ann@example.com' })));
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const [first] = answers;
    for (const res of answers) expect(res.body).toMatchObject({ subscriptionId: first!.body.subscriptionId, clientSecret: first!.body.clientSecret });
    expect(t.fake.subscriptions.size).toBe(1);
    expect(t.fake.customers.size).toBe(1);
    expect((await t.eventsOf('visitor-ann')).map((event) => event.type)).toEqual(['SubscriptionRequested', 'SubscriptionStarted']);
  });

  it('makes one Stripe subscription for creates sent to two replicas at once', async () => {
    // Two command APIs on the same stores, each with its own Stripe client (retrying as in production: Stripe
    // answers 409 to a request whose idempotency key is still in flight).
    const replica = () =>
      createCommandApi({
        eventStore: t.stores.eventStore,
        documentStore: t.stores.documentStore,
        logger: silentLogger(),
        sessionSecret: SESSION_SECRET,
        secureCookies: false,
        clock: () => new Date('2026-11-23T10:00:00.000Z'),
        payments: createPaymentsGateway({
          stripe: new Stripe('sk_test_fake', { host: '127.0.0.1', port: t.fake.port, protocol: 'http', maxNetworkRetries: 3 }),
          priceId: t.price.id,
        }),
      }).callback();
    const replicas = [replica(), replica()];
    const cookie = await sessionCookie(SESSION_SECRET, t.stores.documentStore, { visitorId: 'ann' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(replicas[i % 2]!)
          .post('/api/subscription/create')
          .set('Cookie', cookie)
          .send({ email: 'ann@example.com' }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((res) => res.body.subscriptionId)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body.clientSecret)).size).toBe(1);
    expect(t.fake.subscriptions.size).toBe(1);
    expect(t.fake.customers.size).toBe(1);
  });

  it('never leaves two billed subscriptions: after paying the one answered twice, a third create is refused', async () => {
    const ann = await t.browser('visitor-ann');
    const first = await subscribe(ann);
    const second = await subscribe(ann);
    expect(second).toBe(first);
    await t.postWebhook(t.fake.event('invoice.paid', t.fake.payLatestInvoice(first)));
    const third = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(third.status).toBe(409);
    expect([...t.fake.subscriptions.values()].filter((sub) => sub.status === 'active')).toHaveLength(1);
  });

  it('makes a new subscription for the same customer once Stripe has let an unpaid one expire', async () => {
    const ann = await t.browser('visitor-ann');
    const first = await subscribe(ann);
    t.fake.subscriptions.set(first, { ...t.fake.subscriptions.get(first)!, status: 'incomplete_expired' });
    const second = await subscribe(ann);
    expect(second).not.toBe(first);
    expect(t.fake.customers.size).toBe(1);
    expect((await t.accounts.stateOf('visitor-ann')).subscription).toMatchObject({ status: 'incomplete', subscriptionId: second });
    expect(t.fake.requestsTo('POST', '/v1/subscriptions').map((each) => each.idempotencyKey)).toEqual([
      'subscription-create:visitor-ann:1:subscription',
      'subscription-create:visitor-ann:2:subscription',
    ]);
  });

  it('refuses a second subscription while one is active (409), before anything is created at Stripe', async () => {
    const ann = await t.browser('visitor-ann');
    await subscribeAndPay(ann);
    const before = t.fake.requests.length;
    const res = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'You already have an active subscription.' });
    expect(t.fake.requests).toHaveLength(before);
  });

  it('answers 502 with a clear message when Stripe fails; the next create makes the same request at Stripe', async () => {
    t.fake.failNext('POST /v1/subscriptions', { status: 500, message: 'Stripe is down' });
    const ann = await t.browser('visitor-ann');
    const res = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      success: false,
      error: 'Payment provider error',
      message: 'The payment provider could not complete the request. Please try again.',
    });
    expect((await t.eventsOf('visitor-ann')).map((event) => event.type)).toEqual(['SubscriptionRequested']);
    const again = await ann.post('/api/subscription/create').send({ email: 'ann@example.com' });
    expect(again.status).toBe(200);
    expect(t.fake.subscriptions.size).toBe(1);
    expect(new Set(t.fake.requestsTo('POST', '/v1/subscriptions').map((each) => each.idempotencyKey))).toEqual(
      new Set(['subscription-create:visitor-ann:1:subscription']),
    );
  });
});

describe('POST /api/subscription/cancel', () => {
  it("answers 'No active subscription found.' when there is none, without asking Stripe", async () => {
    const res = await (await t.browser('user-bob')).post('/api/subscription/cancel');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'No active subscription found.',
      message: 'No active subscription found.',
      field: 'subscription',
    });
    expect(t.fake.requests).toEqual([]);
    expect(await allEvents()).toEqual([]);
  });

  it('schedules a paid subscription to end with its period, at Stripe and on the account', async () => {
    const bob = await t.browser('user-bob');
    const subscriptionId = await subscribeAndPay(bob);

    const res = await bob.post('/api/subscription/cancel');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Your subscription will end on December 23, 2026', position: expect.any(String) });
    const [update] = t.fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update?.params).toEqual({ cancel_at_period_end: 'true' });
    expect(update?.idempotencyKey).toMatch(/^subscription-cancel:/);
    expect((await t.eventsOf('user-bob')).at(-1)).toEqual({
      type: 'CancellationScheduled',
      data: { accountId: 'user-bob', subscriptionId, cancelAt: PERIOD_END, stripeEventId: null, scheduledAt: '2026-11-23T10:00:00.000Z' },
    });
    expect((await t.accounts.stateOf('user-bob')).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: PERIOD_END,
    });

    // Asking again changes nothing and gives the same answer.
    const count = (await allEvents()).length;
    const again = await bob.post('/api/subscription/cancel');
    expect(again.body).toEqual({ success: true, message: 'Your subscription will end on December 23, 2026' });
    expect(t.fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(await allEvents()).toHaveLength(count);
  });

  it('ends an unpaid subscription at once', async () => {
    const ann = await t.browser('visitor-ann');
    const subscriptionId = await subscribe(ann);

    const res = await ann.post('/api/subscription/cancel');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Your subscription has been cancelled.', position: expect.any(String) });
    expect(t.fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(t.fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await t.eventsOf('visitor-ann')).at(-1)).toMatchObject({
      type: 'SubscriptionEnded',
      data: { subscriptionId, previousStatus: 'incomplete', status: 'none' },
    });
    expect((await t.accounts.stateOf('visitor-ann')).subscription.status).toBe('none');
  });

  it("cancels only the caller's own subscription", async () => {
    await subscribeAndPay(await t.browser('user-bob'));
    const res = await (await t.browser('user-eve')).post('/api/subscription/cancel');
    expect(res.body).toMatchObject({ success: false, message: 'No active subscription found.' });
    expect((await t.accounts.stateOf('user-bob')).subscription.cancelAtPeriodEnd).toBe(false);
  });
});

describe('POST /api/subscription/apply-coupon', () => {
  it('applies a Stripe promotion code as a discount on the caller’s own subscription', async () => {
    const promotion = t.fake.addPromotionCode('LAUNCH50');
    const ann = await t.browser('visitor-ann');
    const subscriptionId = await subscribe(ann);

    const res = await ann.post('/api/subscription/apply-coupon').send({ subscriptionId, couponCode: ' LAUNCH50 ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Coupon applied to your subscription.' });
    expect(t.fake.requestsTo('GET', '/v1/promotion_codes')[0]?.params).toEqual({ code: 'LAUNCH50', active: 'true', limit: '1' });
    expect(t.fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)[0]?.params).toEqual({ discounts: [{ promotion_code: promotion.id }] });
  });

  it("answers 404 for another account's subscription and changes nothing at Stripe", async () => {
    t.fake.addPromotionCode('LAUNCH50');
    const subscriptionId = await subscribe(await t.browser('visitor-ann'));
    const res = await (await t.browser('visitor-eve')).post('/api/subscription/apply-coupon').send({ subscriptionId, couponCode: 'LAUNCH50' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Subscription not found', message: 'Subscription not found' });
    expect(t.fake.requestsTo('GET', '/v1/promotion_codes')).toEqual([]);
    expect(t.fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
  });

  it.each([
    ['a code Stripe does not know', 'NOPE', 'Invalid coupon code'],
    ['an empty code', '  ', 'Please enter a coupon code.'],
  ])('answers 400 for %s', async (_, couponCode, message) => {
    const ann = await t.browser('visitor-ann');
    const subscriptionId = await subscribe(ann);
    const res = await ann.post('/api/subscription/apply-coupon').send({ subscriptionId, couponCode });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message, message, field: 'couponCode' });
    expect(t.fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
  });
});

describe('without a Stripe key', () => {
  let bare: PaymentsApp;
  beforeEach(async () => {
    bare = await startPaymentsApp({ stripe: false });
  });
  afterEach(() => bare.close());

  it.each([
    ['/api/subscription/create', { email: 'ann@example.com' }],
    ['/api/subscription/apply-coupon', { subscriptionId: 'sub_1', couponCode: 'LAUNCH50' }],
    ['/api/subscription/cancel', {}],
  ])('%s answers 503: payments are not configured, coupons still work', async (url, body) => {
    const res = await (await bare.browser('user-bob')).post(url).send(body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual(PAYMENTS_NOT_CONFIGURED);
    expect(res.body.message).toBe('Payments are not configured on this server. Coupons still work.');
    expect(await bare.stores.eventStore.readAll()).toEqual([]);
  });

  it.each([
    ['an email that is not one', '/api/subscription/create', { email: 'nope' }, { field: 'email', message: 'Please enter a valid email address' }],
    ['no email', '/api/subscription/create', {}, { field: 'email', message: 'Please enter a valid email address' }],
    ['an unknown field', '/api/subscription/create', { email: 'ann@example.com', plan: 'gold' }, { field: 'plan', message: 'Unknown field: plan' }],
    [
      'no coupon code',
      '/api/subscription/apply-coupon',
      { subscriptionId: 'sub_1', couponCode: ' ' },
      { field: 'couponCode', message: 'Please enter a coupon code.' },
    ],
    ['an unknown field', '/api/subscription/cancel', { now: true }, { field: 'now', message: 'Unknown field: now' }],
  ])('refuses %s on %s with 400 before saying payments are not configured', async (_, url, body, problem) => {
    const res = await (await bare.browser('user-bob')).post(url).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, ...problem });
    expect(await bare.stores.eventStore.readAll()).toEqual([]);
  });

  it('the webhook answers 503', async () => {
    const res = await bare.postWebhook(bare.fake.event('invoice.paid', {}));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error: 'Payments not configured' });
  });
});
