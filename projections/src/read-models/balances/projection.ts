import { ACCOUNT_EVENT_TYPES, FREE_PLAYS, readModels, topics, type AccountEvent, type SubscriptionStatus } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';

/**
 * One document per account (user or visitor): what the header, the points card, the billing card and the
 * subscription page read. Account events carry the balances after them, so each event sets them rather than
 * adding to them: a document is right after any event without trusting the ones before.
 */
export type BalanceDocument = ReadModelMeta & {
  /** The account id: `user-…` or `visitor-…`, the session's actor. */
  _id: string;
  points: number;
  freePlaysLeft: number;
  usageCount: number;
  subscriptionStatus: SubscriptionStatus;
  subscriptionId: string | null;
  /** Unix seconds: the paid period's end, or after a scheduled cancellation the moment access ends. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** Normalized codes this account has redeemed. */
  redeemedCoupons: string[];
  email: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  updatedAt: string;
};

export const emptyBalance = (accountId: string): ReadModel<BalanceDocument> => ({
  _id: accountId,
  points: 0,
  freePlaysLeft: FREE_PLAYS,
  usageCount: 0,
  subscriptionStatus: 'none',
  subscriptionId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  redeemedCoupons: [],
  email: null,
  displayName: null,
  profileImageUrl: null,
  updatedAt: '',
});

const evolveBalance = (doc: ReadModel<BalanceDocument>, event: AccountEvent): ReadModel<BalanceDocument> => {
  switch (event.type) {
    case 'AiRequestCharged':
    case 'AiRequestRefunded': {
      const { pointsBalance, freePlaysLeft, usageCount } = event.data;
      return { ...doc, points: pointsBalance, freePlaysLeft, usageCount };
    }
    case 'PointsGranted':
      return { ...doc, points: event.data.pointsBalance };
    case 'CouponRedeemed':
      return {
        ...doc,
        points: event.data.pointsBalance,
        subscriptionStatus: event.data.subscriptionStatus,
        redeemedCoupons: doc.redeemedCoupons.includes(event.data.code) ? doc.redeemedCoupons : [...doc.redeemedCoupons, event.data.code],
      };
    // Nothing to show until Stripe has made it: the status stays what it was. A noted like is no balance.
    case 'SubscriptionRequested':
    case 'IdeaLikeNoted':
      return doc;
    case 'SubscriptionStarted':
      return {
        ...doc,
        subscriptionStatus: 'incomplete',
        subscriptionId: event.data.subscriptionId,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      };
    case 'SubscriptionActivated':
      return { ...doc, subscriptionStatus: 'active', subscriptionId: event.data.subscriptionId, currentPeriodEnd: event.data.currentPeriodEnd };
    case 'CancellationScheduled':
      return { ...doc, cancelAtPeriodEnd: true, currentPeriodEnd: event.data.cancelAt };
    case 'SubscriptionEnded':
      return { ...doc, subscriptionStatus: event.data.status, subscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
    case 'SignedIn':
      return { ...doc, email: event.data.email, displayName: event.data.displayName, profileImageUrl: event.data.profileImageUrl };
    // A visitor's sign-in: the visitor's document is left with nothing to spend, the user's gets it all.
    case 'AccountHandedOver': {
      const moved = event.data.subscription ? { subscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false } : {};
      return {
        ...doc,
        points: event.data.pointsBalance,
        freePlaysLeft: event.data.freePlaysLeft,
        subscriptionStatus: event.data.subscriptionStatus,
        ...moved,
      };
    }
    case 'VisitorAccountTakenOver': {
      const taken = event.data.subscription;
      const added = event.data.redeemedCoupons.map((coupon) => coupon.code).filter((code) => !doc.redeemedCoupons.includes(code));
      return {
        ...doc,
        points: event.data.pointsBalance,
        freePlaysLeft: event.data.freePlaysLeft,
        subscriptionStatus: event.data.subscriptionStatus,
        ...(taken
          ? { subscriptionId: taken.subscriptionId, currentPeriodEnd: taken.currentPeriodEnd, cancelAtPeriodEnd: taken.cancelAtPeriodEnd }
          : {}),
        redeemedCoupons: [...doc.redeemedCoupons, ...added],
      };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unknown event ${(unhandled as { type: string }).type}`);
    }
  }
};

/** When each kind of account event happened, by the field that says so. */
const MOMENT_FIELD: { [T in AccountEvent['type']]: keyof Extract<AccountEvent, { type: T }>['data'] } = {
  AiRequestCharged: 'chargedAt',
  AiRequestRefunded: 'refundedAt',
  PointsGranted: 'grantedAt',
  CouponRedeemed: 'redeemedAt',
  SubscriptionRequested: 'requestedAt',
  SubscriptionStarted: 'startedAt',
  SubscriptionActivated: 'activatedAt',
  CancellationScheduled: 'scheduledAt',
  SubscriptionEnded: 'endedAt',
  SignedIn: 'signedInAt',
  AccountHandedOver: 'handedOverAt',
  VisitorAccountTakenOver: 'takenOverAt',
  IdeaLikeNoted: 'notedAt',
};
const momentOf = (event: AccountEvent): string => String((event.data as Record<string, unknown>)[MOMENT_FIELD[event.type]]);

export const balancesProjection = defineProjection<AccountEvent, BalanceDocument>({
  name: readModels.balances,
  version: 1,
  handles: ACCOUNT_EVENT_TYPES,
  documentId: (event) => event.data.accountId,
  topics: (doc) => [topics.balanceOf(doc._id)],
  evolve: (doc, event) => {
    const accountId = event.data.accountId;
    return { ...evolveBalance(doc ?? emptyBalance(accountId), event), updatedAt: momentOf(event) };
  },
});
