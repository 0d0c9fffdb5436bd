import { X } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { cn } from '../lib/cn.ts';
import { focusWasLost } from '../lib/focus.ts';
import { focusRing } from './ui/button.tsx';

/**
 * A parameter list's values as removable chips (the guided stages' lists and the builder's categories). Each
 * remove button is a 32 px target: a phone's thumb must not hit the chip beside it. When a removed chip leaves
 * the list (once the server took the removal), the keyboard's focus moves to the next chip, else to `input`,
 * instead of falling to the page's start. When values an Undo brings back (`returning`) are in the list again,
 * the first of them takes the focus the closed toast left.
 */
export const ChipList = ({
  label,
  values,
  empty,
  onRemove,
  input,
  returning = null,
}: {
  label: string;
  values: readonly string[];
  /** What an empty list says ('Nothing here yet', 'No values set'). */
  empty: string;
  onRemove: (value: string) => void;
  /** The list's own field, focused when no chip is left after the removed one. */
  input: RefObject<HTMLInputElement | null>;
  /** What an Undo is putting back, set when Undo is chosen; a new array for each Undo. */
  returning?: readonly string[] | null;
}) => {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ removed: string; next: string | null } | null>(null);
  useEffect(() => {
    const focus = pending.current;
    if (!focus || values.includes(focus.removed)) return;
    pending.current = null;
    if (!focusWasLost()) return;
    const next = focus.next === null ? undefined : buttons.current.get(focus.next);
    (next ?? input.current)?.focus();
  }, [values, input]);
  const returned = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (returning === null || returned.current === returning) return;
    const back = returning.find((value) => values.includes(value));
    if (back === undefined) return;
    returned.current = returning;
    if (focusWasLost()) buttons.current.get(back)?.focus();
  }, [values, returning]);
  const remove = (value: string, index: number) => {
    pending.current = { removed: value, next: values[index + 1] ?? null };
    onRemove(value);
  };
  return (
    <ul aria-label={label} className="mt-3 flex min-h-9 flex-wrap content-start gap-2">
      {values.length === 0 && <li className="self-center text-sm text-slate-600 italic dark:text-slate-400">{empty}</li>}
      {values.map((value, index) => (
        <li
          key={value}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-100 py-0.5 pr-0.5 pl-3 text-sm text-indigo-900 dark:bg-indigo-500/20 dark:text-indigo-100"
        >
          <span className="min-w-0 break-words">{value}</span>
          <button
            type="button"
            ref={(button) => {
              if (button) buttons.current.set(value, button);
              else buttons.current.delete(value);
            }}
            onClick={() => remove(value, index)}
            aria-label={`Remove ${value}`}
            className={cn(
              'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-indigo-800 hover:bg-indigo-200 dark:text-indigo-200 dark:hover:bg-indigo-500/30',
              focusRing,
            )}
          >
            <X className="size-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
};
