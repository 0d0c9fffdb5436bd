import { CircleHelp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A step's help tooltip (spec 02 §2.7) as an accessible disclosure: a button that opens a small panel below it,
 * closed again by the button, Escape or a click elsewhere.
 */
export const StepHelp = ({ stepName, text }: { stepName: string; text: string }) => {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Help for ${stepName}`}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-indigo-300',
          focusRing,
        )}
      >
        <CircleHelp className="size-5" aria-hidden />
      </button>
      <div
        id={panelId}
        role="note"
        hidden={!open}
        className="absolute top-full right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        {text}
      </div>
    </div>
  );
};
