import { SUBSCRIPTION_PRICE_USD } from '@vis/domain';
import type { Config, Logger } from '@vis/infrastructure';
import Stripe from 'stripe';

/** The subscription's price as Stripe counts it (spec 02 §9: 4 USD per month, auto-renewing). */
export const SUBSCRIPTION_PRICE_CENTS = SUBSCRIPTION_PRICE_USD * 100;
export const SUBSCRIPTION_CURRENCY = 'usd';
export const SUBSCRIPTION_INTERVAL = 'month';
/** Used when neither STRIPE_PRICE_ID nor STRIPE_PRICE_LOOKUP_KEY is set. */
export const DEFAULT_PRICE_LOOKUP_KEY = 'viral-idea-studio-monthly';
const PRODUCT_NAME = 'Viral Idea Generator subscription';

export interface PaymentsSettings {
  /** A client for Stripe's API: the real one, or one pointed at a local fake (`host`, `port`, `protocol: 'http'`). */
  stripe: Stripe;
  /** The $4/month price to subscribe to; when missing, the price is found (or made) by `priceLookupKey`. */
  priceId?: string;
  priceLookupKey?: string;
  /** Without it the webhook answers 503: unsigned events cannot be trusted. */
  webhookSecret?: string;
  /** Stripe.js's key, handed to the browser with each new subscription; without it no card form can load. */
  publishableKey?: string | undefined;
  logger?: Logger;
}

export interface CreatedSubscription {
  customerId: string;
  subscriptionId: string;
  /** The client secret of the first invoice's PaymentIntent, for the payment element in the browser. */
  clientSecret: string;
}

/** What Stripe knows of a subscription that the account needs, for webhooks whose payload lacks it. */
export interface SubscriptionFacts {
  accountId: string | undefined;
  currentPeriodEnd: number | undefined;
}

export const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * In recent API versions the billing period belongs to each subscription item, not the subscription. With one
 * item they agree; with several, the earliest end is when the subscription next renews (or ends).
 */
export const periodEndOf = (subscription: Pick<Stripe.Subscription, 'items'>): number | undefined => {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => Number.isInteger(end) && end > 0);
  return ends.length > 0 ? Math.min(...ends) : undefined;
};

/**
 * The service period an invoice paid for, from its subscription lines (`invoice.period_end` is when the invoice
 * was drafted, not when the period ends).
 */
export const paidPeriodEndOf = (invoice: Pick<Stripe.Invoice, 'lines'>): number | undefined => {
  const lines = invoice.lines.data;
  const subscriptionLines = lines.filter((line) => line.parent?.type === 'subscription_item_details');
  const ends = (subscriptionLines.length > 0 ? subscriptionLines : lines)
    .map((line) => line.period.end)
    .filter((end) => Number.isInteger(end) && end > 0);
  return ends.length > 0 ? Math.max(...ends) : undefined;
};

/** Stripe no longer knows the object (an abandoned subscription already expired, say). */
export const isMissingAtStripe = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/**
 * Everything the product asks of Stripe, in the product's words. Idempotency keys come from the caller's command
 * id, so a retried request reaches the same customer and subscription instead of creating a second one.
 */
