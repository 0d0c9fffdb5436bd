import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedWebhook } from './testing/fake-stripe.ts';
import { startPaymentsApp, WEBHOOK_SECRET, type PaymentsApp } from './testing/payments-app.ts';

let t: PaymentsApp;
beforeEach(async () => {
  t = await startPaymentsApp();
});
afterEach(() => t.close());

/** December 23, 2026, 10:00 UTC: one month after the fake's clock. */
const PERIOD_END = Date.UTC(2026, 11, 23, 10) / 1000;

/** A subscription created through the API for `accountId`, not yet paid. */
const startSubscription = async (accountId: `user-${string}` | `visitor-${string}` = 'user-bob') => {
  const res = await (await t.browser(accountId)).post('/api/subscription/create').send({ email: 'bob@example.com' });
  expect(res.status).toBe(200);
  return res.body.subscriptionId as string;
};

const invoicePaid = (subscriptionId: string, id?: string) => t.fake.event('invoice.paid', t.fake.payLatestInvoice(subscriptionId), id ? { id } : {});
const subscriptionEvent = (type: string, subscriptionId: string, changes: Record<string, unknown> = {}) =>
  t.fake.event(type, { ...t.fake.subscriptions.get(subscriptionId), ...changes });

const allEvents = () => t.stores.eventStore.readAll();

describe('POST /api/stripe/webhook: invoice.paid', () => {
  it('activates the subscription until the paid period ends and grants 1000 points', async () => {
    const subscriptionId = await startSubscription();
    const event = invoicePaid(subscriptionId);

    const res = await t.postWebhook(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'applied' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.eventsOf('user-bob')).slice(2)).toEqual([
      {
        type: 'SubscriptionActivated',
        data: {
          accountId: 'user-bob',
          subscriptionId,
          currentPeriodEnd: PERIOD_END,
          stripeEventId: event.id,
          renewal: false,
          activatedAt: '2026-11-23T10:00:00.000Z',
        },
      },
      {
        type: 'PointsGranted',
        data: { accountId: 'user-bob', points: 1000, reason: 'subscription', pointsBalance: 1000, grantedAt: '2026-11-23T10:00:00.000Z' },
      },
    ]);
    const state = await t.accounts.stateOf('user-bob');
    expect(state.subscription).toMatchObject({ status: 'active', subscriptionId, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: false });
    expect(state.points).toBe(1000);
    // Everything came with the event: Stripe was not asked again.
    expect(t.fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
  });

  it('changes state once when the same event arrives twice', async () => {
    const subscriptionId = await startSubscription();
    const event = invoicePaid(subscriptionId);

    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'applied' });
    const again = await t.postWebhook(event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, outcome: 'unchanged' });

    const events = await t.eventsOf('user-bob');
    expect(events.filter((each) => each.type === 'PointsGranted')).toHaveLength(1);
    expect(events.filter((each) => each.type === 'SubscriptionActivated')).toHaveLength(1);
    expect((await t.accounts.stateOf('user-bob')).points).toBe(1000);
  });

  it('grants the points again for the next paid invoice (a renewal)', async () => {
    const subscriptionId = await startSubscription();
    await t.postWebhook(invoicePaid(subscriptionId, 'evt_first'));
    await t.postWebhook(invoicePaid(subscriptionId, 'evt_renewal'));
    const state = await t.accounts.stateOf('user-bob');
    expect(state.points).toBe(2000);
    expect((await t.eventsOf('user-bob')).filter((each) => each.type === 'SubscriptionActivated').map((each) => each.data)).toMatchObject([
      { renewal: false },
      { renewal: true },
    ]);
  });

  it('asks Stripe for the subscription when the invoice carries no copy of its metadata', async () => {
    const subscriptionId = await startSubscription('visitor-ann');
    const invoice = t.fake.payLatestInvoice(subscriptionId) as Record<string, unknown>;
    const event = t.fake.event('invoice.paid', {
      ...invoice,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscriptionId, metadata: null } },
    });

    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect(t.fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect((await t.accounts.stateOf('visitor-ann')).subscription.status).toBe('active');
  });
});

