import { FREE_PLAYS, POINTS_PER_AI_REQUEST } from './constants.ts';
import type { CouponKind } from './coupon-code.ts';
import type { AccountEvent, ChargeMethod, SubscriptionStatus } from './events.ts';

export interface AccountSubscription {
  status: SubscriptionStatus;
  subscriptionId?: string;
  customerId?: string;
  /** Unix seconds; after a scheduled cancellation, the moment it ends. */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
  /** A create decided and not yet started at Stripe: every create answers this one until it is. */
  requested?: { attempt: number; email: string };
}

export interface ChargedRequest {
  method: ChargeMethod;
  refunded: boolean;
  /** The request this id was charged for; absent for charges recorded before digests were kept. */
  requestDigest?: string;
}

export interface AccountProfile {
  email: string;
  displayName: string;
  profileImageUrl: string | null;
}

/** What a coupon brought the account that redeemed it. */
export interface CouponGrant {
  kind: CouponKind;
  points: number;
}

/** What a visitor's account handed to a user's on sign-in, as `AccountHandedOver` recorded it. */
export interface HandOver {
  userAccountId: string;
  points: number;
  freePlaysUsed: number;
  unlimited: boolean;
  redeemedCoupons: readonly ({ code: string } & CouponGrant)[];
  /** The visitor's subscription, when it moved with the rest. */
  subscription?: HandedOverSubscriptionFacts;
}

/** A subscription as it moves from a visitor's account to a user's (see HandedOverSubscription). */
export interface HandedOverSubscriptionFacts {
  subscriptionId: string;
  customerId: string;
  status: 'incomplete' | 'active';
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  stripeEventIds: string[];
}

export interface AccountState {
  points: number;
  freePlaysLeft: number;
  /** AI requests served: charged and not refunded. */
  usageCount: number;
  subscription: AccountSubscription;
  /**
   * A free_unlimited coupon was redeemed. Kept apart from `subscription.status` because a paid subscription
   * shows as 'active' while it runs (so that it can still be cancelled) and the coupon's access must survive
   * its end.
   */
  unlimitedByCoupon: boolean;
  /** Normalized codes. */
  redeemedCoupons: readonly string[];
  /** By request id: how each AI request was charged, so that a retry never charges twice. */
  chargedRequests: ReadonlyMap<string, ChargedRequest>;
  /** How many subscriptions the account has requested: the next request is attempt `subscriptionRequests + 1`. */
  subscriptionRequests: number;
  /** Stripe webhooks already acted on: Stripe delivers at least once. */
  stripeEventIds: ReadonlySet<string>;
  /** Set once a user signs in; a visitor's account never has one. */
  profile: AccountProfile | null;
  /** By normalized code: what each redeemed coupon brought (the coupons of a taken-over visitor included). */
  couponGrants: ReadonlyMap<string, CouponGrant>;
  /** A visitor's account, once handed to the user who signed in: it never hands anything over again. */
  handedOver: HandOver | null;
  /** A user's account: the visitor accounts it has taken over, each taken once. */
  takenOverVisitors: ReadonlySet<string>;
  /** A visitor's account: the subscriptions it handed to a user (subscription id → user account), for Stripe's webhooks. */
  movedSubscriptions: ReadonlyMap<string, string>;
  /** A visitor's account: the marketplace ideas it liked, whose likes become the user's at sign-in. */
  likedIdeas: ReadonlySet<string>;
}

export const initialAccountState = (): AccountState => ({
  points: 0,
  freePlaysLeft: FREE_PLAYS,
  usageCount: 0,
  subscription: { status: 'none', cancelAtPeriodEnd: false },
  unlimitedByCoupon: false,
  redeemedCoupons: [],
  chargedRequests: new Map(),
  subscriptionRequests: 0,
  stripeEventIds: new Set(),
  profile: null,
  couponGrants: new Map(),
  handedOver: null,
  takenOverVisitors: new Set(),
  movedSubscriptions: new Map(),
  likedIdeas: new Set(),
});

/** The account has a subscription of its own: one being made, one waiting to be paid, or a paid one. */
export const holdsSubscription = (state: AccountState): boolean =>
  state.subscription.requested !== undefined ||
  (state.subscription.subscriptionId !== undefined && ['incomplete', 'active'].includes(state.subscription.status));

/** How a request was charged, if it is charged now (refunded requests are not). */
export const chargeOf = (state: AccountState, requestId: string): ChargeMethod | null => {
  const charge = state.chargedRequests.get(requestId);
  return charge && !charge.refunded ? charge.method : null;
};

/** What one charge by `method` takes from the balances; a refund gives the same back. */
export const costOf = (method: ChargeMethod): { points: number; freePlays: number } => ({
  points: method === 'point' ? POINTS_PER_AI_REQUEST : 0,
  freePlays: method === 'free_play' ? 1 : 0,
});

/** Maps and sets are copied, never changed in place: a state may be cached and folded again from. */
const withCharge = (state: AccountState, requestId: string, charge: ChargedRequest) => new Map(state.chargedRequests).set(requestId, charge);
const withStripeEvent = (state: AccountState, stripeEventId: string | null) =>
  stripeEventId === null ? state.stripeEventIds : new Set(state.stripeEventIds).add(stripeEventId);

