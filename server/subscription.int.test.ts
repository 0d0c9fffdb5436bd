import { createPaymentsGateway } from '@vis/command-api';
import { authUserResponse, planDate, pointsResponse, subscriptionStatusResponse } from '@vis/domain';
import { silentLogger } from '@vis/infrastructure';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedWebhook, startFakeStripe, type FakeStripe } from '@vis/command-api/testing';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const WEBHOOK_SECRET = 'whsec_test_subscription_0123456789';

let fake: FakeStripe;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  fake = await startFakeStripe();
  const price = fake.addPrice();
  const payments = createPaymentsGateway({ stripe: fake.client(), priceId: price.id, webhookSecret: WEBHOOK_SECRET, logger: silentLogger() });
  server = await startTestServer({ overrides: { payments }, config: { PUBLIC_COUPON_CODE: 'PLAN-OPEN' } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

/** Stripe calling the webhook, signed as Stripe signs. */
const deliver = async (event: { id: string }) => {
  const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
  const res = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
};

describe('a subscription, from the subscribe button to its end, as the subscription page reads it', () => {
  it('signed in: create, pay, read active with 1000 points, cancel at period end, end', async () => {
    const ann = httpClient(server.url);
    expect(await ann.form('/auth/local', { displayName: 'Ann', email: 'ann@example.com' })).toMatchObject({ status: 303 });
    const user = (await ann.call('GET', '/api/auth/user')).body;

    expect(await ann.call('POST', '/api/subscription/create', { email: 'ann-at-example.com', userId: user.id })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
    const created = await ann.call('POST', '/api/subscription/create', { email: 'ann@example.com', userId: user.id });
    expect(created).toMatchObject({
      status: 200,
      body: { success: true, clientSecret: expect.any(String), subscriptionId: expect.stringMatching(/^sub_/) },
    });
    const { subscriptionId } = created.body as { subscriptionId: string };
    // Not paid yet: nothing unlocked.
    expect((await ann.call('GET', '/api/subscription/status', undefined, { 'x-min-position': created.body.position })).body.status).toBe('free');

    const paid = fake.event('invoice.paid', fake.payLatestInvoice(subscriptionId));
    await deliver(paid);
    await deliver(paid); // Stripe delivers at least once
    await vi.waitFor(async () => expect((await ann.call('GET', '/api/subscription/status')).body.status).toBe('active'));
    expect((await ann.call('GET', '/api/user/points')).body.points).toBe(1000);
    expect((await ann.call('GET', '/api/auth/user')).body).toMatchObject({
      subscriptionStatus: 'active',
      accessLevel: 'Premium',
      subscriptionId,
      aiPoints: 1000,
    });
    const details = (await ann.call('GET', '/api/subscription/details')).body;
    expect(details).toEqual({
      success: true,
      subscription: { id: subscriptionId, status: 'active', currentPeriodEnd: expect.any(Number), cancelAtPeriodEnd: false },
    });

    const cancelled = await ann.call('POST', '/api/subscription/cancel');
    expect(cancelled.body).toMatchObject({ success: true, message: expect.stringMatching(/^Your subscription will end on \w+ \d{1,2}, \d{4}$/) });
    expect(
      (await ann.call('GET', '/api/subscription/details', undefined, { 'x-min-position': cancelled.body.position })).body.subscription,
    ).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    await deliver(fake.event('customer.subscription.deleted', { ...fake.subscriptions.get(subscriptionId), status: 'canceled' }));
    await vi.waitFor(async () => expect((await ann.call('GET', '/api/subscription/details')).status).toBe(404));
    expect((await ann.call('GET', '/api/subscription/status')).body).toMatchObject({ status: 'free' });
    // The points a paid month brought stay with the account.
    expect((await ann.call('GET', '/api/user/points')).body.points).toBe(1000);
  });

  it("a webhook with a wrong signature changes nothing, and nobody reads another's subscription", async () => {
    const bo = httpClient(server.url);
    await bo.form('/auth/local', { displayName: 'Bo', email: 'bo@example.com' });
    const created = await bo.call('POST', '/api/subscription/create', { email: 'bo@example.com' });
    const head = await server.eventStore.headPosition();
    const { payload } = signedWebhook(fake.event('invoice.paid', fake.payLatestInvoice(created.body.subscriptionId)), WEBHOOK_SECRET);
    const forged = signedWebhook(JSON.parse(payload), 'whsec_someone_else');
    const res = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await server.eventStore.headPosition()).toBe(head);

    const stranger = httpClient(server.url);
    await stranger.call('POST', '/api/feedback', { message: 'hi' });
    expect((await stranger.call('GET', '/api/subscription/details')).status).toBe(404);
    expect(
      await stranger.call('POST', '/api/subscription/apply-coupon', { subscriptionId: created.body.subscriptionId, couponCode: 'X' }),
    ).toMatchObject({ status: 404 });
    expect((await stranger.call('POST', '/api/subscription/cancel')).body).toMatchObject({ message: 'No active subscription found.' });
  });

  it("a visitor's paid subscription follows the visitor to the account at sign-in, and so do Stripe's webhooks about it", async () => {
    const cy = httpClient(server.url);
    const created = await cy.call('POST', '/api/subscription/create', { email: 'cy@example.com' });
    expect(created.status).toBe(200);
    const { subscriptionId } = created.body as { subscriptionId: string };
    const paid = fake.event('invoice.paid', fake.payLatestInvoice(subscriptionId));
    await deliver(paid);

    expect(await cy.form('/auth/local', { displayName: 'Cy', email: 'cy@example.com' })).toMatchObject({ status: 303 });
    await vi.waitFor(async () =>
      expect((await cy.call('GET', '/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'active', subscriptionId, aiPoints: 1000 }),
    );
    // Stripe redelivers the paid invoice after the sign-in: no second 1000 points.
    await deliver(paid);
    // The user cancels it, and Stripe's word that it ended lands on the user's account.
    expect((await cy.call('POST', '/api/subscription/cancel')).body).toMatchObject({ success: true });
    await deliver(fake.event('customer.subscription.deleted', { ...fake.subscriptions.get(subscriptionId), status: 'canceled' }));
    await vi.waitFor(async () => expect((await cy.call('GET', '/api/subscription/details')).status).toBe(404));
    expect((await cy.call('GET', '/api/user/points')).body.points).toBe(1000);
    // One subscription was ever made for this person.
    expect([...fake.subscriptions.values()].filter((sub) => (sub.metadata as { accountId?: string }).accountId?.startsWith('visitor-'))).toHaveLength(
      1,
    );
  });

  it('a visitor who pays while the user pays too keeps both recorded: the user keeps their own, nothing is cancelled', async () => {
    const di = httpClient(server.url);
    await di.form('/auth/local', { displayName: 'Di', email: 'di@example.com' });
    const own = await di.call('POST', '/api/subscription/create', { email: 'di@example.com' });
    await deliver(fake.event('invoice.paid', fake.payLatestInvoice(own.body.subscriptionId)));
    await vi.waitFor(async () => expect((await di.call('GET', '/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'active' }));

    const elsewhere = httpClient(server.url);
    const visitors = await elsewhere.call('POST', '/api/subscription/create', { email: 'di@example.com' });
    await deliver(fake.event('invoice.paid', fake.payLatestInvoice(visitors.body.subscriptionId)));
    await elsewhere.form('/auth/local', { displayName: 'Di', email: 'di@example.com' });
    await vi.waitFor(async () =>
      expect((await elsewhere.call('GET', '/api/auth/user')).body).toMatchObject({
        subscriptionStatus: 'active',
        subscriptionId: own.body.subscriptionId,
      }),
    );
    expect(fake.subscriptions.get(visitors.body.subscriptionId)?.status).toBe('active');
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${visitors.body.subscriptionId}`)).toEqual([]);
  });
});

/**
 * Issue 26, one truth about the account: `/api/auth/user` answers the plan label the domain derives, and the
 * other reads of the balance (points, subscription status) answer the same one, so a live update carries it.
 */
type Client = ReturnType<typeof httpClient>;
const browser = () => httpClient(() => server.url);

/** The label every read of the caller's balance answers, once they all agree on `expected`. */
const labelsOf = async (who: Client, expected: string) =>
  vi.waitFor(
    async () => {
      const user = authUserResponse.parse((await who.call('GET', '/api/auth/user')).body);
      const points = pointsResponse.parse((await who.call('GET', '/api/user/points')).body);
      const status = subscriptionStatusResponse.parse((await who.call('GET', '/api/subscription/status')).body);
      expect([user.plan.label, points.plan.label, status.plan.label]).toEqual([expected, expected, expected]);
      return user;
    },
    { timeout: 5000 },
  );

describe('the plan label of GET /api/auth/user', () => {
  it("is 'Free' for a new visitor", async () => {
    const user = await labelsOf(browser(), 'Free');
    expect(user).toMatchObject({ isAuthenticated: false, plan: { kind: 'free', subscribed: false, unlimited: false, periodEndsOn: null } });
  });

  it("is 'Free with N points' for a visitor who redeemed a points coupon", async () => {
    expect((await browser().call('POST', '/api/ops/coupons', { code: 'PLAN12', kind: 'points', points: 12 }, server.operator)).status).toBe(201);
    const cy = browser();
    expect((await cy.call('POST', '/api/redeem-coupon', { couponCode: 'PLAN12' })).status).toBe(200);
    expect(await labelsOf(cy, 'Free with 12 points')).toMatchObject({ aiPoints: 12, plan: { kind: 'free_with_points', unlimited: false } });
  });

  it("is 'Unlimited by coupon' for a visitor with the public coupon, and for the user they sign in as", async () => {
    const di = browser();
    expect((await di.call('POST', '/api/subscription/redeem-coupon', { couponCode: 'PLAN-OPEN' })).status).toBe(200);
    expect(await labelsOf(di, 'Unlimited by coupon')).toMatchObject({ isAuthenticated: false, plan: { subscribed: false, unlimited: true } });

    expect(await di.form('/auth/local', { displayName: 'Dina', email: 'dina@example.com', returnTo: '/' })).toMatchObject({ status: 303 });
    await vi.waitFor(async () => expect((await di.call('GET', '/api/auth/user')).body).toMatchObject({ isAuthenticated: true }), { timeout: 5000 });
    // No subscription exists: 'Active Subscription' would be a lie, and the spec's access level stays Free.
    expect(await labelsOf(di, 'Unlimited by coupon')).toMatchObject({
      accessLevel: 'Free',
      plan: { kind: 'unlimited_by_coupon', subscribed: false, unlimited: true, periodEndsOn: null },
    });
  });

  it("is 'Premium' once the subscription is paid, and 'Premium until DATE' once it is cancelled", async () => {
    const ed = browser();
    await ed.form('/auth/local', { displayName: 'Edda', email: 'edda@example.com' });
    const created = await ed.call('POST', '/api/subscription/create', { email: 'edda@example.com' });
    expect(created.status).toBe(200);
    // Unpaid, it unlocks nothing yet.
    await labelsOf(ed, 'Free');

    await deliver(fake.event('invoice.paid', fake.payLatestInvoice(created.body.subscriptionId)));
    const premium = await labelsOf(ed, 'Premium');
    expect(premium).toMatchObject({ accessLevel: 'Premium', aiPoints: 1000, plan: { kind: 'premium', subscribed: true, unlimited: true } });
    const periodEnd = (await ed.call('GET', '/api/subscription/details')).body.subscription.currentPeriodEnd as number;
    expect(premium.plan.periodEndsOn).toBe(planDate(periodEnd));

    const cancelled = await ed.call('POST', '/api/subscription/cancel');
    expect(cancelled.body.message).toBe(`Your subscription will end on ${planDate(periodEnd)}`);
    expect(await labelsOf(ed, `Premium until ${planDate(periodEnd)}`)).toMatchObject({
      plan: { kind: 'premium_until', subscribed: true, unlimited: true, periodEndsOn: planDate(periodEnd) },
    });
  });
});
