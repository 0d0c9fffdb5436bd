import { NavLink } from 'react-router-dom';
import { focusRing } from '../../components/ui/button.tsx';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher.tsx';
import { cn } from '../../lib/cn.ts';
import { AccountStatus } from './account-status.tsx';

/**
 * Spec 02 §2.2: the header's links, beside the sidebar (which carries the brand and the guided stages). The
 * authentication test page is a developer's place: below 1024 px the header has no room for it, and the sidebar
 * and the drawer link to it.
 */
export const HEADER_LINKS: { to: string; label: string; wideOnly?: boolean }[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/subscription', label: 'Subscription' },
  { to: '/auth-test', label: 'Auth Test', wideOnly: true },
];

/** The desktop header: the product's places on the left, the account on the right. Mobile has its own bar. */
export const TopBar = ({ className }: { className?: string }) => (
  <header
    className={cn(
      'sticky top-0 z-20 hidden h-14 items-center gap-4 border-b border-slate-200 bg-white/95 pr-6 backdrop-blur transition-[padding] duration-[450ms] ease-in-out motion-reduce:transition-none md:flex dark:border-slate-800 dark:bg-slate-900/95',
      className,
    )}
  >
    <ProjectSwitcher />
    <nav aria-label="Header" className="flex items-center gap-1">
      {HEADER_LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn(
              'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              link.wideOnly && 'hidden lg:block',
              focusRing,
              isActive
                ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-100'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
    <div className="flex-1" />
    <AccountStatus />
  </header>
);
