import { Coins, LogIn, Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses, focusRing } from '../../components/ui/button.tsx';
import { useAuthUser, type AuthUser } from '../../lib/account/get-auth-user.ts';
import { cn } from '../../lib/cn.ts';
import { UserMenu } from './user-menu.tsx';
import { signInHref } from '../../lib/account/sign-in-href.ts';

const pill = 'inline-flex h-8 min-w-0 items-center gap-1.5 rounded-full px-3 text-xs font-medium whitespace-nowrap';

const freePlaysLeft = (count: number) => (count === 1 ? '1 free play left' : `${count} free plays left`);

/**
 * The account's plan as the server labels it, and on the Free plan the free plays still left: the counter a
 * visitor watches before the paywall. It leads to Billing, where the same label stands.
 */
export const PlanPill = ({ user, className }: { user: AuthUser; className?: string }) => (
  <Link
    to="/billing"
    data-plan={user.plan.kind}
    className={cn(
      pill,
      focusRing,
      user.plan.unlimited
        ? 'bg-emerald-100 text-emerald-900 hover:bg-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900'
        : 'bg-amber-100 text-amber-900 hover:bg-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900',
      className,
    )}
  >
    {user.plan.unlimited ? <Sparkles className="size-3.5 shrink-0" aria-hidden /> : <Coins className="size-3.5 shrink-0" aria-hidden />}
    <span className="truncate">
      {user.plan.label}
      {user.plan.kind === 'free' && ` · ${freePlaysLeft(user.remainingFreeUses)}`}
    </span>
  </Link>
);

/**
 * Spec 02 §2.2, the account side of the header: the plan and the user menu when signed in; the plan, Subscribe
 * and Sign In when not. Subscribe is left out once the plan is unlimited: there is nothing more to buy. `compact`
 * is the phone's first row, whose second row carries the plan (see AppShell).
 */
export const AccountStatus = ({ compact = false }: { compact?: boolean }) => {
  const { pathname, search } = useLocation();
  const user = useAuthUser();
  if (!user.data) return <div className="h-10 w-24" aria-hidden />;
  const account = user.data;

  if (account.isAuthenticated) {
    return (
      <div className="flex items-center gap-2">
        {!compact && <PlanPill user={account} className="max-lg:hidden" />}
        <UserMenu user={account} compact={compact} />
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      {!compact && <PlanPill user={account} className="max-lg:hidden" />}
      {!compact && !account.plan.unlimited && (
        <Link to="/subscription" className={cn(buttonClasses({ variant: 'secondary', size: 'sm' }), 'max-lg:hidden')}>
          <Sparkles className="size-3.5" aria-hidden />
          Subscribe
        </Link>
      )}
      <a href={signInHref(`${pathname}${search}`)} className={buttonClasses({ size: 'sm' })}>
        <LogIn className="size-3.5" aria-hidden />
        Sign In
      </a>
    </div>
  );
};

/** The phone bar's plan (its second row): the same pill as the desktop header's, read whole; the switcher gives way. */
export const MobilePlan = () => {
  const user = useAuthUser();
  return user.data ? <PlanPill user={user.data} className="max-w-[75vw] shrink-0" /> : null;
};
