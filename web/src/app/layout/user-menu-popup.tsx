import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Activity, BarChart3, CreditCard, LayoutDashboard, LogOut, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import type { TriggerLook } from '../../components/ui/stand-in-trigger.tsx';
import { useHandover } from '../../components/ui/use-handover.ts';
import { LogoutForm } from '../../components/logout-form.tsx';
import type { AuthUser } from '../../lib/account/get-auth-user.ts';
import { cn } from '../../lib/cn.ts';
import type { Handover } from '../../lib/load-on-intent.ts';

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

/**
 * The account menu behind UserMenu's trigger. Log out is a form POST: signing out changes state, so a link (a GET
 * any page could send) only asks for confirmation.
 */
export const UserMenuPopup = ({
  user,
  name,
  active,
  trigger,
  handover,
}: {
  user: AuthUser;
  name: string;
  active: boolean;
  trigger: TriggerLook;
  handover: Handover;
}) => {
  const location = useLocation();
  const { defaultOpen, triggerRef, onMenuFocus } = useHandover(handover);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onFocus={onMenuFocus}
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
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
              Plan: <span className="font-semibold">{user.plan.label}</span>
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