export const evolveAccount = (state: AccountState, event: AccountEvent): AccountState => {
  switch (event.type) {
    case 'AiRequestCharged': {
      const cost = costOf(event.data.method);
      return {
        ...state,
        points: state.points - cost.points,
        freePlaysLeft: state.freePlaysLeft - cost.freePlays,
        usageCount: state.usageCount + 1,
        chargedRequests: withCharge(state, event.data.requestId, {
          method: event.data.method,
          refunded: false,
          ...(event.data.requestDigest === undefined ? {} : { requestDigest: event.data.requestDigest }),
        }),
      };
    }
    case 'AiRequestRefunded': {
      const cost = costOf(event.data.method);
      return {
        ...state,
        points: state.points + cost.points,
        freePlaysLeft: state.freePlaysLeft + cost.freePlays,
        usageCount: state.usageCount - 1,
        chargedRequests: withCharge(state, event.data.requestId, {
          ...state.chargedRequests.get(event.data.requestId),
          method: event.data.method,
          refunded: true,
        }),
      };
    }
    case 'PointsGranted':
      return { ...state, points: state.points + event.data.points };
    case 'CouponRedeemed':
      return {
        ...state,
        points: state.points + event.data.points,
        unlimitedByCoupon: state.unlimitedByCoupon || event.data.kind === 'free_unlimited',
        subscription: { ...state.subscription, status: event.data.subscriptionStatus },
        redeemedCoupons: [...state.redeemedCoupons, event.data.code],
        couponGrants: new Map(state.couponGrants).set(event.data.code, { kind: event.data.kind, points: event.data.points }),
      };
    case 'SubscriptionRequested':
      return {
        ...state,
        subscription: { ...state.subscription, requested: { attempt: event.data.attempt, email: event.data.email } },
        subscriptionRequests: event.data.attempt,
      };
    case 'SubscriptionStarted':
      return {
        ...state,
        subscription: {
          status: 'incomplete',
          subscriptionId: event.data.subscriptionId,
          customerId: event.data.customerId,
          cancelAtPeriodEnd: false,
        },
      };
    case 'SubscriptionActivated':
      return {
        ...state,
        subscription: {
          ...state.subscription,
          status: 'active',
          subscriptionId: event.data.subscriptionId,
          currentPeriodEnd: event.data.currentPeriodEnd,
        },
        stripeEventIds: withStripeEvent(state, event.data.stripeEventId),
      };
    case 'CancellationScheduled':
      return {
        ...state,
        subscription: { ...state.subscription, cancelAtPeriodEnd: true, currentPeriodEnd: event.data.cancelAt },
        stripeEventIds: withStripeEvent(state, event.data.stripeEventId),
      };
    case 'SubscriptionEnded': {
      // The Stripe customer outlives the subscription: a later subscription is created for the same customer.
      const { customerId } = state.subscription;
      return {
        ...state,
        subscription: { status: event.data.status, ...(customerId === undefined ? {} : { customerId }), cancelAtPeriodEnd: false },
        stripeEventIds: withStripeEvent(state, event.data.stripeEventId),
      };
    }
    case 'SignedIn':
      return {
        ...state,
        profile: { email: event.data.email, displayName: event.data.displayName, profileImageUrl: event.data.profileImageUrl },
      };
    // The two sides of a visitor's sign-in set the balances they carry: the decider computed them.
    case 'AccountHandedOver': {
      const { userAccountId, points, freePlaysUsed, unlimited, redeemedCoupons, subscription } = event.data;
      // A subscription that moved leaves nothing behind but the customer's history at Stripe.
      return {
        ...state,
        points: event.data.pointsBalance,
        freePlaysLeft: event.data.freePlaysLeft,
        unlimitedByCoupon: false,
        subscription: subscription
          ? { status: event.data.subscriptionStatus, cancelAtPeriodEnd: false }
          : { ...state.subscription, status: event.data.subscriptionStatus },
        handedOver: { userAccountId, points, freePlaysUsed, unlimited, redeemedCoupons, ...(subscription ? { subscription } : {}) },
        movedSubscriptions: subscription
          ? new Map(state.movedSubscriptions).set(subscription.subscriptionId, userAccountId)
          : state.movedSubscriptions,
      };
    }
    case 'VisitorAccountTakenOver': {
      const taken = event.data.subscription;
      const couponGrants = new Map(state.couponGrants);
      for (const { code, kind, points } of event.data.redeemedCoupons) couponGrants.set(code, { kind, points });
      return {
        ...state,
        points: event.data.pointsBalance,
        freePlaysLeft: event.data.freePlaysLeft,
        unlimitedByCoupon: state.unlimitedByCoupon || event.data.unlimited,
        subscription: taken
          ? {
              status: event.data.subscriptionStatus,
              subscriptionId: taken.subscriptionId,
              customerId: taken.customerId,
              ...(taken.currentPeriodEnd === null ? {} : { currentPeriodEnd: taken.currentPeriodEnd }),
              cancelAtPeriodEnd: taken.cancelAtPeriodEnd,
            }
          : { ...state.subscription, status: event.data.subscriptionStatus },
        stripeEventIds: taken ? new Set([...state.stripeEventIds, ...taken.stripeEventIds]) : state.stripeEventIds,
        redeemedCoupons: [...state.redeemedCoupons, ...event.data.redeemedCoupons.map((coupon) => coupon.code)],
        couponGrants,
        takenOverVisitors: new Set(state.takenOverVisitors).add(event.data.visitorAccountId),
      };
    }
    case 'IdeaLikeNoted':
      return { ...state, likedIdeas: new Set(state.likedIdeas).add(event.data.ideaId) };
    default: {
      const unhandled: never = event;
      throw new Error(`unknown event ${(unhandled as { type: string }).type}`);
    }
  }
};
