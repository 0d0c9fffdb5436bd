import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AuthStatus, UserData } from '../../features/auth-test/components/auth-status.tsx';
import { useAuthUser } from '../../lib/account/get-auth-user.ts';
import { errorMessage } from '../../lib/api-client.ts';

/** Spec 02 §2.4 '/auth-test': who the server thinks you are. */
export const AuthTestRoute = () => {
  const user = useAuthUser();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Authentication Test</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Check your sign-in status and the user the server sees.</p>
      </header>
      {user.isPending ? (
        <PageLoading />
      ) : user.isError ? (
        <Card role="alert" className="space-y-3">
          <p className="font-semibold">Failed to load the user.</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{errorMessage(user.error, 'Please try again.')}</p>
          <Button variant="secondary" onClick={() => void user.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <>
          <AuthStatus user={user.data} />
          <UserData user={user.data} />
        </>
      )}
    </div>
  );
};
