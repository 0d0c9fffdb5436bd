import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ALREADY_SUBSCRIBED_MESSAGE, ALREADY_UNLIMITED_MESSAGE, INVALID_EMAIL_MESSAGE, NO_ACTIVE_SUBSCRIPTION_MESSAGE } from './constants.ts';
import { accountDecider, assertCanStartSubscription } from './decide.ts';
import {
  activateSubscription,
  cancellationScheduled,
  endSubscription,
  periodEnd,
  pointsGranted,
  recordSignIn,
  requestSubscription,
  scheduleCancellation,
  signedIn,
  startSubscription,
  subscriptionActivated,
  subscriptionEnded,
  subscriptionPaid,
  subscriptionPointsGranted,
  subscriptionRequested,
  subscriptionStarted,
  unlimitedCouponRedeemed,
} from './fixtures.ts';

const given = deciderSpec(accountDecider);
const nextPeriodEnd = periodEnd + 31 * 24 * 60 * 60;

describe('RequestSubscription', () => {
  it('records the first request of an account without a subscription, with the trimmed email', () =>
    given([])
      .when(requestSubscription({ email: ' ann@example.com ' }))
      .then([subscriptionRequested()]));

  it('changes nothing while a request is being made at Stripe: every create answers that one', () =>
    given([subscriptionRequested()])
      .when(requestSubscription({ email: 'other@example.com' }))
      .thenNothingHappened());

  it('changes nothing while a subscription waits to be paid', () =>
    given([subscriptionRequested(), subscriptionStarted()]).when(requestSubscription()).thenNothingHappened());

  it('refuses an account with a paid subscription, and one with unlimited access', () => {
    given(subscriptionPaid()).when(requestSubscription()).thenThrows(ConflictError, ALREADY_SUBSCRIBED_MESSAGE);
    given([unlimitedCouponRedeemed()]).when(requestSubscription()).thenThrows(ConflictError, ALREADY_UNLIMITED_MESSAGE);
  });

  it('counts attempts: after a subscription ended, the next request is the next attempt', () =>
    given([subscriptionRequested(), subscriptionStarted(), subscriptionEnded({ previousStatus: 'incomplete' })])
      .when(requestSubscription())
      .then([subscriptionRequested({ attempt: 2 })]));

  it.each(['', 'ann.example.com'])('refuses the email %j with the spec message', (email) =>
    given([]).when(requestSubscription({ email })).thenThrows(ValidationError, INVALID_EMAIL_MESSAGE),
  );
});

describe('StartSubscription', () => {
  it('starts an unpaid subscription with the trimmed email', () =>
    given([])
      .when(startSubscription({ email: ' ann@example.com ' }))
      .then([subscriptionStarted()]));

  it.each(['', '   ', 'ann.example.com'])('refuses the email %j with the spec message', (email) =>
    given([]).when(startSubscription({ email })).thenThrows(ValidationError, INVALID_EMAIL_MESSAGE),
  );

  it('appends nothing when the same unpaid subscription is started again', () =>
    given([subscriptionStarted()]).when(startSubscription()).thenNothingHappened());

  it('replaces an unpaid attempt with a new one', () =>
    given([subscriptionStarted()])
      .when(startSubscription({ subscriptionId: 'sub_2' }))
      .then([subscriptionStarted({ subscriptionId: 'sub_2' })]));

  it('starts again after a subscription ended', () =>
    given([subscriptionStarted(), ...subscriptionPaid(), subscriptionEnded()])
      .when(startSubscription({ subscriptionId: 'sub_2' }))
      .then([subscriptionStarted({ subscriptionId: 'sub_2' })]));

  it('refuses a second subscription while one is active', () =>
    given(subscriptionPaid())
      .when(startSubscription({ subscriptionId: 'sub_2' }))
      .thenThrows(ConflictError, ALREADY_SUBSCRIBED_MESSAGE));

  it('refuses a subscription to an account with unlimited access', () =>
    given([unlimitedCouponRedeemed()]).when(startSubscription()).thenThrows(ConflictError, ALREADY_UNLIMITED_MESSAGE));

  it('lets the HTTP layer ask the same before calling Stripe', () => {
    expect(() => assertCanStartSubscription(fold(accountDecider, subscriptionPaid()))).toThrow(ALREADY_SUBSCRIBED_MESSAGE);
    expect(() => assertCanStartSubscription(fold(accountDecider, [subscriptionStarted()]))).not.toThrow();
  });
});

describe('ActivateSubscription', () => {
  it('activates the subscription with its period end and grants 1000 points in the same decision', () =>
    given([subscriptionStarted()]).when(activateSubscription()).then(subscriptionPaid()));

  it('adds the 1000 points to the points already there', () =>
    given([pointsGranted(7), subscriptionStarted()])
      .when(activateSubscription())
      .then([subscriptionActivated(), subscriptionPointsGranted(1007)]));

  it('appends nothing for a Stripe event it has already acted on', () =>
    given([subscriptionStarted(), ...subscriptionPaid()])
      .when(activateSubscription())
      .thenNothingHappened());

  it("records a later invoice as a renewal with the new period end and the month's points", () =>
    given([subscriptionStarted(), ...subscriptionPaid()])
      .when(activateSubscription({ stripeEventId: 'evt_paid_2', currentPeriodEnd: nextPeriodEnd }))
      .then([
        subscriptionActivated({ stripeEventId: 'evt_paid_2', currentPeriodEnd: nextPeriodEnd, renewal: true }),
        subscriptionPointsGranted(2000),
      ]));

  it('accepts a payment Stripe reports without a start recorded: the money was taken', () =>
    given([]).when(activateSubscription()).then(subscriptionPaid()));

  it('turns unlimited coupon access into a paid subscription when the user pays anyway', () =>
    given([unlimitedCouponRedeemed()]).when(activateSubscription()).then(subscriptionPaid()));
});

