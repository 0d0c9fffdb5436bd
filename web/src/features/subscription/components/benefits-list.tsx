import { Check } from 'lucide-react';
import { BENEFITS, POINTS_PER_MONTH } from '../texts.ts';

/** Spec 02 §1's claimed benefits. */
export const BenefitsList = () => (
  <section aria-labelledby="benefits-title">
    <h3 id="benefits-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
      What you get
    </h3>
    <ul className="mt-2 grid gap-2 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-200">
      {[...BENEFITS, `${POINTS_PER_MONTH} AI points every month`].map((benefit) => (
        <li key={benefit} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          {benefit}
        </li>
      ))}
    </ul>
  </section>
);
