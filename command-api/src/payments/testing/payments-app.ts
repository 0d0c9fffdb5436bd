import { accountStreamId, type AccountEvent } from '@vis/domain';
import { silentLogger, type Logger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { createAccounts } from '../../accounts/accounts.ts';
import { createCommandApi } from '../../app.ts';
import { createPaymentsGateway } from '../gateway.ts';
import { sessionCookie } from './session-cookie.ts';
import { signedWebhook, startFakeStripe } from './fake-stripe.ts';

export const SESSION_SECRET = 'payments-test-session-secret-0123456789';
export const WEBHOOK_SECRET = 'whsec_test_payments_0123456789';

/**
 * The real command API on fresh embedded stores, its payments gateway on the real Stripe SDK pointed at a local
 * fake Stripe. `stripe: false` builds it without payments, as a server with no Stripe key runs.
 */
export const startPaymentsApp = async ({
  stripe = true,
  webhookSecret = WEBHOOK_SECRET,
  logger = silentLogger(),
  publishableKey,
}: { stripe?: boolean; /** null: none configured. */ webhookSecret?: string | null; logger?: Logger; publishableKey?: string } = {}) => {
  const stores = await openTestStores();
  const fake = await startFakeStripe();
  const price = fake.addPrice();
  const payments = stripe
    ? createPaymentsGateway({ stripe: fake.client(), priceId: price.id, webhookSecret: webhookSecret ?? undefined, publishableKey, logger })
    : undefined;
  const app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger,
    sessionSecret: SESSION_SECRET,
    secureCookies: false,
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
    payments,
  });
  const accounts = createAccounts({ eventStore: stores.eventStore });
  const http = () => request(app.callback());

  /** Everything written to an account's stream, as the event store holds it. */
  const eventsOf = async (accountId: string) =>
    (await stores.eventStore.readStream(accountStreamId(accountId))).map(({ type, data }) => ({ type, data }) as AccountEvent);

  /** A browser whose session is a signed-in user's (`user-…`) or a visitor's (`visitor-…`). */
  const browser = async (accountId: `user-${string}` | `visitor-${string}`) => {
    const [kind, id] = [accountId.slice(0, accountId.indexOf('-')), accountId.slice(accountId.indexOf('-') + 1)];
    const cookie = await sessionCookie(
      SESSION_SECRET,
      stores.documentStore,
      kind === 'user' ? { visitorId: `v-${id}`, userId: id } : { visitorId: id },
    );
    return { accountId, post: (url: string) => http().post(url).set('Cookie', cookie) };
  };

  const postWebhook = (event: unknown, secret = WEBHOOK_SECRET) => {
    const { payload, signature } = signedWebhook(event, secret);
    return http().post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  };

  return {
    stores,
    fake,
    price,
    app,
    accounts,
    http,
    eventsOf,
    browser,
    postWebhook,
    close: async () => {
      await fake.close();
      await stores.cleanup();
    },
  };
};

export type PaymentsApp = Awaited<ReturnType<typeof startPaymentsApp>>;