describe('ScheduleCancellation', () => {
  it('schedules the end at the period end, the subscription still usable until then', () =>
    given([subscriptionStarted(), ...subscriptionPaid()])
      .when(scheduleCancellation())
      .then([cancellationScheduled()]));

  it('records a cancellation made by the cancel call, without a Stripe event', () =>
    given(subscriptionPaid())
      .when(scheduleCancellation({ stripeEventId: undefined }))
      .then([cancellationScheduled({ stripeEventId: null })]));

  it("appends nothing when Stripe's webhook reports the cancellation the cancel call recorded", () =>
    given([...subscriptionPaid(), cancellationScheduled({ stripeEventId: null })])
      .when(scheduleCancellation())
      .thenNothingHappened());

  it('appends nothing for a Stripe event it has already acted on', () =>
    given([...subscriptionPaid(), cancellationScheduled()])
      .when(scheduleCancellation({ cancelAt: nextPeriodEnd }))
      .thenNothingHappened());

  it('refuses without any subscription', () => given([]).when(scheduleCancellation()).thenThrows(ValidationError, NO_ACTIVE_SUBSCRIPTION_MESSAGE));

  it('refuses an unpaid subscription', () =>
    given([subscriptionStarted()]).when(scheduleCancellation()).thenThrows(ValidationError, NO_ACTIVE_SUBSCRIPTION_MESSAGE));

  it('refuses unlimited coupon access: there is nothing at Stripe to cancel', () =>
    given([unlimitedCouponRedeemed()]).when(scheduleCancellation()).thenThrows(ValidationError, NO_ACTIVE_SUBSCRIPTION_MESSAGE));

  it('refuses another subscription than the active one', () =>
    given(subscriptionPaid())
      .when(scheduleCancellation({ subscriptionId: 'sub_old' }))
      .thenThrows(ValidationError, NO_ACTIVE_SUBSCRIPTION_MESSAGE));

  it('refuses after the subscription ended', () =>
    given([...subscriptionPaid(), subscriptionEnded()])
      .when(scheduleCancellation({ stripeEventId: 'evt_updated_2' }))
      .thenThrows(ValidationError));
});

describe('EndSubscription', () => {
  it('ends an active subscription', () => given(subscriptionPaid()).when(endSubscription()).then([subscriptionEnded()]));

  it('ends a subscription whose cancellation was scheduled', () =>
    given([...subscriptionPaid(), cancellationScheduled()])
      .when(endSubscription())
      .then([subscriptionEnded()]));

  it('ends an unpaid attempt that Stripe let expire', () =>
    given([subscriptionStarted()])
      .when(endSubscription())
      .then([subscriptionEnded({ previousStatus: 'incomplete' })]));

  it('leaves unlimited coupon access in place when a paid subscription ends', () =>
    given([...subscriptionPaid(), unlimitedCouponRedeemed('active', 1000)])
      .when(endSubscription())
      .then([subscriptionEnded({ status: 'free_unlimited' })]));

  it('ignores the end of an older attempt: it must not end the paid one', () =>
    given([subscriptionStarted({ subscriptionId: 'sub_old' }), subscriptionStarted(), ...subscriptionPaid()])
      .when(endSubscription({ subscriptionId: 'sub_old', stripeEventId: 'evt_deleted_old' }))
      .thenNothingHappened());

  it('appends nothing when there is no subscription', () => given([]).when(endSubscription()).thenNothingHappened());

  it('appends nothing for a Stripe event it has already acted on', () =>
    given([...subscriptionPaid(), subscriptionEnded()])
      .when(endSubscription())
      .thenNothingHappened());
});

describe('RecordSignIn', () => {
  it('records the profile from the identity provider', () =>
    given([])
      .when(recordSignIn({ profileImageUrl: 'https://lh3.googleusercontent.com/a/ann' }))
      .then([signedIn({ profileImageUrl: 'https://lh3.googleusercontent.com/a/ann' })]));

  it('records every sign-in, the same profile or not', () => given([signedIn()]).when(recordSignIn()).then([signedIn()]));

  it('trims the name and email', () =>
    given([])
      .when(recordSignIn({ email: ' ann@example.com ', displayName: '  Ann  ' }))
      .then([signedIn()]));

  it("names a user without a display name after their email's name", () =>
    given([])
      .when(recordSignIn({ displayName: ' ' }))
      .then([signedIn({ displayName: 'ann' })]));

  it('refuses an email without @', () =>
    given([])
      .when(recordSignIn({ email: 'ann' }))
      .thenThrows(ValidationError, INVALID_EMAIL_MESSAGE));

  it("refuses a visitor's account: a profile belongs to a user", () => given([]).when(recordSignIn({}, 'visitor-bob')).thenThrows(ValidationError));
});
