import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher.tsx';
import { FeedbackButton, feedbackClearance } from '../../features/feedback/components/feedback-button.tsx';
import { useFeedbackCorner } from '../../features/feedback/corner.ts';
import { useProject, type ProjectResponse } from '../../lib/projects/get-project.ts';
import { useRememberedProjectId } from '../../features/projects/hooks/use-current-project.ts';
import { cn } from '../../lib/cn.ts';
import { useFlushSaves } from '../../lib/save-status.ts';
import { useToast } from '../../lib/toast.tsx';
import { PageToasts } from '../../lib/toast-inline.tsx';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { OfflineAiNotice } from '../../components/offline-ai-notice.tsx';
import { SaveIndicator } from '../../components/save-indicator.tsx';
import { AccountStatus, MobilePlan } from './account-status.tsx';
import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { TopBar } from './top-bar.tsx';

// The drawer (Radix's dialog, its focus trap and scroll lock) is fetched when first wanted, not with the first page.
const loadDrawer = () => import('./mobile-drawer.tsx');
const MobileDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MobileDrawer })));

/**
 * Drawer on mobile (spec 01 §2): opening it pushes a history entry, so the browser's back button closes it;
 * every other way of closing goes back through that entry, and following a link replaces it.
 */
const useDrawer = (isMobile: boolean) => {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onPop = () => setOpen(false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);

  useEffect(() => {
    if (open && !isMobile) window.history.back();
  }, [open, isMobile]);

  return {
    open,
    wasOpened,
    show: useCallback(() => {
      window.history.pushState({ ...window.history.state, drawer: true }, '');
      setOpen(true);
      setWasOpened(true);
    }, []),
    close: useCallback(() => window.history.back(), []),
    follow: useCallback(
      (to: string) => {
        setOpen(false);
        void navigate(to, { replace: true });
      },
      [navigate],
    ),
  };
};

const currentStageOf = (response: ProjectResponse) => response.project.currentStageIndex;

export const AppShell = () => {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // Spec 01 §7: sidebarExpanded is reset to false on load, so the sidebar always starts collapsed.
  const [expanded, setExpanded] = useState(false);
  const drawer = useDrawer(isMobile);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const feedbackCorner = useFeedbackCorner();
  const projectId = useRememberedProjectId();
  // The shell shows only how far the project got: every other change of it (each keystroke saved) leaves the
  // sidebar and top bar alone.
  const currentStage = useProject(projectId, currentStageOf).data ?? 0;
  const flushSaves = useFlushSaves();
  const toast = useToast();

  const save = async () => {
    await flushSaves();
    toast({ title: 'Saved', description: 'Your progress has been saved.', variant: 'success' });
  };

  return (
    <div className="relative min-h-dvh">
      {/* The sidebar is fixed to the viewport; this strip behind it spans the whole document, so the sidebar's
          background never ends mid-page wherever a page is drawn taller than the window (full-page captures, print). */}
      <div
        aria-hidden
        data-sidebar-backdrop
        className={cn(
          'absolute inset-y-0 left-0 hidden border-r border-slate-200 bg-white transition-[width] duration-[450ms] ease-in-out motion-reduce:transition-none md:block dark:border-slate-800 dark:bg-slate-900',
          expanded ? 'w-72' : 'w-16',
        )}
      />
      <a
        href="#main"
        className={cn(
          'sr-only z-[60] rounded-lg bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900',
          focusRing,
        )}
      >
        Skip to content
      </a>

      <aside
        aria-label="Sidebar"
        data-expanded={expanded}
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white/95 py-4 backdrop-blur transition-[width] duration-[450ms] ease-in-out motion-reduce:transition-none md:flex dark:border-slate-800 dark:bg-slate-900/95',
          expanded ? 'w-72 px-4' : 'w-16 items-center px-2',
        )}
      >
        <div className={cn('mb-6 flex items-center', expanded ? 'justify-between' : 'flex-col gap-3')}>
          <Brand showName={expanded} />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setExpanded((value) => !value)}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={expanded}
          >
            {expanded ? <PanelLeftClose className="size-5" aria-hidden /> : <PanelLeftOpen className="size-5" aria-hidden />}
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav expanded={expanded} currentStage={currentStage} />
        </div>
        <div
          className={cn(
            'mt-4 flex items-center border-t border-slate-200 pt-4 dark:border-slate-800',
            expanded ? 'justify-between' : 'flex-col gap-2',
          )}
        >
          <SaveIndicator compact={!expanded} />
          <ThemeToggle />
        </div>
      </aside>

      {/* Phones: the bar's first row acts (menu, save, theme, account); the second carries what the desktop header
          shows beside it, the project switcher and the plan with its free-plays counter, so none of it is lost at
          375 px and nothing overflows. */}
      <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/95">
        <div className="flex h-14 items-center gap-2 px-3">
          <Button
            variant="ghost"
            size="icon"
            onClick={drawer.show}
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            aria-label="Open sidebar"
            aria-expanded={drawer.open}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
          <Brand showName={false} />
          <div className="flex-1" />
          <SaveIndicator compact />
          <ThemeToggle side="bottom" />
          <Button size="sm" onClick={() => void save()}>
            Save
          </Button>
          <AccountStatus compact />
        </div>
        <div
          data-testid="mobile-bar-second-row"
          className="flex h-11 min-w-0 items-center gap-2 border-t border-slate-100 px-3 dark:border-slate-800"
        >
          <ProjectSwitcher />
          <div className="flex-1" />
          <MobilePlan />
        </div>
      </header>

      {drawer.wasOpened && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={drawer.open}
            onClose={drawer.close}
            onNavigate={drawer.follow}
            onFeedback={() => {
              drawer.close();
              setFeedbackOpen(true);
            }}
            currentStage={currentStage}
          />
        </Suspense>
      )}

      {/* The sidebar's width and then the page's own margin. Expanding or collapsing the sidebar moves the layout
          in 0.45 s (spec 02 §9 'Layout animation duration'), at once for people who ask for reduced motion. */}
      <TopBar className={expanded ? 'md:pl-78' : 'md:pl-22'} />

      <main
        id="main"
        className={cn(
          'min-h-dvh pb-24 transition-[padding] duration-[450ms] ease-in-out motion-reduce:transition-none',
          feedbackClearance(feedbackCorner),
          expanded ? 'md:pl-72' : 'md:pl-16',
        )}
      >
        <PageToasts />
        <OfflineAiNotice />
        <Outlet />
      </main>
      {/* A new screen opens at its top (Next at the bottom of a stage would otherwise open the next stage partway
          down); back and forward return to where the visitor was. Controls that only change the query keep it. */}
      <ScrollRestoration />

      <FeedbackButton open={feedbackOpen} onOpenChange={setFeedbackOpen} sidebarExpanded={expanded} />
    </div>
  );
};
