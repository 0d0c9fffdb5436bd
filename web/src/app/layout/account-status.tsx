import { Coins, LogIn, Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useAuthUser } from '../../lib/account/get-auth-user.ts';
import { cn } from '../../lib/cn.ts';
import { UserMenu } from './user-menu.tsx';
import { signInHref } from '../../lib/account/sign-in-href.ts';

const pill = 'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-medium whitespace-nowrap';

/**
 * Spec 02 §2.2, the account side of the header: AI Points and the user menu when signed in; Subscribe and
 * Sign In when not, with the free plays a visitor has left shown before they run out.
 */
export const AccountStatus = ({ compact = false }: { compact?: boolean }) => {
  const { pathname, search } = useLocation();
  const user = useAuthUser();
  if (!user.data) return <div className="h-10 w-24" aria-hidden />;
  const account = user.data;

  if (account.isAuthenticated) {
    return (
      <div className="flex items-center gap-2">
        {!compact && (
          <Link
            to="/billing"
            className={cn(
              pill,
              'bg-amber-100 text-amber-900 hover:bg-amber-200 max-lg:hidden dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900',
            )}
            aria-label={account.unlimitedAccess ? 'AI Points: unlimited' : `AI Points: ${account.aiPoints}`}
          >
            <Coins className="size-3.5" aria-hidden />
            {account.unlimitedAccess ? 'Unlimited' : `${account.aiPoints} AI Points`}
          </Link>
        )}
        <UserMenu user={account} compact={compact} />
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      {!compact && !account.unlimitedAccess && (
        <span className={cn(pill, 'bg-slate-100 text-slate-700 max-lg:hidden dark:bg-slate-800 dark:text-slate-200')}>
          {account.remainingFreeUses === 1 ? '1 free play left' : `${account.remainingFreeUses} free plays left`}
        </span>
      )}
      {!compact && (
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
