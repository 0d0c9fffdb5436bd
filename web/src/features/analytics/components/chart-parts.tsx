import { useId, type ReactNode } from 'react';
import { BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps, type XAxisProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';

/** Series colours that read on white and on slate-900 alike. */
export const SERIES = {
  indigo: '#6366f1',
  amber: '#f59e0b',
  emerald: '#10b981',
  red: '#ef4444',
  sky: '#0ea5e9',
} as const;

/** Axes and grid in the text colour of the card, so dark mode needs nothing of its own. */
const axisProps = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor', strokeOpacity: 0.3 } as const;

/**
 * A bar chart of `data` by its `name`, with the screen's axes, grid, tooltip and legend; `children` are its bars.
 * In a box of fixed height, in the text colour the axes take, hidden from screen readers (FigureText speaks for it).
 */
export const BarChartFrame = ({ data, xAxis = {}, children }: { data: readonly object[]; xAxis?: XAxisProps; children: ReactNode }) => (
  <div aria-hidden="true" className="h-64 w-full text-slate-600 dark:text-slate-300">
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />
        <XAxis dataKey="name" {...axisProps} minTickGap={16} {...xAxis} />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip content={ChartTooltip} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        {children}
      </BarChart>
    </ResponsiveContainer>
  </div>
);

/** A labelled select beside its label, as the range and the provider filter are. */
export const LabeledSelect = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) => {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
};

/** The tooltip in the app's colours (recharts' own is white in dark mode too). */
export const ChartTooltip = ({ active, payload, label }: Partial<TooltipContentProps<ValueType, NameType>>) => {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
      <p className="mb-1 font-medium">{label}</p>
      {payload.map((item) => (
        <p key={String(item.dataKey)} className="flex items-center gap-2">
          <span className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.name}: <span className="tabular-nums">{item.value}</span>
        </p>
      ))}
    </div>
  );
};
