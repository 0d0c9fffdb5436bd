import { createPaymentsGateway } from '@vis/command-api';
import { silentLogger } from '@vis/infrastructure';
import { startFakeGemini, startFakeStripe } from '@vis/command-api/testing';
import type { EmbeddedConfig } from '../../server/embedded.ts';
import { startTestServer } from '../../server/testing.ts';

export const OPS_TOKEN = 'reliability-ops-token-0123456789';
export const WEBHOOK_SECRET = 'whsec_reliability_0123456789';

/**
 * These attacks come from one address (127.0.0.1) and make hundreds of visitors and AI calls on purpose; the
 * per-address limits would answer most of them 429 before they reached what is being attacked. The limits have
 * their own tests.
 */
export const LIMITS_OFF = {
  RATE_LIMIT_NEW_VISITORS_PER_HOUR: 0,
  RATE_LIMIT_VISITOR_AI_PER_HOUR: 0,
  RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 0,
} satisfies Partial<EmbeddedConfig>;

/**
 * The whole product on a fresh data directory, with every route able to do its real work: an operator token (so
 * that 127.0.0.1 is not an operator by being local), Stripe and Gemini at local fakes (payments answer instead of
 * 503; a key check fails fast instead of going to Google).
 */
export const startReliabilityServer = async () => {
  const stripe = await startFakeStripe();
  const price = stripe.addPrice();
  const gemini = await startFakeGemini();
  const payments = createPaymentsGateway({ stripe: stripe.client(), priceId: price.id, webhookSecret: WEBHOOK_SECRET, logger: silentLogger() });
  const server = await startTestServer({ opsToken: OPS_TOKEN, config: LIMITS_OFF, overrides: { payments, geminiBaseUrl: gemini.baseUrl } });
  return {
    server,
    stripe,
    close: async () => {
      await server.close();
      await stripe.close();
      await gemini.close();
    },
  };
};

export type ReliabilityServer = Awaited<ReturnType<typeof startReliabilityServer>>;
