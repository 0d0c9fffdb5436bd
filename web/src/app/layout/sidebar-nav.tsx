import { memo, type ComponentProps } from 'react';
import { NavLink, useMatch } from 'react-router-dom';
import { cn } from '../../lib/cn.ts';
import { focusRing } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { NAV_ITEMS } from './nav-items.ts';

/**
 * A sidebar link, its classes worked out here: as a tooltip's trigger it is cloned by Radix's Slot, which joins
 * class names as strings and so cannot carry NavLink's class function (the class attribute held its source).
 */
const SidebarLink = ({ to, expanded, ...props }: Omit<ComponentProps<typeof NavLink>, 'className' | 'end'> & { to: string; expanded: boolean }) => {
  const isActive = useMatch({ path: to, end: true }) !== null;
  return (
    <NavLink
      to={to}
      end
      {...props}
      className={cn(
        'group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
        expanded ? 'px-3' : 'justify-center px-0',
        isActive
          ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        focusRing,
      )}
    />
  );
};

/**
 * The sidebar's links. A stage's number badge lights up once the project's current stage has reached it
 * (spec 01 §2); collapsed, only icons and badges show and the label is the link's accessible name. Its props
 * are plain values, so the shell rendering again (a query it reads moved) leaves the eleven links alone; each link
 * follows the location itself.
 */
export const SidebarNav = memo(function SidebarNav({
  expanded,
  currentStage,
  onNavigate,
}: {
  expanded: boolean;
  currentStage: number;
  onNavigate?: (to: string) => void;
}) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {NAV_ITEMS.map((item) => {
        const Icon = item.icon;
        const reached = item.stage !== undefined && currentStage >= item.stage;
        return (
          <Tooltip key={item.to} content={item.label} disabled={expanded}>
            <SidebarLink
              to={item.to}
              expanded={expanded}
              aria-label={expanded ? undefined : item.label}
              onClick={
                onNavigate
                  ? (event) => {
                      event.preventDefault();
                      onNavigate(item.to);
                    }
                  : undefined
              }
            >
              {item.stage !== undefined ? (
                <span
                  data-reached={reached}
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                    reached ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
                  )}
                >
                  {item.stage}
                </span>
              ) : (
                Icon && <Icon className="size-5 shrink-0" aria-hidden />
              )}
              {expanded && <span className="truncate">{item.label}</span>}
            </SidebarLink>
          </Tooltip>
        );
      })}
    </nav>
  );
});
