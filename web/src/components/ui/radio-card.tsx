import type { ReactNode } from 'react';

/** One choice of a radio group drawn as a card (payment method, Quick Start's target): the whole card is the label. */
export const RadioCard = ({
  name,
  value,
  checked,
  onSelect,
  describedBy,
  disabled,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  describedBy?: string;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 transition-colors hover:bg-slate-50 has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 has-disabled:cursor-not-allowed dark:border-slate-700 dark:hover:bg-slate-800 dark:has-checked:bg-indigo-500/15">
    <input
      type="radio"
      name={name}
      value={value}
      checked={checked}
      onChange={onSelect}
      disabled={disabled}
      aria-describedby={describedBy}
      className="mt-1 size-4 accent-indigo-600"
    />
    <span className="min-w-0 flex-1">{children}</span>
  </label>
);
