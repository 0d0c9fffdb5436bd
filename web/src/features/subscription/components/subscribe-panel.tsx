import type { SubscriptionStatusBody } from '@vis/domain';
import { ArrowRight, Loader2, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { AuthUser } from '../../../lib/account/get-auth-user.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { CARD_FORM_UNAVAILABLE, CREATE_EXCEPTION, CREATE_FAILED, INVALID_EMAIL, PRICE_USD } from '../texts.ts';
import { BenefitsList } from './benefits-list.tsx';
import { FreeAccessBox } from './free-access-box.tsx';
import { failureMessage } from './messages.ts';
import { ErrorNotice, InfoNotice } from './notice.tsx';
import { PaymentForm, type Checkout, type OnPaid } from './payment-form.tsx';
import { SignInRecommended } from './sign-in-recommended.tsx';

/** Spec 02 §5: non-empty and containing an @. */
const isValidEmail = (email: string) => email.trim() !== '' && email.includes('@');

/**
 * Spec 02 §2.3 'Subscribe panel (not active)' and §4 'Payment flow': the email (locked to the account's), then
 * the create call, then Stripe's payment form. A server without payments says so, and the coupon box stays.
 */
export const SubscribePanel = ({ user, status, onPaid }: { user: AuthUser; status: SubscriptionStatusBody | undefined; onPaid: OnPaid }) => {
  const id = useId();
  const accountEmail = user.email ?? '';
  const [typedEmail, setTypedEmail] = useState('');
  const email = accountEmail || typedEmail;
  const [emailError, setEmailError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSubscription();

  const continueToPayment = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setEmailError(INVALID_EMAIL);
      return;
    }
    setEmailError(null);
    setError(null);
    create.mutate(
      { email: email.trim(), userId: user.isAuthenticated ? user.id : null },
      {
        onSuccess: (created) => {
          if (!created.publishableKey) {
            setUnavailable(CARD_FORM_UNAVAILABLE);
            return;
          }
          setCheckout({
            clientSecret: created.clientSecret,
            subscriptionId: created.subscriptionId,
            publishableKey: created.publishableKey,
            email: email.trim(),
          });
        },
        onError: (failure) => {
          // 503: this server takes no payments at all; nothing to retry.
          if (failure instanceof ApiError && failure.status === 503) setUnavailable(failure.message);
          else if (failure instanceof ApiError && (failure.body as { field?: unknown } | null)?.field === 'email') setEmailError(failure.message);
          else setError(failureMessage(failure, CREATE_FAILED, CREATE_EXCEPTION));
        },
      },
    );
  };

  const remaining = status?.remainingFreeUses ?? user.remainingFreeUses;
  const outOfFreeUses = status?.status === 'need_subscription';

  return (
    <Card className="space-y-6 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <Sparkles className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
            Subscribe to Viral Idea Generator
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="text-2xl font-bold text-slate-900 dark:text-white">${PRICE_USD}</span>/month · renews monthly, cancel any time
          </p>
        </div>
      </div>

      <div className="space-y-1 text-sm">
        {user.isAuthenticated && (
          <p className="break-words text-slate-700 dark:text-slate-200">
            Logged in as <strong className="font-semibold">{user.email ?? user.displayName}</strong>
          </p>
        )}
        <p className={outOfFreeUses ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}>
          {outOfFreeUses ? "You've used all your free attempts" : `You have ${remaining} free ${remaining === 1 ? 'use' : 'uses'} remaining`}
        </p>
      </div>

      {!user.isAuthenticated && !checkout && <SignInRecommended />}

      {checkout ? (
        <PaymentForm {...checkout} onPaid={onPaid} />
      ) : unavailable ? (
        <InfoNotice title="Payments unavailable">{unavailable} Redeem a coupon code below for free access.</InfoNotice>
      ) : (
        <form onSubmit={continueToPayment} className="space-y-3" noValidate>
          <div>
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(event) => setTypedEmail(event.target.value)}
              readOnly={Boolean(accountEmail)}
              aria-readonly={accountEmail ? true : undefined}
              autoComplete="email"
              placeholder="you@example.com"
              className={accountEmail ? 'mt-1 bg-slate-50 dark:bg-slate-900' : 'mt-1'}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={`${id}-email-hint${emailError ? ` ${id}-email-error` : ''}`}
            />
            <p id={`${id}-email-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {accountEmail ? 'Your subscription is linked to the email of your account.' : 'Your receipts go to this address.'}
            </p>
            <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
          </div>
          {error && <ErrorNotice>{error}</ErrorNotice>}
          <Button type="submit" size="lg" className="w-full" disabled={!email.trim() || create.isPending}>
            {create.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <ArrowRight className="size-4" aria-hidden />}
            Continue to Payment - ${PRICE_USD}/month
          </Button>
        </form>
      )}

      <FreeAccessBox />
      <BenefitsList />
    </Card>
  );
};
