import { useLocation } from 'react-router-dom';
import { GoogleMark, signInHref } from './auth-required.tsx';

/**
 * Spec 02 §2.3 and §6: a visitor may subscribe by email, and signing in first is recommended, so that the
 * subscription belongs to the Google account rather than to this browser. Signing in comes back here.
 */
export const SignInRecommended = () => {
  const { pathname } = useLocation();
  return (
    <section
      aria-labelledby="sign-in-recommended-title"
      className="space-y-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <div>
        <h3 id="sign-in-recommended-title" className="font-semibold">
          Sign In Recommended
        </h3>
        <p className="mt-1">
          Sign in to link your subscription to your Google account. You can also subscribe with just your email: signing in later keeps it.
        </p>
      </div>
      <a
        href={signInHref(pathname)}
        className="inline-flex h-10 items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:focus-visible:ring-offset-slate-950"
      >
        <GoogleMark />
        Sign in with Google
      </a>
    </section>
  );
};
