import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { DomainError, IdempotencyKeyReusedError, PaymentRequiredError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AccountCommand } from './commands.ts';
import { FREE_ATTEMPTS_USED_MESSAGE, NO_POINTS_MESSAGE, NOT_ENOUGH_POINTS_TITLE, SUBSCRIPTION_REQUIRED_TITLE } from './constants.ts';
import { accountDecider } from './decide.ts';
import type { AccountEvent } from './events.ts';
import {
  aiRequestCharged,
  aiRequestRefunded,
  chargeAiRequest,
  consumePoint,
  couponRedeemed,
  freePlaysSpent,
  grantPoints,
  pointsGranted,
  refundAiRequest,
  subscriptionPaid,
  unlimitedCouponRedeemed,
  useFreePlay,
} from './fixtures.ts';

const given = deciderSpec(accountDecider);

const refusal = (events: readonly AccountEvent[], command: AccountCommand): DomainError => {
  try {
    accountDecider.decide(command, fold(accountDecider, events));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the command was not refused');
};

describe('ChargeAiRequest: the charging order', () => {
  it('charges nothing for a valid own Gemini key, even with free plays and points left', () =>
    given([pointsGranted(5)])
      .when(chargeAiRequest({ ownKeyValid: true }))
      .then([aiRequestCharged({ method: 'own_key', pointsBalance: 5, freePlaysLeft: 3 })]));

  it('charges nothing to an active subscription, but counts the use', () =>
    given(subscriptionPaid())
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'subscription', pointsBalance: 1000, freePlaysLeft: 3, usageCount: 1 })]));

  it('charges nothing to a free_unlimited coupon, but counts the use', () =>
    given([unlimitedCouponRedeemed(), ...freePlaysSpent()])
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'subscription', freePlaysLeft: 0, usageCount: 4 })]));

  it('takes a point before a free play', () =>
    given([pointsGranted(2)])
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'point', pointsBalance: 1, freePlaysLeft: 3 })]));

  it('takes a free play when there are no points', () =>
    given([])
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'free_play', freePlaysLeft: 2 })]));

  it('ignores an own key that is not valid', () =>
    given([])
      .when(chargeAiRequest({ ownKeyValid: false }))
      .then([aiRequestCharged({ method: 'free_play', freePlaysLeft: 2 })]));

  it('takes the last point, then free plays', () =>
    given([pointsGranted(1), aiRequestCharged({ requestId: 'req-0', method: 'point', pointsBalance: 0, freePlaysLeft: 3 })])
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'free_play', freePlaysLeft: 2, usageCount: 2 })]));

  it('asks for a subscription (402) when free plays and points are gone', () =>
    given(freePlaysSpent()).when(chargeAiRequest()).thenThrows(PaymentRequiredError, FREE_ATTEMPTS_USED_MESSAGE));

  it("titles the refusal 'Subscription required', as the spec's 402 body does", () => {
    const error = refusal(freePlaysSpent(), chargeAiRequest());
    expect({ title: error.title, message: error.message }).toEqual({ title: SUBSCRIPTION_REQUIRED_TITLE, message: FREE_ATTEMPTS_USED_MESSAGE });
  });

  it('still serves a user with an own valid key after everything is spent', () =>
    given(freePlaysSpent())
      .when(chargeAiRequest({ ownKeyValid: true }))
      .then([aiRequestCharged({ method: 'own_key', freePlaysLeft: 0, usageCount: 4 })]));

  it('charges the same request only once: a retry appends nothing', () => given([aiRequestCharged()]).when(chargeAiRequest()).thenNothingHappened());

  it('does not refuse a retry of a request charged with the last free play', () =>
    given(freePlaysSpent())
      .when(chargeAiRequest({ requestId: 'free-3' }))
      .thenNothingHappened());

  it('charges a refunded request again: the model is about to be called once more', () =>
    given([aiRequestCharged(), aiRequestRefunded()])
      .when(chargeAiRequest())
      .then([aiRequestCharged({ method: 'free_play', freePlaysLeft: 2, usageCount: 1 })]));

  it('charges a visitor account the same way', () =>
    given([])
      .when(chargeAiRequest({}, 'visitor-bob'))
      .then([aiRequestCharged({ accountId: 'visitor-bob', method: 'free_play', freePlaysLeft: 2 })]));
});

describe('a request id that comes back (the same Idempotency-Key)', () => {
  /** The command as the gateway sends it for a request whose method, path and body digest to `requestDigest`. */
  const asRequest = <C extends AccountCommand>(command: C, requestDigest: string): C => ({
    ...command,
    metadata: { ...command.metadata, requestDigest },
  });

  it('remembers which request was charged', () =>
    given([])
      .when(asRequest(chargeAiRequest(), 'digest-1'))
      .then([aiRequestCharged({ requestDigest: 'digest-1' })]));

  it('charges the same request only once', () =>
    given([aiRequestCharged({ requestDigest: 'digest-1' })])
      .when(asRequest(chargeAiRequest(), 'digest-1'))
      .thenNothingHappened());

  it('refuses it for a different request, so that a reused key is no free model call', () =>
    given([aiRequestCharged({ requestDigest: 'digest-1' })])
      .when(asRequest(chargeAiRequest(), 'digest-2'))
      .thenThrows(IdempotencyKeyReusedError, 'Idempotency-Key reused with a different request'));

  it('refuses it for a different request after a refund too', () =>
    given([aiRequestCharged({ requestDigest: 'digest-1' }), aiRequestRefunded()])
      .when(asRequest(chargeAiRequest(), 'digest-2'))
      .thenThrows(IdempotencyKeyReusedError));

  it('refuses it whichever way the request is paid', () => {
    given([pointsGranted(5), aiRequestCharged({ method: 'point', pointsBalance: 4, requestDigest: 'digest-1' })])
      .when(asRequest(consumePoint(), 'digest-2'))
      .thenThrows(IdempotencyKeyReusedError);
    given([aiRequestCharged({ requestDigest: 'digest-1' })])
      .when(asRequest(useFreePlay(), 'digest-2'))
      .thenThrows(IdempotencyKeyReusedError);
  });

  it('charges a request recorded before digests were kept as the same request', () =>
    given([aiRequestCharged()]).when(asRequest(chargeAiRequest(), 'digest-2')).thenNothingHappened());
});

