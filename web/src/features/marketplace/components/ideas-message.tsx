import type { ReactNode } from 'react';

/** The list's empty and error states: a heading under the page's title, a sentence and what to do. */
export const IdeasMessage = ({
  title,
  icon,
  children,
  action,
  alert = false,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  action: ReactNode;
  alert?: boolean;
}) => (
  <section
    role={alert ? 'alert' : undefined}
    aria-labelledby="ideas-message-title"
    className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900"
  >
    <div className="mb-4 text-indigo-600 dark:text-indigo-400">{icon}</div>
    <h2 id="ideas-message-title" className="text-xl font-semibold">
      {title}
    </h2>
    <div className="mt-2 text-slate-600 dark:text-slate-300">{children}</div>
    <div className="mt-6">{action}</div>
  </section>
);
