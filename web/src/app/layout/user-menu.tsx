import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Activity, BarChart3, ChevronDown, CreditCard, LayoutDashboard, LogOut, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { focusRing } from '../../components/ui/button.tsx';
import { LogoutForm } from '../../components/logout-form.tsx';
import type { AuthUser } from '../../lib/account/get-auth-user.ts';
import { cn } from '../../lib/cn.ts';

const itemClasses =
  'flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800';

type MenuLink = { to: string; label: string; icon: LucideIcon };
const ACCOUNT_LINKS: readonly MenuLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/subscription', label: 'Manage Subscription', icon: CreditCard },
];
/** Only for operators (OPERATOR_EMAILS): the server says who is one, in `isOperator`. */
const OPERATOR_LINKS: readonly MenuLink[] = [
  { to: '/operations', label: 'Operations', icon: Activity },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
];

const MenuLinks = ({ links }: { links: readonly MenuLink[] }) =>
  links.map(({ to, label, icon: Icon }) => (
    <DropdownMenu.Item key={to} asChild className={itemClasses}>
      <Link to={to}>
        <Icon className="size-4" aria-hidden />
        {label}
      </Link>
    </DropdownMenu.Item>
  ));

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * Spec 02 §2.2: the signed-in user's menu: name, email, the subscription badge (a green dot when active),
 * Dashboard, Manage Subscription and Log out. Log out is a form POST: signing out changes state, so a link
 * (a GET any page could send) only asks for confirmation.
 */
export const UserMenu = ({ user, compact = false }: { user: AuthUser; compact?: boolean }) => {
  const location = useLocation();
  const name = user.displayName ?? user.username ?? user.email ?? 'Account';
  // A paid subscription or an unlimited coupon, as the server decides it.
  const active = user.unlimitedAccess;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
          focusRing,
        )}
        aria-label={`Account menu for ${name}`}
      >
        <span className="relative flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white">
          {initialsOf(name) || '?'}
          {active && (
            <span
              className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white bg-emerald-500 dark:border-slate-900"
              aria-hidden
            />
          )}
        </span>
        {!compact && <span className="hidden max-w-40 truncate lg:inline">{name}</span>}
        <ChevronDown className="size-4 text-slate-500 dark:text-slate-400" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="px-3 py-2">
            <p className="truncate font-semibold text-slate-900 dark:text-slate-50">{name}</p>
            {user.email && <p className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</p>}
            <p
              className={cn(
                'mt-2 inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
                active
                  ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                  : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
              )}
            >
              {active && <span className="size-2 rounded-full bg-emerald-500" aria-hidden />}
              {active ? 'Active Subscription' : 'Inactive Subscription'}
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <MenuLinks links={ACCOUNT_LINKS} />
          {user.isOperator && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <DropdownMenu.Label className="px-3 py-1 text-xs font-semibold tracking-wider text-slate-600 uppercase dark:text-slate-300">
                Operators
              </DropdownMenu.Label>
              <MenuLinks links={OPERATOR_LINKS} />
            </>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <LogoutForm returnTo={`${location.pathname}${location.search}`}>
            <DropdownMenu.Item asChild className={itemClasses} onSelect={(event) => event.preventDefault()}>
              <button type="submit" className="w-full">
                <LogOut className="size-4" aria-hidden />
                Log out
              </button>
            </DropdownMenu.Item>
          </LogoutForm>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
