import { AI_REQUESTS_PER_MINUTE, TOO_MANY_AI_REQUESTS_MESSAGE, TOO_MANY_AI_REQUESTS_TITLE } from '@vis/domain';
import { AiHttpError } from './errors.ts';

const WINDOW_MS = 60_000;
const SWEEP_EVERY = 1000;

/**
 * At most `limit` AI requests per account in any sliding minute, in this process (each command-api replica
 * counts its own: the bound protects the model quota, it is not billing).
 */
export const createAiRateLimit = ({ clock, limit = AI_REQUESTS_PER_MINUTE }: { clock: () => Date; limit?: number }) => {
  const recent = new Map<string, number[]>();
  let takes = 0;
  const sweep = (now: number) => {
    for (const [account, times] of recent) if ((times.at(-1) ?? 0) <= now - WINDOW_MS) recent.delete(account);
  };
  return {
    take: (account: string) => {
      const now = clock().getTime();
      if (++takes % SWEEP_EVERY === 0) sweep(now);
      const times = (recent.get(account) ?? []).filter((time) => time > now - WINDOW_MS);
      if (times.length >= limit) {
        recent.set(account, times);
        throw new AiHttpError(429, TOO_MANY_AI_REQUESTS_TITLE, TOO_MANY_AI_REQUESTS_MESSAGE);
      }
      times.push(now);
      recent.set(account, times);
    },
  };
};

export type AiRateLimit = ReturnType<typeof createAiRateLimit>;
