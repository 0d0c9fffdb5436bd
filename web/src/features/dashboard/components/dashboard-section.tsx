import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

export const DashboardSection = ({ title, children, defaultOpen = false }: { title: string; children: ReactNode; defaultOpen?: boolean }) => {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <Collapsible.Trigger
        className={cn('flex w-full items-center justify-between rounded-2xl px-4 py-3 text-left font-semibold sm:px-5', focusRing)}
      >
        {title}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content className="space-y-2 px-4 pb-4 text-sm text-slate-700 sm:px-5 dark:text-slate-300">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
};

export const Fact = ({ label, value }: { label: string; value: string | undefined | null }) => (
  <p>
    <span className="font-medium text-slate-900 dark:text-slate-100">{label}:</span>{' '}
    {value ? value : <span className="text-slate-600 italic dark:text-slate-400">not set yet</span>}
  </p>
);
