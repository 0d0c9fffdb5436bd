import { Lock } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

/** `/auth/google?returnTo=/subscription`: the path encoded, its slashes kept readable (the server decodes either). */
export const signInHref = (returnTo: string) => `/auth/google?returnTo=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;

/** Spec 02 §2.3: what a signed-out visitor sees; signing in comes back to this page. */
export const AuthRequired = ({ returnTo }: { returnTo: string }) => (
  <Card className="mx-auto max-w-md space-y-5 text-center sm:p-8" aria-labelledby="auth-required-title">
    <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
      <Lock className="size-6" aria-hidden />
    </div>
    <div>
      <h1 id="auth-required-title" className="text-2xl font-bold tracking-tight">
        Authentication Required
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Please sign in to manage your subscription</p>
    </div>
    <a
      href={signInHref(returnTo)}
      className="inline-flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:focus-visible:ring-offset-slate-950"
    >
      <GoogleMark />
      Sign in with Google
    </a>
    <p className="text-xs text-slate-600 dark:text-slate-400">Your subscription will be linked to your Google account</p>
  </Card>
);

/** Google's "G", drawn here: no image from another site. */
export const GoogleMark = () => (
  <svg viewBox="0 0 48 48" className="size-5" aria-hidden focusable="false">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
    <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
    <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
  </svg>
);