describe('ConsumePoint', () => {
  it('takes one point', () =>
    given([pointsGranted(10)])
      .when(consumePoint())
      .then([aiRequestCharged({ method: 'point', pointsBalance: 9, freePlaysLeft: 3 })]));

  it('takes a point even from a subscriber: it was asked for by name', () =>
    given(subscriptionPaid())
      .when(consumePoint())
      .then([aiRequestCharged({ method: 'point', pointsBalance: 999, freePlaysLeft: 3 })]));

  it('refuses (402) without points, free plays or not', () => given([]).when(consumePoint()).thenThrows(PaymentRequiredError, NO_POINTS_MESSAGE));

  it("titles the refusal 'Not enough AI points'", () => expect(refusal([], consumePoint()).title).toBe(NOT_ENOUGH_POINTS_TITLE));

  it('charges the same request only once', () =>
    given([pointsGranted(10), aiRequestCharged({ method: 'point', pointsBalance: 9, freePlaysLeft: 3 })])
      .when(consumePoint())
      .thenNothingHappened());

  it('spends exactly the balance, one request after another', () => {
    let state = fold(accountDecider, [pointsGranted(10)]);
    const spent = Array.from({ length: 15 }, (_, index) => {
      try {
        const events = accountDecider.decide(consumePoint(`req-${index}`), state);
        state = events.reduce(accountDecider.evolve, state);
        return events.length;
      } catch (error) {
        if (error instanceof PaymentRequiredError) return 0;
        throw error;
      }
    });
    expect(spent.reduce((sum, each) => sum + each, 0)).toBe(10);
    expect(state.points).toBe(0);
  });
});

describe('UseFreePlay', () => {
  it('takes one free play, even with points', () =>
    given([pointsGranted(10)])
      .when(useFreePlay())
      .then([aiRequestCharged({ method: 'free_play', pointsBalance: 10, freePlaysLeft: 2 })]));

  it('asks for a subscription (402) when the free plays are gone', () =>
    given(freePlaysSpent()).when(useFreePlay()).thenThrows(PaymentRequiredError, FREE_ATTEMPTS_USED_MESSAGE));

  it('charges the same request only once', () => given([aiRequestCharged()]).when(useFreePlay()).thenNothingHappened());
});

describe('RefundAiRequest', () => {
  it('gives back the free play a failed request took', () =>
    given([aiRequestCharged()])
      .when(refundAiRequest())
      .then([aiRequestRefunded({ method: 'free_play', freePlaysLeft: 3, usageCount: 0 })]));

  it('gives back the point a failed request took', () =>
    given([pointsGranted(5), aiRequestCharged({ method: 'point', pointsBalance: 4, freePlaysLeft: 3 })])
      .when(refundAiRequest('req-1', 'timeout'))
      .then([aiRequestRefunded({ method: 'point', reason: 'timeout', pointsBalance: 5, freePlaysLeft: 3 })]));

  it('gives back nothing for an own-key request, but records the refund', () =>
    given([aiRequestCharged({ method: 'own_key', freePlaysLeft: 3 })])
      .when(refundAiRequest())
      .then([aiRequestRefunded({ method: 'own_key', freePlaysLeft: 3, usageCount: 0 })]));

  it('gives back nothing for a subscription request, but records the refund', () =>
    given([...subscriptionPaid(), aiRequestCharged({ method: 'subscription', pointsBalance: 1000, freePlaysLeft: 3 })])
      .when(refundAiRequest())
      .then([aiRequestRefunded({ method: 'subscription', pointsBalance: 1000, freePlaysLeft: 3, usageCount: 0 })]));

  it('ignores an unknown request', () => given([aiRequestCharged()]).when(refundAiRequest('req-unknown')).thenNothingHappened());

  it('refunds a request only once', () => given([aiRequestCharged(), aiRequestRefunded()]).when(refundAiRequest()).thenNothingHappened());

  it('refunds only the request named, not another charged after it', () =>
    given([aiRequestCharged(), aiRequestCharged({ requestId: 'req-2', freePlaysLeft: 1, usageCount: 2 })])
      .when(refundAiRequest('req-2'))
      .then([aiRequestRefunded({ requestId: 'req-2', freePlaysLeft: 2, usageCount: 1 })]));
});

describe('GrantPoints', () => {
  it('adds points with the reason', () =>
    given([pointsGranted(5)])
      .when(grantPoints(20, ' support ticket 12 '))
      .then([pointsGranted(20, 25, 'support ticket 12')]));

  it('adds to points a coupon gave', () =>
    given([couponRedeemed()])
      .when(grantPoints(1))
      .then([pointsGranted(1, 51)]));

  it.each([0, -5, 1.5])('refuses %d points', (points) => given([]).when(grantPoints(points)).thenThrows(ValidationError, 'positive whole number'));

  it('refuses a grant without a reason', () => given([]).when(grantPoints(5, '  ')).thenThrows(ValidationError));
});
