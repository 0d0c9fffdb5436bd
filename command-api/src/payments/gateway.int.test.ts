import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentsGateway, DEFAULT_PRICE_LOOKUP_KEY } from './gateway.ts';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe.ts';

let fake: FakeStripe;
beforeEach(async () => {
  fake = await startFakeStripe();
});
afterEach(() => fake.close());

let attempt = 0;
const subscribe = (gateway: ReturnType<typeof createPaymentsGateway>) =>
  gateway.createSubscription({ accountId: 'visitor-ann', email: 'ann@example.com', idempotencyKey: `attempt-${++attempt}` });

const subscribedPrices = () => fake.requestsTo('POST', '/v1/subscriptions').map((each) => (each.params.items as { price: string }[])[0]?.price);

describe('the subscription price', () => {
  it('is STRIPE_PRICE_ID when set, without asking Stripe for it', async () => {
    const price = fake.addPrice();
    await subscribe(createPaymentsGateway({ stripe: fake.client(), priceId: price.id, priceLookupKey: 'ignored' }));
    expect(fake.requestsTo('GET', '/v1/prices')).toEqual([]);
    expect(subscribedPrices()).toEqual([price.id]);
  });

  it('is looked up once by STRIPE_PRICE_LOOKUP_KEY', async () => {
    fake.addPrice({ lookup_key: 'other' });
    const price = fake.addPrice({ lookup_key: 'monthly-4' });
    const gateway = createPaymentsGateway({ stripe: fake.client(), priceLookupKey: 'monthly-4' });
    await subscribe(gateway);
    await subscribe(gateway);
    const lookups = fake.requestsTo('GET', '/v1/prices');
    expect(lookups.map((each) => each.params)).toEqual([{ lookup_keys: ['monthly-4'], active: 'true', limit: '1' }]);
    expect(subscribedPrices()).toEqual([price.id, price.id]);
  });

  it('is created at $4/month under the lookup key when the Stripe account has none', async () => {
    const gateway = createPaymentsGateway({ stripe: fake.client() });
    await subscribe(gateway);
    const [created] = fake.requestsTo('POST', '/v1/prices');
    expect(created?.params).toEqual({
      currency: 'usd',
      unit_amount: '400',
      recurring: { interval: 'month' },
      lookup_key: DEFAULT_PRICE_LOOKUP_KEY,
      product_data: { name: 'Viral Idea Generator subscription' },
    });
    expect(created?.idempotencyKey).toBe(`price:${DEFAULT_PRICE_LOOKUP_KEY}`);
    expect(subscribedPrices()).toEqual([[...fake.prices.keys()][0]]);
  });

  it('is looked up again after a failed lookup', async () => {
    const price = fake.addPrice({ lookup_key: 'monthly-4' });
    const gateway = createPaymentsGateway({ stripe: fake.client(), priceLookupKey: 'monthly-4' });
    fake.failNext('GET /v1/prices', { status: 500, message: 'try later' });
    await expect(subscribe(gateway)).rejects.toThrow('try later');
    await subscribe(gateway);
    expect(fake.requestsTo('GET', '/v1/prices')).toHaveLength(2);
    expect(subscribedPrices()).toEqual([price.id]);
  });
});

describe('cancelling an unpaid subscription', () => {
  it('counts one Stripe no longer knows as cancelled', async () => {
    const gateway = createPaymentsGateway({ stripe: fake.client(), priceId: fake.addPrice().id });
    await expect(gateway.cancelNow('sub_gone', 'cancel-1')).resolves.toBeUndefined();
    expect(fake.requestsTo('DELETE', '/v1/subscriptions/sub_gone')).toHaveLength(1);
  });
});
