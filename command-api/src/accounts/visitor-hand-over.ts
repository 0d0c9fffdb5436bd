import type { CommandMetadata, VisitorAccountTakenOver } from '@vis/domain';
import type { Accounts } from './accounts.ts';

/**
 * A visitor who signs in keeps what they had: the points, the free plays used, a coupon's unlimited access and
 * the redeemed coupons of the visitor's account move to the user's. Two streams, one decision each: the
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
): Promise<VisitorAccountTakenOver['data'] | null> => {
  await accounts.execute('HandOverToUser', visitorAccount, { userAccountId: userAccount }, { ...metadata, commandId: `hand-over:${visitorAccount}` });
  const { handedOver } = await accounts.stateOf(visitorAccount);
  if (!handedOver || handedOver.userAccountId !== userAccount) return null;
  const { points, freePlaysUsed, unlimited, redeemedCoupons } = handedOver;
  const result = await accounts.execute(
    'TakeOverVisitorAccount',
    userAccount,
    { visitorAccountId: visitorAccount, points, freePlaysUsed, unlimited, redeemedCoupons: [...redeemedCoupons] },
    { ...metadata, commandId: `take-over:${visitorAccount}` },
  );
  const taken = result.events.find((event): event is VisitorAccountTakenOver => event.type === 'VisitorAccountTakenOver');
  return result.repeated ? null : (taken?.data ?? null);
};
