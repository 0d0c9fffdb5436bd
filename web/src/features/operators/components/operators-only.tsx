import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuthUser } from '../../../lib/account/get-auth-user.ts';
import { signInHref } from '../../../lib/account/sign-in-href.ts';

/**
 * The operators' screens (Operations, Analytics) for operators only. The server decides who is one
 * (OPERATOR_EMAILS, or the OPS_TOKEN rules) and refuses their endpoints to anyone else; this only spares everyone
 * else a screen of refusals, and tells them why.
 */
export const OperatorsOnly = ({ title, children }: { title: string; children: ReactNode }) => {
  const user = useAuthUser();
  const { pathname, search } = useLocation();
  if (user.isPending) return <PageLoading />;
  if (user.data?.isOperator) return children;
  const signedIn = user.data?.isAuthenticated ?? false;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <ShieldAlert className="size-10 text-amber-600 dark:text-amber-400" aria-hidden />
        <h1 className="text-xl font-bold">{title} is for operators</h1>
        <p className="text-slate-600 dark:text-slate-300">
          {signedIn
            ? 'Your account is not an operator. Operators are the accounts listed in OPERATOR_EMAILS on the server.'
            : 'Sign in with an operator’s account (listed in OPERATOR_EMAILS on the server) to see it.'}
        </p>
        {!signedIn && (
          <a href={signInHref(`${pathname}${search}`)} className={buttonClasses()}>
            Sign In
          </a>
        )}
      </Card>
    </div>
  );
};
