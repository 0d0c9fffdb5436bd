import { configSchema, type Config } from '../config/config.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** The abuse limits of configuration (per client address unless named otherwise); 0 turns one off. */
export interface AbuseLimits {
  newVisitorsPerHour: number;
  /** AI calls paid by visitors' free plays, all visitors of one address together. */
  visitorAiPerHour: number;
  /** Counted per account and per address. */
  wrongCouponsPer10Minutes: number;
}

type LimitSettings = Pick<Config, 'RATE_LIMIT_NEW_VISITORS_PER_HOUR' | 'RATE_LIMIT_VISITOR_AI_PER_HOUR' | 'RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES'>;

const defaults: LimitSettings = configSchema
  .pick({ RATE_LIMIT_NEW_VISITORS_PER_HOUR: true, RATE_LIMIT_VISITOR_AI_PER_HOUR: true, RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: true })
  .parse({});

/** The limits configuration sets; one left unset (an embedded server started by code) is configuration's default. */
export const abuseLimitsFrom = (settings: Partial<LimitSettings>): AbuseLimits => ({
  newVisitorsPerHour: settings.RATE_LIMIT_NEW_VISITORS_PER_HOUR ?? defaults.RATE_LIMIT_NEW_VISITORS_PER_HOUR,
  visitorAiPerHour: settings.RATE_LIMIT_VISITOR_AI_PER_HOUR ?? defaults.RATE_LIMIT_VISITOR_AI_PER_HOUR,
  wrongCouponsPer10Minutes: settings.RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES ?? defaults.RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES,
});

/** Configuration's defaults: a service built without settings is protected, not open. */
export const DEFAULT_ABUSE_LIMITS: AbuseLimits = abuseLimitsFrom({});

/** No limits: for tests that act as many visitors from one address. */
export const NO_ABUSE_LIMITS: AbuseLimits = { newVisitorsPerHour: 0, visitorAiPerHour: 0, wrongCouponsPer10Minutes: 0 };

/** What the services need to enforce them: the counters every replica shares, and the limits. */
export interface Abuse {
  limiter: RateLimiter;
  limits: AbuseLimits;
}
