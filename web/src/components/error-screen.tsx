import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from './ui/button.tsx';

/** The shared look of the spec's error screens (404, 'Oops! Data Missing', 'Application Error'). */
export const ErrorScreen = ({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) => (
  <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center">
    <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    <div className="mt-3 space-y-2 text-slate-600 dark:text-slate-300">{children}</div>
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {actions ?? (
        <Link to="/" className={buttonClasses()}>
          Return to Home
        </Link>
      )}
    </div>
  </div>
);
