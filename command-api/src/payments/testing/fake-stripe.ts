import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's API on 127.0.0.1 for tests: just the endpoints the payments gateway calls, objects in
 * memory, shaped like the API version the SDK pins (2026-10-28.endive: periods on subscription items, the
 * PaymentIntent's secret under `latest_invoice.confirmation_secret`, an invoice's subscription under
 * `parent.subscription_details`). Every request is recorded so tests can assert what was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (POST) or query (GET, DELETE), decoded into objects and arrays as Stripe reads them. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  authorization: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

/** 2026-11-23T10:00:00Z: a subscription started then is paid until December 23, 2026. */
export const FAKE_STRIPE_NOW = Date.UTC(2026, 10, 23, 10) / 1000;

/**
 * Stripe's form encoding: `items[0][price]=p`, `metadata[accountId]=a`, `expand[0]=x`. Numeric keys make arrays.
 */
export const parseStripeForm = (text: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part, index) => (index === 0 ? part : part.replace(/\]$/, '')));
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const oneMonthAfter = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime() / 1000;
};

const asList = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const expansionsOf = (params: Record<string, unknown>) => (Array.isArray(params.expand) ? (params.expand as string[]) : []);

export const startFakeStripe = async ({ now = () => FAKE_STRIPE_NOW }: { now?: () => number } = {}) => {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const promotionCodes = new Map<string, StripeObject>();
  /** Stripe answers a repeated idempotency key with the first answer. */
  const idempotentAnswers = new Map<string, { status: number; body: unknown }>();
  /** Keys of requests still being answered: Stripe refuses another request with one of them (409) meanwhile. */
  const keysInFlight = new Set<string>();
  /** Answers to give instead of the real thing, for the next requests to a path (`'POST /v1/subscriptions'`). */
  const failures = new Map<string, { status: number; message: string; code?: string }>();
  let sequence = 0;
  const newId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, '0')}`;

  const customer = (id: string) => {
    const found = customers.get(id);
    if (!found) throw new StripeApiError(404, `No such customer: '${id}'`, 'resource_missing');
    return found;
  };
  const subscription = (id: string) => {
    const found = subscriptions.get(id);
    if (!found) throw new StripeApiError(404, `No such subscription: '${id}'`, 'resource_missing');
    return found;
  };

  /** The subscription as the API shows it: the latest invoice expanded (with its secret) only when asked. */
  const render = (sub: StripeObject, expand: string[]) => {
    const invoice = invoices.get(sub.latest_invoice as string)!;
    if (expand.includes('latest_invoice.confirmation_secret')) return { ...sub, latest_invoice: invoice };
    if (expand.includes('latest_invoice')) return { ...sub, latest_invoice: { ...invoice, confirmation_secret: undefined } };
    return sub;
  };

  const createInvoice = (sub: StripeObject, start: number, end: number) => {
    const invoiceId = newId('in');
    const paymentIntentId = newId('pi');
    const item = (sub.items as { data: StripeObject[] }).data[0]!;
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      currency: 'usd',
      amount_due: (item.price as { unit_amount: number }).unit_amount,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      confirmation_secret: { client_secret: `${paymentIntentId}_secret_${newId('cs')}`, type: 'payment_intent' },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...(sub.metadata as object) } },
      },
      lines: asList(
        [
          {
            id: newId('il'),
            object: 'line_item',
            amount: (item.price as { unit_amount: number }).unit_amount,
            period: { start, end },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: false },
            },
          },
        ],
        `/v1/invoices/${invoiceId}/lines`,
      ),
      // The moment the invoice was drafted, not the service period: the lines carry that.
      period_start: start,
      period_end: start,
      created: start,
    };
    invoices.set(invoiceId, invoice);
    return invoice;
  };

  const routes: { method: string; pattern: RegExp; handle: (params: Record<string, unknown>, match: string[]) => unknown }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (params) => {
        const created = { id: newId('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {}, created: now() };
        customers.set(created.id, created);
        return created;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (params, [id]) => {
        const updated = { ...customer(id!), ...params };
        customers.set(id!, updated);
        return updated;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices$/,
      handle: (params) => {
        const keys = (params.lookup_keys as string[] | undefined) ?? [];
        const found = [...prices.values()].filter((price) => keys.length === 0 || keys.includes(price.lookup_key as string));
        return asList(params.active === 'true' ? found.filter((price) => price.active) : found, '/v1/prices');
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/prices$/,
      handle: (params) =>
        addPrice({
          unit_amount: Number(params.unit_amount),
          currency: String(params.currency),
          interval: String((params.recurring as { interval?: string } | undefined)?.interval),
          lookup_key: params.lookup_key as string | undefined,
        }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions$/,
      handle: (params) => {
        const items = (params.items as { price?: string }[] | undefined) ?? [];
        const price = prices.get(items[0]?.price ?? '');
        if (!price) throw new StripeApiError(400, `No such price: '${items[0]?.price}'`, 'resource_missing');
        customer(String(params.customer));
        const start = now();
        const end = oneMonthAfter(start);
        const id = newId('sub');
        const sub: StripeObject = {
          id,
          object: 'subscription',
          customer: params.customer,
          status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          created: start,
          start_date: start,
          discounts: [],
          metadata: params.metadata ?? {},
          items: asList(
            [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: end }],
            `/v1/subscription_items?subscription=${id}`,
          ),
          latest_invoice: null,
        };
        sub.latest_invoice = createInvoice(sub, start, end).id;
        subscriptions.set(id, sub);
        return render(sub, expansionsOf(params));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, [id]) => render(subscription(id!), expansionsOf(params)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, [id]) => {
        const sub = { ...subscription(id!) };
        if (params.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? periodEnd(sub) : null;
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
        if (Array.isArray(params.discounts)) {
          sub.discounts = (params.discounts as { promotion_code?: string }[]).map((discount) => {
            if (!discount.promotion_code || !promotionCodes.has(discount.promotion_code)) {
              throw new StripeApiError(400, `No such promotion code: '${discount.promotion_code}'`, 'resource_missing');
            }
            return newId('di');
          });
        }
        subscriptions.set(id!, sub);
        return render(sub, expansionsOf(params));
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, [id]) => {
        const sub = { ...subscription(id!), status: 'canceled', canceled_at: now(), ended_at: now() };
        subscriptions.set(id!, sub);
        return render(sub, expansionsOf(params));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/promotion_codes$/,
      handle: (params) => {
        const found = [...promotionCodes.values()].filter(
          (promotion) => (params.code === undefined || promotion.code === params.code) && (params.active !== 'true' || promotion.active),
        );
        return asList(found, '/v1/promotion_codes');
      },
    },
  ];

  const periodEnd = (sub: StripeObject) =>
    Math.min(...(sub.items as { data: { current_period_end: number }[] }).data.map((item) => item.current_period_end));

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      const text = method === 'POST' ? await readBody(request) : url.search.slice(1);
      const params = parseStripeForm(text);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        stripeVersion: request.headers['stripe-version'] as string | undefined,
        authorization: request.headers.authorization,
      });
      const failure = failures.get(`${method} ${url.pathname}`);
      if (failure) {
        failures.delete(`${method} ${url.pathname}`);
        return answer(response, failure.status, {
          error: { type: failure.status >= 500 ? 'api_error' : 'invalid_request_error', message: failure.message, code: failure.code },
        });
      }
      const keyed = idempotencyKey && method === 'POST' ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
      const remembered = keyed && idempotentAnswers.get(keyed);
      if (remembered) return answer(response, remembered.status, remembered.body);
      if (keyed && keysInFlight.has(keyed)) {
        return answer(response, 409, {
          error: {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message: 'There is currently another in-progress request using this Idempotency-Key.',
          },
        });
      }
      if (keyed) keysInFlight.add(keyed);
      // Answered after a turn of the event loop, so that requests sent together are in flight together.
      await new Promise((resolve) => setImmediate(resolve));
      let status = 200;
      let body: unknown;
      try {
        const route = routes.find((each) => each.method === method && each.pattern.test(url.pathname));
        if (!route) throw new StripeApiError(404, `Unrecognized request URL (${method}: ${url.pathname})`);
        body = route.handle(params, url.pathname.match(route.pattern)!.slice(1));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        body = { error: { type: 'invalid_request_error', message: error.message, code: error.code } };
      }
      if (keyed) {
        idempotentAnswers.set(keyed, { status, body });
        keysInFlight.delete(keyed);
      }
      answer(response, status, body);
    })().catch((error: unknown) => answer(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function addPrice({
    unit_amount = 400,
    currency = 'usd',
    interval = 'month',
    lookup_key,
  }: { unit_amount?: number; currency?: string; interval?: string; lookup_key?: string | undefined } = {}) {
    const price: StripeObject = {
      id: newId('price'),
      object: 'price',
      active: true,
      unit_amount,
      currency,
      recurring: { interval, interval_count: 1 },
      lookup_key: lookup_key ?? null,
      type: 'recurring',
    };
    prices.set(price.id, price);
    return price;
  }

  const addPromotionCode = (code: string, { active = true }: { active?: boolean } = {}) => {
    const promotion: StripeObject = {
      id: newId('promo'),
      object: 'promotion_code',
      code,
      active,
      promotion: { type: 'coupon', coupon: newId('coupon') },
    };
    promotionCodes.set(promotion.id, promotion);
    return promotion;
  };

  /**
   * What Stripe does once the customer pays the first invoice in the browser: the subscription turns active and
   * the invoice paid. Answers the invoice, for an `invoice.paid` event.
   */
  const payLatestInvoice = (subscriptionId: string) => {
    const sub = subscription(subscriptionId);
    subscriptions.set(subscriptionId, { ...sub, status: 'active' });
    const open = invoices.get(sub.latest_invoice as string)!;
    const paid: StripeObject = { ...open, status: 'paid', amount_paid: open.amount_due };
    invoices.set(paid.id, paid);
    // Events carry the invoice without its includable fields.
    return { ...paid, confirmation_secret: undefined };
  };

  /** An event as Stripe sends it to a webhook endpoint. */
  const event = (type: string, object: unknown, { id = newId('evt') }: { id?: string } = {}) => ({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** The real SDK, pointed here. No retries: a test that provokes an error wants it once. */
    client: (key = 'sk_test_fake') => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    requests,
    requestsTo: (method: string, path: string) => requests.filter((each) => each.method === method && each.path === path),
    customers,
    prices,
    subscriptions,
    invoices,
    addPrice,
    addPromotionCode,
    payLatestInvoice,
    event,
    /** The next request to `'METHOD /path'` fails with this status and message. */
    failNext: (route: string, failure: { status: number; message: string; code?: string }) => failures.set(route, failure),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A webhook request's body and Stripe-Signature header, signed the way Stripe signs them. */
export const signedWebhook = (event: unknown, secret: string) => {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
