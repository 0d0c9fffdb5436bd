import {
  accountDecider,
  accountStreamId,
  couponDecider,
  couponLookupOf,
  couponStreamId,
  EMPTY_COUPON_MESSAGE,
  INVALID_COUPON_MESSAGE,
  normalizeCouponCode,
  COUPON_CODE_PATTERN,
  MAX_COUPON_CODE_LENGTH,
  ValidationError,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
  type CommandMetadata,
  type IssueCoupon,
} from '@vis/domain';
import { handleCommand, handledBefore, readStreamState, type EventStore } from '@vis/infrastructure';

/** A command's payload without the account id: the service puts in the account it acts on. */
type PayloadOf<T extends AccountCommand['type']> = Omit<Extract<AccountCommand, { type: T }>['data'], 'accountId'>;

/**
 * The account stream (one per user or visitor: the money) and the coupon streams, as the HTTP routes, the AI
 * gateway, the Stripe webhook and the operators' CLI use them. Every change is a command through
 * `handleCommand`: optimistic concurrency on the account stream is what keeps two concurrent requests from
 * spending the same point.
 */
export const createAccounts = ({ eventStore }: { eventStore: EventStore }) => {
  const execute = <T extends AccountCommand['type']>(type: T, accountId: string, data: PayloadOf<T>, metadata: CommandMetadata) =>
    handleCommand(eventStore, accountDecider, accountStreamId(accountId), {
      type,
      data: { ...data, accountId },
      metadata,
    } as unknown as AccountCommand);

  const stateOf = async (accountId: string): Promise<AccountState> =>
    (await readStreamState(eventStore, accountDecider, accountStreamId(accountId))).state;

  /**
   * Whether the account has handled this command already; IdempotencyKeyReusedError when it did so for another
   * request. For work outside the log that must not run for a reused key (a call to Stripe).
   */
  const handled = (accountId: string, metadata: CommandMetadata) => handledBefore(eventStore, accountDecider, accountStreamId(accountId), metadata);

  /**
   * The account that holds a subscription now. Stripe names the account a subscription was made for (its
   * metadata); a visitor's subscription moves to the user the visitor signed in as, and its webhooks follow it.
   */
  const holderOf = async (accountId: string, subscriptionId: string): Promise<string> =>
    accountId.startsWith('visitor-') ? ((await stateOf(accountId)).movedSubscriptions.get(subscriptionId) ?? accountId) : accountId;

  const couponStream = (code: string) => {
    const normalized = normalizeCouponCode(code);
    if (normalized === '') throw new ValidationError('couponCode', EMPTY_COUPON_MESSAGE);
    // Anything that could not be a code is unknown, without touching a stream named after it.
    if (normalized.length > MAX_COUPON_CODE_LENGTH || !COUPON_CODE_PATTERN.test(normalized)) {
      throw new ValidationError('couponCode', INVALID_COUPON_MESSAGE);
    }
    return couponStreamId(normalized);
  };

  /**
   * Two streams, one decision each. The account decides first on a snapshot of the coupon (so an account that
   * cannot redeem never takes a place on a limited coupon); the coupon stream then counts the redemption,
   * deciding "used up" on its own stream under optimistic concurrency; only then does the account record it.
   * A crash between the two leaves a counted place that the same account's retry reuses (the coupon counts each
   * account once). A retry (same Idempotency-Key, same request) gets the first answer; the key reused for another
   * request is refused before it can take a place on any coupon.
   */
  const redeemCoupon = async (accountId: string, code: string, metadata: CommandMetadata) => {
    const streamId = couponStream(code);
    const retried = await handledBefore(eventStore, accountDecider, accountStreamId(accountId), metadata);
    const coupon = couponLookupOf((await readStreamState(eventStore, couponDecider, streamId)).state);
    const redeem = { type: 'RedeemCoupon', data: { accountId, code, coupon }, metadata } as const;
    if (!retried) accountDecider.decide(redeem, await stateOf(accountId));
    const counted = await handleCommand(eventStore, couponDecider, streamId, {
      type: 'RecordCouponRedemption',
      data: { code, accountId },
      metadata: { ...metadata, commandId: `${metadata.commandId}:coupon` },
    });
    // The coupon stream has granted this account its place: the limit is no longer the account's to check.
    const granted = coupon && { code: coupon.code, kind: coupon.kind, ...(coupon.points === undefined ? {} : { points: coupon.points }) };
    const result = await handleCommand(eventStore, accountDecider, accountStreamId(accountId), {
      ...redeem,
      data: { accountId, code, coupon: granted },
    });
    return { ...result, couponPosition: counted.position, event: result.events[0] as Extract<AccountEvent, { type: 'CouponRedeemed' }> | undefined };
  };

  const issueCoupon = (data: IssueCoupon['data'], metadata: CommandMetadata) =>
    handleCommand(eventStore, couponDecider, couponStream(data.code), { type: 'IssueCoupon', data, metadata });

  return { execute, stateOf, handled, holderOf, redeemCoupon, issueCoupon };
};

export type Accounts = ReturnType<typeof createAccounts>;
