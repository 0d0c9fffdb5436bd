import { ConflictError, couponDecider, couponLookupOf, couponStreamId } from '@vis/domain';
import { readStreamState, type EventStore, type Logger } from '@vis/infrastructure';
import type { Accounts } from './accounts.ts';

/**
 * The landing page advertises one coupon that gives unlimited access (spec 01 §9). It is issued as an event on
 * first start, like any coupon an operator issues; every later start finds it and changes nothing.
 */
export const issuePublicCoupon = async ({
  accounts,
  eventStore,
  code,
  logger,
}: {
  accounts: Accounts;
  eventStore: EventStore;
  code: string;
  logger: Logger;
}) => {
  try {
    const result = await accounts.issueCoupon(
      { code, kind: 'free_unlimited' },
      { commandId: `public-coupon:${code}`, actorId: 'system', now: new Date().toISOString() },
    );
    if (!result.repeated) logger.info({ code }, 'public coupon issued');
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // An operator issued this code first: it is kept as they issued it, but an advertised code that gives
    // something else than unlimited access is worth a warning.
    const existing = couponLookupOf((await readStreamState(eventStore, couponDecider, couponStreamId(code))).state);
    if (existing?.kind !== 'free_unlimited') logger.warn({ code, kind: existing?.kind }, 'the public coupon code exists with another kind');
  }
};
