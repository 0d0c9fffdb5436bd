import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, List, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TriggerLook } from '../../../components/ui/stand-in-trigger.tsx';
import { useHandover } from '../../../components/ui/use-handover.ts';
import { cn } from '../../../lib/cn.ts';
import type { Handover } from '../../../lib/load-on-intent.ts';
import { useMyProjects } from '../../../lib/projects/list-projects.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useRememberedProjectId } from '../hooks/use-current-project.ts';
import { useOpenProject } from '../hooks/use-open-project.ts';
import { NewIdeaDialog } from './new-idea-dialog.tsx';

const itemClasses =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800';

/** The project switcher's menu, behind ProjectSwitcher's trigger: New Idea opens its dialog. */
export const ProjectSwitcherMenu = ({ trigger, handover }: { trigger: TriggerLook; handover: Handover }) => {
  const projects = useMyProjects();
  const currentId = useRememberedProjectId();
  const open = useOpenProject();
  const { defaultOpen, triggerRef, onMenuFocus } = useHandover(handover);

  return (
    <NewIdeaDialog
      trigger={(startNewIdea) => (
        <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
          <DropdownMenu.Trigger ref={triggerRef} {...trigger} />
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={8}
              onFocus={onMenuFocus}
              className="z-50 max-h-[70dvh] w-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
            >
              <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold tracking-wider text-slate-600 uppercase dark:text-slate-300">
                My projects
              </DropdownMenu.Label>
              {projects.isPending && <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">Loading...</p>}
              {projects.isError && <p className="px-3 py-2 text-sm text-red-700 dark:text-red-300">Failed to load your projects</p>}
              {projects.data?.projects.map((project) => (
                <DropdownMenu.Item key={project.id} className={itemClasses} onSelect={() => open(project)}>
                  <Check
                    className={cn('size-4 shrink-0', project.id === currentId ? 'text-indigo-600 dark:text-indigo-400' : 'invisible')}
                    aria-hidden
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{project.name}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {project.kind === 'builder' ? 'Nine-step builder · ' : ''}
                      {project.percentComplete}% complete · changed {relativeTime(project.updatedAt)}
                    </span>
                  </span>
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <DropdownMenu.Item className={itemClasses} onSelect={startNewIdea}>
                <Plus className="size-4" aria-hidden />
                New Idea
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClasses}>
                <Link to="/dashboard#my-projects">
                  <List className="size-4" aria-hidden />
                  Manage projects
                </Link>
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    />
  );
};
