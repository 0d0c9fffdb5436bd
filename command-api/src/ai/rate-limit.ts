import { AI_REQUESTS_PER_MINUTE, TOO_MANY_AI_REQUESTS_MESSAGE, TOO_MANY_AI_REQUESTS_TITLE } from '@vis/domain';
import { describeWait, RateLimitedError, type Abuse } from '@vis/infrastructure';
import { AiHttpError } from './errors.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The AI limits, on counters every command-api replica shares: at most `AI_REQUESTS_PER_MINUTE` requests per
 * account (protects the model quota), and at most `visitorAiPerHour` AI requests by the visitors of one client
 * address, whatever pays for them (a script that makes a new visitor per request would otherwise get three free
 * model calls each time, or redeem the public coupon each time, on the server's key).
 */
export const createAiRateLimit = ({ limiter, limits }: Abuse, { perAccountPerMinute = AI_REQUESTS_PER_MINUTE } = {}) => ({
  take: async (account: string) => {
    const verdict = await limiter.take({ name: 'ai-account', limit: perAccountPerMinute, windowMs: MINUTE_MS }, account);
    if (!verdict.allowed) throw new AiHttpError(429, TOO_MANY_AI_REQUESTS_TITLE, TOO_MANY_AI_REQUESTS_MESSAGE);
  },
  takeVisitorAi: async (clientAddress: string) => {
    const verdict = await limiter.take({ name: 'visitor-ai', limit: limits.visitorAiPerHour, windowMs: HOUR_MS }, clientAddress);
    if (verdict.allowed) return;
    throw new RateLimitedError(
      'Too many free AI requests',
      `Too many free AI requests from your network. Please try again in ${describeWait(verdict.retryAfterMs)}, or sign in to keep going now.`,
      verdict.retryAfterMs,
    );
  },
});

export type AiRateLimit = ReturnType<typeof createAiRateLimit>;
