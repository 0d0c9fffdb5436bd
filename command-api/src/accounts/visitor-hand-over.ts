import { holdsSubscription, type CommandMetadata, type VisitorAccountTakenOver } from '@vis/domain';
import type { Logger } from '@vis/infrastructure';
import type { Accounts } from './accounts.ts';

/**
 * A visitor who signs in keeps what they had: the points, the free plays used, a coupon's unlimited access and
 * the redeemed coupons of the visitor's account move to the user's, and so does a subscription the visitor
 * subscribed to by email (paid or waiting to be paid) unless the user holds one already. Two streams, one decision each: the
 * visitor's account records what it hands over (once: it never hands over again), then the user's account
 * takes over exactly that (once per visitor account). The command ids come from the visitor's id, so a second
 * sign-in, or a retry after a crash between the two appends, moves nothing twice, and finishes a take-over
 * the crash left undone. Only the visitor of this session is handed over; an account handed to another user
 * gives this one nothing.
 */
export const handOverVisitorAccount = async (
  accounts: Accounts,
  visitorAccount: string,
  userAccount: string,
  metadata: CommandMetadata,
  logger?: Logger,
): Promise<VisitorAccountTakenOver['data'] | null> => {
  const userHoldsSubscription = holdsSubscription(await accounts.stateOf(userAccount));
  await accounts.execute(
    'HandOverToUser',
    visitorAccount,
    { userAccountId: userAccount, userHoldsSubscription },
    { ...metadata, commandId: `hand-over:${visitorAccount}` },
  );
  const visitor = await accounts.stateOf(visitorAccount);
  const { handedOver } = visitor;
  if (handedOver?.userAccountId === userAccount && !handedOver.subscription && holdsSubscription(visitor) && userHoldsSubscription) {
    logger?.warn(
      { visitorAccount, userAccount, visitorSubscriptionId: visitor.subscription.subscriptionId },
      "a visitor who holds a subscription signed in as a user who holds one too: the visitor's stays on the visitor's account",
    );
  }
  if (!handedOver || handedOver.userAccountId !== userAccount) return null;
  const { points, freePlaysUsed, unlimited, redeemedCoupons, subscription } = handedOver;
  const result = await accounts.execute(
    'TakeOverVisitorAccount',
    userAccount,
    { visitorAccountId: visitorAccount, points, freePlaysUsed, unlimited, redeemedCoupons: [...redeemedCoupons], subscription: subscription ?? null },
    { ...metadata, commandId: `take-over:${visitorAccount}` },
  );
  const taken = result.events.find((event): event is VisitorAccountTakenOver => event.type === 'VisitorAccountTakenOver');
  return result.repeated ? null : (taken?.data ?? null);
};