export const createPaymentsGateway = ({
  stripe,
  priceId,
  priceLookupKey = DEFAULT_PRICE_LOOKUP_KEY,
  webhookSecret,
  publishableKey,
  logger,
}: PaymentsSettings) => {
  let lookedUpPrice: Promise<string> | undefined;

  /**
   * The price behind the lookup key, created at $4/month on first use when the Stripe account has none, so a
   * fresh test-mode account works without setting anything up by hand.
   */
  const findOrCreatePrice = async (): Promise<string> => {
    const { data } = await stripe.prices.list({ lookup_keys: [priceLookupKey], active: true, limit: 1 });
    const found = data[0];
    if (found) {
      const recurring = found.recurring?.interval;
      if (found.unit_amount !== SUBSCRIPTION_PRICE_CENTS || found.currency !== SUBSCRIPTION_CURRENCY || recurring !== SUBSCRIPTION_INTERVAL) {
        logger?.warn(
          { priceId: found.id, unitAmount: found.unit_amount, currency: found.currency, interval: recurring },
          'the Stripe price is not $4/month',
        );
      }
      return found.id;
    }
    const created = await stripe.prices.create(
      {
        currency: SUBSCRIPTION_CURRENCY,
        unit_amount: SUBSCRIPTION_PRICE_CENTS,
        recurring: { interval: SUBSCRIPTION_INTERVAL },
        lookup_key: priceLookupKey,
        product_data: { name: PRODUCT_NAME },
      },
      { idempotencyKey: `price:${priceLookupKey}` },
    );
    logger?.info({ priceId: created.id, lookupKey: priceLookupKey }, 'created the $4/month Stripe price');
    return created.id;
  };

  /** Looked up once per process; a failed lookup is tried again on the next call. */
  const subscriptionPrice = (): Promise<string> => {
    if (priceId) return Promise.resolve(priceId);
    lookedUpPrice ??= findOrCreatePrice().catch((error: unknown) => {
      lookedUpPrice = undefined;
      throw error;
    });
    return lookedUpPrice;
  };

  /** The account's customer from an earlier attempt (one person, one customer), with the email just given. */
  const customerFor = async ({
    accountId,
    email,
    customerId,
    idempotencyKey,
  }: {
    accountId: string;
    email: string;
    customerId: string | undefined;
    idempotencyKey: string;
  }) => {
    if (customerId) {
      try {
        return await stripe.customers.update(customerId, { email }, { idempotencyKey });
      } catch (error) {
        if (!isMissingAtStripe(error)) throw error;
      }
    }
    return stripe.customers.create({ email, metadata: { accountId } }, { idempotencyKey: `${idempotencyKey}:new` });
  };

  /**
   * Creates made at once under the same key (the creates of one request, see RequestSubscription) share one
   * call: Stripe would refuse the others while the first is in flight.
   */
  const inFlight = new Map<string, Promise<CreatedSubscription>>();
  const createSubscription = (request: {
    accountId: string;
    email: string;
    customerId?: string | undefined;
    idempotencyKey: string;
  }): Promise<CreatedSubscription> => {
    const running = inFlight.get(request.idempotencyKey);
    if (running) return running;
    const call = createSubscriptionAtStripe(request).finally(() => inFlight.delete(request.idempotencyKey));
    inFlight.set(request.idempotencyKey, call);
    return call;
  };

  const createSubscriptionAtStripe = async ({
    accountId,
    email,
    customerId,
    idempotencyKey,
  }: {
    accountId: string;
    email: string;
    customerId?: string | undefined;
    idempotencyKey: string;
  }): Promise<CreatedSubscription> => {
    const price = await subscriptionPrice();
    const customer = await customerFor({ accountId, email, customerId, idempotencyKey: `${idempotencyKey}:customer` });
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { accountId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `${idempotencyKey}:subscription` },
    );
    const invoice = subscription.latest_invoice;
    const clientSecret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} came without a payment to confirm`);
    return { customerId: customer.id, subscriptionId: subscription.id, clientSecret };
  };

  /**
   * An existing subscription as a create answers it: Stripe's status, and the secret of its first invoice's payment
   * while it waits for one. Null when Stripe no longer knows it.
   */
  const subscriptionPayment = async (
    subscriptionId: string,
  ): Promise<{ status: Stripe.Subscription.Status; clientSecret: string | undefined } | null> => {
    try {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.confirmation_secret'] });
      const invoice = subscription.latest_invoice;
      const clientSecret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
      return { status: subscription.status, clientSecret };
    } catch (error) {
      if (isMissingAtStripe(error)) return null;
      throw error;
    }
  };

  /** The id of the active promotion code a customer typed, or null when Stripe has none by that code. */
  const findPromotionCode = async (code: string): Promise<string | null> => {
    const { data } = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    return data[0]?.id ?? null;
  };

  const applyPromotionCode = async (subscriptionId: string, promotionCodeId: string, idempotencyKey: string) => {
    await stripe.subscriptions.update(subscriptionId, { discounts: [{ promotion_code: promotionCodeId }] }, { idempotencyKey });
  };

  /** Answers when it ends: the subscription stays usable until then. */
  const cancelAtPeriodEnd = async (subscriptionId: string, idempotencyKey: string): Promise<{ cancelAt: number | undefined }> => {
    const subscription = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey });
    return { cancelAt: subscription.cancel_at ?? periodEndOf(subscription) };
  };

  /** For an unpaid subscription: nothing to keep until a period end. One Stripe no longer has is as good as cancelled. */
  const cancelNow = async (subscriptionId: string, idempotencyKey: string) => {
    try {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
    } catch (error) {
      if (!isMissingAtStripe(error)) throw error;
    }
  };

  const subscriptionFacts = async (subscriptionId: string): Promise<SubscriptionFacts> => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    return { accountId: subscription.metadata.accountId, currentPeriodEnd: periodEndOf(subscription) };
  };

  /** Throws Stripe's signature error when the payload was not signed with our secret (or is too old). */
  const verifyWebhook = webhookSecret
    ? (payload: Buffer, signature: string): Stripe.Event => stripe.webhooks.constructEvent(payload, signature, webhookSecret)
    : undefined;

  return {
    publishableKey,
    createSubscription,
    subscriptionPayment,
    findPromotionCode,
    applyPromotionCode,
    cancelAtPeriodEnd,
    cancelNow,
    subscriptionFacts,
    verifyWebhook,
  };
};

export type PaymentsGateway = ReturnType<typeof createPaymentsGateway>;

export type StripeSettings = Partial<
  Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_ID' | 'STRIPE_PRICE_LOOKUP_KEY' | 'STRIPE_PUBLISHABLE_KEY'>
>;

/** The gateway the configuration asks for; undefined without a secret key, and the payment calls answer 503. */
export const paymentsFromConfig = (config: StripeSettings, logger?: Logger): PaymentsGateway | undefined => {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  if (!config.STRIPE_PUBLISHABLE_KEY) logger?.warn('STRIPE_PUBLISHABLE_KEY is not set: the subscription page cannot show the card form');
  return createPaymentsGateway({
    stripe: new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000 }),
    priceId: config.STRIPE_PRICE_ID,
    priceLookupKey: config.STRIPE_PRICE_LOOKUP_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    logger,
  });
};
