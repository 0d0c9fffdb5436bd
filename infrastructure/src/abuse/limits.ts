import type { Config } from '../config/config.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** The abuse limits of configuration (per client address unless named otherwise); 0 turns one off. */
export interface AbuseLimits {
  newVisitorsPerHour: number;
  /** AI calls paid by visitors' free plays, all visitors of one address together. */
  visitorAiPerHour: number;
  /** Counted per account and per address. */
  wrongCouponsPer10Minutes: number;
}

/** The product's defaults, the same as configuration's: a service built without settings is protected, not open. */
export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { newVisitorsPerHour: 30, visitorAiPerHour: 10, wrongCouponsPer10Minutes: 10 };

/** No limits: for tests that act as many visitors from one address. */
export const NO_ABUSE_LIMITS: AbuseLimits = { newVisitorsPerHour: 0, visitorAiPerHour: 0, wrongCouponsPer10Minutes: 0 };

export const abuseLimitsFrom = (
  config: Pick<Config, 'RATE_LIMIT_NEW_VISITORS_PER_HOUR' | 'RATE_LIMIT_VISITOR_AI_PER_HOUR' | 'RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES'>,
): AbuseLimits => ({
  newVisitorsPerHour: config.RATE_LIMIT_NEW_VISITORS_PER_HOUR,
  visitorAiPerHour: config.RATE_LIMIT_VISITOR_AI_PER_HOUR,
  wrongCouponsPer10Minutes: config.RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES,
});

/** What the services need to enforce them: the counters every replica shares, and the limits. */
export interface Abuse {
  limiter: RateLimiter;
  limits: AbuseLimits;
}
