import * as DialogPrimitive from '@radix-ui/react-dialog';
import { MessageSquarePlus, X } from 'lucide-react';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { overlayClasses } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The sidebar as a drawer on mobile (spec 01 §2); the shell decides how it opens and closes (see useDrawer). */
export const MobileDrawer = ({
  open,
  onClose,
  onNavigate,
  onFeedback,
  currentStage,
}: {
  open: boolean;
  onClose: () => void;
  onNavigate: (to: string) => void;
  onFeedback: () => void;
  currentStage: number;
}) => (
  <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn(overlayClasses, 'md:hidden')} data-testid="drawer-overlay" />
      <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-2xl md:hidden dark:bg-slate-900">
        <DialogPrimitive.Title className="sr-only">Sidebar</DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">Pages of Viral Idea Studio</DialogPrimitive.Description>
        <div className="mb-6 flex items-center justify-between">
          <Brand showName />
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close sidebar">
              <X className="size-5" aria-hidden />
            </Button>
          </DialogPrimitive.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav expanded currentStage={currentStage} onNavigate={onNavigate} />
        </div>
        <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">
          <button
            type="button"
            onClick={onFeedback}
            className={cn(
              'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              focusRing,
            )}
          >
            <MessageSquarePlus className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
            Send feedback
          </button>
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  </DialogPrimitive.Root>
);
