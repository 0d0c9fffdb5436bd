import { ChevronDown } from 'lucide-react';
import { focusRing } from '../../components/ui/button.tsx';
import { StandInTrigger, type TriggerLook } from '../../components/ui/stand-in-trigger.tsx';
import type { AuthUser } from '../../lib/account/get-auth-user.ts';
import { cn } from '../../lib/cn.ts';
import { codeOnDemand, useMenuOnIntent } from '../../lib/load-on-intent.ts';

// The menu (Radix and its positioning) is fetched on intent: most first visits never open it.
const popup = codeOnDemand(() => import('./user-menu-popup.tsx').then((module) => module.UserMenuPopup));

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * Spec 02 §2.2: the signed-in user's menu: name, email, the subscription badge (a green dot when active),
 * Dashboard, Manage Subscription and Log out (see user-menu-popup.tsx).
 */
export const UserMenu = ({ user, compact = false }: { user: AuthUser; compact?: boolean }) => {
  const menu = useMenuOnIntent(popup);
  const name = user.displayName ?? user.username ?? user.email ?? 'Account';
  // Spec 02 §2.2's 'Active Subscription' is a paid subscription, as the server decides it: an unlimited coupon
  // is none (the plan label says what it is).
  const active = user.plan.subscribed;
  const trigger: TriggerLook = {
    className: cn(
      'flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
      focusRing,
    ),
    'aria-label': `Account menu for ${name}`,
    children: (
      <>
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
      </>
    ),
  };
  const Popup = menu.loaded;
  if (!Popup) return <StandInTrigger haspopup="menu" {...trigger} {...menu.standInHandlers} />;
  return <Popup user={user} name={name} active={active} trigger={trigger} handover={menu.handover} />;
};
