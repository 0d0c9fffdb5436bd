import * as Progress from '@radix-ui/react-progress';
import { Coins, Crown, LogIn, Sparkles, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { AuthUser } from '../../../lib/account/get-auth-user.ts';
import { usePoints } from '../../../lib/account/get-points.ts';
import { cn } from '../../../lib/cn.ts';
import { BILLING_POINTS_MAX, NEED_MORE_POINTS_TEXT } from '../constants.ts';
import { CouponForm } from './coupon-form.tsx';

const SIGN_IN_URL = '/auth/google?returnTo=/billing';

/**
 * Spec 02 §2.8: the account status card. The subscription line is the server's plan label ('Free', 'Free with N
 * points', 'Unlimited by coupon', 'Premium', 'Premium until DATE'), the same on every screen; points out of
 * 300 with the bar capped at 100% (§9); the coupon form; 'Need more AI points?' when not subscribed (a paid
 * subscription or an unlimited coupon) and under 3 points. Visitors see their own balance and a way to sign in.
 */
export const AccountStatusCard = ({ user }: { user: AuthUser }) => {
  const id = useId();
  const signedIn = user.isAuthenticated;
  // Spec 02 §4: the points query runs for signed-in users only; a visitor's points come with the user.
  const pointsQuery = usePoints(signedIn);
  const points = (signedIn ? pointsQuery.data?.points : undefined) ?? user.aiPoints ?? 0;
  const shown = Math.min(Math.max(points, 0), BILLING_POINTS_MAX);
  const { plan } = user;
  const premium = plan.subscribed;
  const needMore = user.needsMorePoints;

  return (
    <Card aria-labelledby={`${id}-title`} className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Account Status
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-sm break-all text-slate-600 dark:text-slate-300">
            <UserRound className="size-4 shrink-0" aria-hidden />
            {signedIn ? `Signed in as ${user.displayName ?? user.email ?? 'you'}` : "You're browsing as a visitor."}
            {signedIn && user.displayName && user.email ? ` (${user.email})` : null}
          </p>
        </div>
        {!signedIn && (
          // A full-page navigation: the sign-in routes are the server's, and bring the user back here.
          <a href={SIGN_IN_URL} className={buttonClasses()}>
            <LogIn className="size-4" aria-hidden /> Sign In
          </a>
        )}
      </div>

      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">Subscription</dt>
          <dd className="mt-1">
            <span
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold',
                premium
                  ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-100'
                  : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {premium ? <Crown className="size-4" aria-hidden /> : plan.unlimited ? <Sparkles className="size-4" aria-hidden /> : null}
              {plan.label}
            </span>
            {plan.kind === 'premium' && plan.periodEndsOn && (
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">Renews on {plan.periodEndsOn}</span>
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">Free plays left</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{user.remainingFreeUses}</dd>
        </div>
      </dl>

      <div>
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${id}-points`} className="flex items-center gap-2 text-sm font-semibold">
            <Coins className="size-4 text-amber-600 dark:text-amber-400" aria-hidden /> AI Points
          </h3>
          <p className="text-sm tabular-nums">
            <span className="text-lg font-bold">{points}</span>
            <span className="text-slate-600 dark:text-slate-300"> / {BILLING_POINTS_MAX}</span>
          </p>
        </div>
        <Progress.Root
          value={shown}
          max={BILLING_POINTS_MAX}
          aria-labelledby={`${id}-points`}
          getValueLabel={() => `${points} of ${BILLING_POINTS_MAX} points`}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <Progress.Indicator
            className="h-full bg-indigo-600 transition-transform dark:bg-indigo-400"
            style={{ transform: `translateX(-${100 - (shown / BILLING_POINTS_MAX) * 100}%)` }}
          />
        </Progress.Root>
        {signedIn && pointsQuery.isError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            Failed to fetch points
          </p>
        )}
      </div>

      {needMore && (
        <div
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-semibold">{NEED_MORE_POINTS_TEXT}</p>
          <p className="mt-1">
            <Link
              to="/subscription"
              className="rounded font-semibold underline underline-offset-2 hover:no-underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              Subscribe
            </Link>{' '}
            for unlimited AI help, or redeem a coupon code below.
          </p>
        </div>
      )}

      <CouponForm />
    </Card>
  );
};
