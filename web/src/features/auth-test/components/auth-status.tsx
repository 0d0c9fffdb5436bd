import { CheckCircle2, LogIn, LogOut, XCircle } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { AuthUser } from '../../../lib/account/get-auth-user.ts';
import { cn } from '../../../lib/cn.ts';
import { LogoutForm } from '../../../components/logout-form.tsx';

const RETURN_TO = '/auth-test';

/**
 * Spec 02 §2.4: the indicator and the way in or out. Both are full-page navigations to the server's sign-in
 * routes (§2.1); signing out changes state, so it is a form POST, never a link (README 'Sign-in').
 */
export const AuthStatus = ({ user }: { user: AuthUser }) => {
  const id = useId();
  const signedIn = user.isAuthenticated;
  const Icon = signedIn ? CheckCircle2 : XCircle;
  return (
    <Card aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Status
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
            signedIn
              ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-100'
              : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          <Icon className="size-4" aria-hidden />
          {signedIn ? 'Authenticated' : 'Not Authenticated'}
        </p>
        {signedIn ? (
          <LogoutForm returnTo={RETURN_TO}>
            <Button type="submit" variant="secondary">
              <LogOut className="size-4" aria-hidden /> Log Out
            </Button>
          </LogoutForm>
        ) : (
          <a href={`/auth/google?returnTo=${encodeURIComponent(RETURN_TO)}`} className={buttonClasses()}>
            <LogIn className="size-4" aria-hidden /> Sign in with Google
          </a>
        )}
      </div>
      {signedIn && (
        <p className="text-sm break-all text-slate-600 dark:text-slate-300">
          Signed in as {user.displayName ?? user.email}
          {user.displayName && user.email ? ` (${user.email})` : ''}
        </p>
      )}
    </Card>
  );
};

/** The user object of GET /api/auth/user, as the server sent it. */
export const UserData = ({ user }: { user: AuthUser }) => {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        User Data
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The answer of <code className="font-mono">GET /api/auth/user</code>.
      </p>
      <pre
        tabIndex={0}
        aria-label="User object"
        className="mt-3 max-h-[28rem] overflow-auto rounded-xl whitespace-pre-wrap [overflow-wrap:anywhere] bg-slate-100 p-4 font-mono text-xs leading-relaxed text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:bg-slate-950 dark:text-slate-100"
      >
        {JSON.stringify(user, null, 2)}
      </pre>
    </Card>
  );
};