describe('POST /api/stripe/webhook: signatures', () => {
  it.each([
    ['signed with another secret', (payload: string) => signedWebhook(JSON.parse(payload), 'whsec_someone_else').signature],
    ['without a signature', () => undefined],
    ['with a signature of other bytes', () => signedWebhook({ id: 'evt_other', object: 'event' }, WEBHOOK_SECRET).signature],
  ])('refuses an event %s with 400 and writes nothing', async (_, signatureFor) => {
    const subscriptionId = await startSubscription();
    const before = await allEvents();
    const payload = JSON.stringify(invoicePaid(subscriptionId));
    const signature = signatureFor(payload);

    let call = t.http().post('/api/stripe/webhook').set('Content-Type', 'application/json');
    if (signature) call = call.set('Stripe-Signature', signature);
    const res = await call.send(payload);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid signature', message: 'The Stripe signature of this webhook is missing or wrong.' });
    expect(await allEvents()).toEqual(before);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const unsigned = await startPaymentsApp({ webhookSecret: null });
    try {
      const res = await unsigned.postWebhook(unsigned.fake.event('invoice.paid', {}));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, error: 'Payments not configured', message: 'Stripe webhooks are not configured on this server.' });
    } finally {
      await unsigned.close();
    }
  });
});

describe('POST /api/stripe/webhook: subscription changes', () => {
  const paidSubscription = async () => {
    const subscriptionId = await startSubscription();
    await t.postWebhook(invoicePaid(subscriptionId));
    return subscriptionId;
  };

  it('customer.subscription.updated with cancel_at_period_end schedules the cancellation', async () => {
    const subscriptionId = await paidSubscription();
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId, {
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: PERIOD_END,
    });

    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await t.eventsOf('user-bob')).at(-1)).toEqual({
      type: 'CancellationScheduled',
      data: { accountId: 'user-bob', subscriptionId, cancelAt: PERIOD_END, stripeEventId: event.id, scheduledAt: '2026-11-23T10:00:00.000Z' },
    });
    expect((await t.accounts.stateOf('user-bob')).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: PERIOD_END,
    });
  });

  it("finds the cancellation already recorded when it came through the product's own cancel call", async () => {
    const subscriptionId = await paidSubscription();
    await (await t.browser('user-bob')).post('/api/subscription/cancel');
    const count = (await allEvents()).length;

    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);
    expect(event.data.object).toMatchObject({ cancel_at_period_end: true, cancel_at: PERIOD_END });
    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'unchanged' });
    expect(await allEvents()).toHaveLength(count);
  });

  it('ignores other updates', async () => {
    const subscriptionId = await paidSubscription();
    const count = (await allEvents()).length;
    const res = await t.postWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId, { status: 'past_due' }));
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await allEvents()).toHaveLength(count);
  });

  it('customer.subscription.deleted ends the subscription, once', async () => {
    const subscriptionId = await paidSubscription();
    const event = subscriptionEvent('customer.subscription.deleted', subscriptionId, { status: 'canceled' });

    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await t.postWebhook(event)).body).toEqual({ received: true, outcome: 'unchanged' });
    const ended = (await t.eventsOf('user-bob')).filter((each) => each.type === 'SubscriptionEnded');
    expect(ended).toEqual([
      {
        type: 'SubscriptionEnded',
        data: {
          accountId: 'user-bob',
          subscriptionId,
          stripeEventId: event.id,
          previousStatus: 'active',
          status: 'none',
          endedAt: '2026-11-23T10:00:00.000Z',
        },
      },
    ]);
    const state = await t.accounts.stateOf('user-bob');
    expect(state.subscription.status).toBe('none');
    // The points a paid invoice brought stay.
    expect(state.points).toBe(1000);
  });
});

describe('POST /api/stripe/webhook: events that cannot apply are answered 200, so Stripe stops retrying', () => {
  it.each([
    ['no account in the metadata', {}],
    ['an account id that no session hands out', { accountId: 'nobody' }],
  ])('ignores a subscription with %s and writes nothing', async (_, metadata) => {
    const subscriptionId = await startSubscription();
    const before = await allEvents();
    const res = await t.postWebhook(subscriptionEvent('customer.subscription.deleted', subscriptionId, { metadata }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await allEvents()).toEqual(before);
  });

  it('ignores a cancellation of a subscription the account does not have', async () => {
    const subscriptionId = await startSubscription();
    const res = await t.postWebhook(
      subscriptionEvent('customer.subscription.updated', subscriptionId, { cancel_at_period_end: true, cancel_at: PERIOD_END }),
    );
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect((await t.accounts.stateOf('user-bob')).subscription).toMatchObject({ status: 'incomplete', cancelAtPeriodEnd: false });
  });

  it('ignores event types it does not use', async () => {
    const res = await t.postWebhook(t.fake.event('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await allEvents()).toEqual([]);
  });
});
