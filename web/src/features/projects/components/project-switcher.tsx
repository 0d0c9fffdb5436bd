import { ChevronDown, FolderOpen } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { StandInTrigger, type TriggerLook } from '../../../components/ui/stand-in-trigger.tsx';
import { cn } from '../../../lib/cn.ts';
import { codeOnDemand, useMenuOnIntent } from '../../../lib/load-on-intent.ts';
import { useMyProjects } from '../../../lib/projects/list-projects.ts';
import { useRememberedProjectId } from '../hooks/use-current-project.ts';

// The menu and its New Idea dialog (Radix and its positioning) are fetched on intent: the first page shows only the trigger.
const menuCode = codeOnDemand(() => import('./project-switcher-menu.tsx').then((module) => module.ProjectSwitcherMenu));

/** The header's project switcher: every project one click away, the current one ticked, New Idea at the end. */
export const ProjectSwitcher = () => {
  const projects = useMyProjects();
  const currentId = useRememberedProjectId();
  const menu = useMenuOnIntent(menuCode);
  const current = projects.data?.projects.find((project) => project.id === currentId);
  const trigger: TriggerLook = {
    className: cn(
      'flex h-9 min-w-0 max-w-40 items-center lg:max-w-64 gap-2 rounded-lg border border-slate-200 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
      focusRing,
    ),
    'aria-label': current ? `My projects (current: ${current.name})` : 'My projects',
    children: (
      <>
        <FolderOpen className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <span className="truncate">{current?.name ?? 'My projects'}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
      </>
    ),
  };
  const Menu = menu.loaded;
  if (!Menu) return <StandInTrigger haspopup="menu" {...trigger} {...menu.standInHandlers} />;
  return <Menu trigger={trigger} handover={menu.handover} />;
};
