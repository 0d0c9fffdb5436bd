import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading.tsx';
import { useAuthUser } from '../../lib/account/get-auth-user.ts';
import { useToast } from '../../lib/toast.tsx';
import { useSubscriptionStatus } from '../../features/subscription/api/get-subscription-status.ts';
import { ActivePanel } from '../../features/subscription/components/active-panel.tsx';
import { AuthRequired } from '../../features/subscription/components/auth-required.tsx';
import { StatusBanner } from '../../features/subscription/components/status-banner.tsx';
import { SubscribePanel } from '../../features/subscription/components/subscribe-panel.tsx';
import { REDIRECT_AFTER_PAYMENT_MS, STATUS_FETCH_FAILED } from '../../features/subscription/texts.ts';

/**
 * Spec 02 §2.3: `/subscription` (and `/subscribe`, the same screen). A visitor is asked to sign in to manage a
 * subscription and may still subscribe by email (§6), with sign-in recommended; which panel shows is the plan the
 * server sends with the status.
 */
export const SubscriptionRoute = () => {
  const { pathname } = useLocation();
  const auth = useAuthUser();
  const user = auth.data;
  const signedIn = user?.isAuthenticated === true;
  const status = useSubscriptionStatus(user !== undefined);
  const toast = useToast();
  const navigate = useNavigate();

  // Spec 02 §4: the dashboard 1.5 s after a successful payment. Kept here: by then Stripe's webhook may already
  // have turned the subscribe panel (and its form) into the active one.
  const [paid, setPaid] = useState(false);
  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => void navigate('/dashboard'), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  const statusFailed = status.isError;
  useEffect(() => {
    if (statusFailed) toast({ title: 'Error', description: STATUS_FETCH_FAILED, variant: 'destructive' });
  }, [statusFailed, toast]);

  if (auth.isPending || (user && status.isPending)) return <PageLoading />;

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      {signedIn ? (
        <header>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Subscription</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Your plan, your payment and your free access.</p>
        </header>
      ) : (
        <AuthRequired returnTo={pathname} />
      )}
      {user && status.data && (
        <>
          <StatusBanner status={status.data} />
          {status.data.plan.unlimited ? (
            <ActivePanel plan={status.data.plan} subscriptionId={user.subscriptionId} />
          ) : (
            <SubscribePanel user={user} status={status.data} onPaid={() => setPaid(true)} />
          )}
        </>
      )}
    </div>
  );
};
