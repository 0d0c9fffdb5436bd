import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Loader2, Lock } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { useTheme } from '../../../lib/theme.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useApplySubscriptionCoupon } from '../api/apply-subscription-coupon.ts';
import {
  APPLY_COUPON_EXCEPTION,
  APPLY_COUPON_FAILED,
  EMPTY_COUPON,
  PAYMENT_ERRORS,
  PAYMENT_EXCEPTION,
  PAYMENT_FAILED,
  paymentStatusMessage,
  PRICE_USD,
  STRIPE_LOAD_FAILED,
} from '../texts.ts';
import { failureMessage } from './messages.ts';
import { ErrorNotice } from './notice.tsx';

/**
 * Stripe.js, loaded on demand (the `pure` entry injects its script only when asked, so no other page loads it),
 * once per key. A failed load answers null, which the form reports instead of waiting forever.
 */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch(() => {
      stripeLoads.delete(publishableKey);
      return null;
    });
    stripeLoads.set(publishableKey, load);
  }
  return load;
};

export interface Checkout {
  clientSecret: string;
  subscriptionId: string;
  publishableKey: string;
  email: string;
}

/** Told once the payment succeeded: the page goes to the dashboard 1.5 s later, whatever this form became. */
export type OnPaid = () => void;

/** Spec 02 §4 'Payment flow' step 3: Stripe's Payment Element for the subscription's first invoice. */
export const PaymentForm = ({ onPaid, ...checkout }: Checkout & { onPaid: OnPaid }) => {
  const { theme } = useTheme();
  const stripe = useMemo(() => stripeFor(checkout.publishableKey), [checkout.publishableKey]);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => current && !loaded && setLoadFailed(true));
    return () => {
      current = false;
    };
  }, [stripe]);
  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret: checkout.clientSecret,
      appearance: { theme: theme === 'dark' ? 'night' : 'stripe', variables: { colorPrimary: theme === 'dark' ? '#818cf8' : '#4f46e5' } },
    }),
    [checkout.clientSecret, theme],
  );

  if (loadFailed) return <ErrorNotice>{STRIPE_LOAD_FAILED}</ErrorNotice>;
  return (
    <Elements stripe={stripe} options={options}>
      <CheckoutForm {...checkout} onPaid={onPaid} />
    </Elements>
  );
};

/** Spec 02 §8 'Payment': Stripe's error as the page words it. */
const paymentErrorMessage = (error: StripeError) =>
  error.type in PAYMENT_ERRORS ? PAYMENT_ERRORS[error.type as keyof typeof PAYMENT_ERRORS] : error.message || PAYMENT_FAILED;

const CheckoutForm = ({ subscriptionId, email, onPaid }: Checkout & { onPaid: OnPaid }) => {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const queryClient = useQueryClient();
  const applyCoupon = useApplySubscriptionCoupon();
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [couponCode, setCouponCode] = useState('');
  const [couponApplied, setCouponApplied] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);

  // Spec 02 §4 'Form states'.
  const formState = !stripe ? 'Loading Stripe' : !elements ? 'Loading payment form' : !elementReady ? 'Payment form initializing' : 'Ready';
  const ready = formState === 'Ready';
  const submitLabel = processing
    ? 'Processing...'
    : !stripe
      ? 'Loading Payment System...'
      : !elements || !elementReady
        ? 'Payment Form Loading...'
        : couponApplied
          ? 'Complete Subscription'
          : `Subscribe for $${PRICE_USD}/month`;

  const fail = (message: string) => {
    setError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing || succeeded) return;
    setProcessing(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL('/dashboard', window.location.origin).href, receipt_email: email },
        redirect: 'if_required',
      });
      if (result.error) {
        fail(paymentErrorMessage(result.error));
        return;
      }
      const { paymentIntent } = result as { paymentIntent?: { status: string } };
      if (!paymentIntent) {
        toast({ title: 'Processing Payment', description: 'Your payment is being processed.' });
        return;
      }
      if (paymentIntent.status === 'succeeded') {
        setSucceeded(true);
        onPaid();
        toast({ title: 'Payment Successful!', description: 'Your subscription is now active. Taking you to your dashboard...', variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['account'] });
      } else if (paymentIntent.status === 'requires_action') {
        toast({ title: 'Additional Authentication Required', description: 'Please complete the verification your bank asks for.' });
      } else {
        fail(paymentStatusMessage(paymentIntent.status));
      }
    } catch {
      fail(PAYMENT_EXCEPTION);
    } finally {
      setProcessing(false);
    }
  };

  // Spec 02 §5: Apply needs a code and a subscription; the field is disabled once applied or while processing.
  const apply = () => {
    const code = couponCode.trim();
    if (!code || !subscriptionId) {
      setCouponError(EMPTY_COUPON);
      return;
    }
    setCouponError(null);
    applyCoupon.mutate(
      { subscriptionId, couponCode: code },
      {
        onSuccess: (answer) => {
          setCouponApplied(true);
          toast({ title: 'Coupon Applied', description: answer.message, variant: 'success' });
          // The discount changes what the open invoice asks for.
          void elements?.fetchUpdates().catch(() => undefined);
        },
        onError: (failure) => {
          const message = failureMessage(failure, APPLY_COUPON_FAILED, APPLY_COUPON_EXCEPTION);
          setCouponError(message);
          toast({ title: 'Coupon Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const couponLocked = couponApplied || processing || succeeded;

  return (
    <form onSubmit={(event) => void pay(event)} aria-labelledby={`${id}-title`} className="space-y-5" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
          <CreditCard className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden /> Payment details
        </h3>
        <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">
          {ready ? (
            <CheckCircle2 className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />
          ) : (
            <Loader2 className="size-3.5 animate-spin" aria-hidden />
          )}
          {formState}
        </p>
      </div>

      <div>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} type="email" value={email} readOnly aria-readonly className="mt-1 bg-slate-50 dark:bg-slate-900" />
      </div>

      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Card details</p>
        <div className="mt-1 min-h-28 rounded-lg border border-slate-300 bg-white p-3 dark:border-slate-700 dark:bg-slate-950">
          <PaymentElement
            options={{ layout: 'tabs', defaultValues: { billingDetails: { email } } }}
            onReady={() => setElementReady(true)}
            onChange={() => setError(null)}
          />
        </div>
      </div>

      <div>
        <Label htmlFor={`${id}-coupon`}>Coupon code</Label>
        <div className="mt-1 flex gap-2">
          <Input
            id={`${id}-coupon`}
            value={couponCode}
            onChange={(event) => setCouponCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (!couponLocked && couponCode.trim()) apply();
              }
            }}
            disabled={couponLocked}
            placeholder="Optional"
            autoComplete="off"
            className="font-mono"
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? `${id}-coupon-error` : undefined}
          />
          <Button variant="secondary" onClick={apply} disabled={couponLocked || applyCoupon.isPending || !couponCode.trim()}>
            {couponApplied ? 'Applied' : applyCoupon.isPending ? 'Applying...' : 'Apply'}
          </Button>
        </div>
        <FieldError id={`${id}-coupon-error`}>{couponError}</FieldError>
      </div>

      {error && <ErrorNotice>{error}</ErrorNotice>}
      {succeeded && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300">
          <CheckCircle2 className="size-4" aria-hidden /> Payment received. Taking you to your dashboard...
        </p>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={!ready || processing || succeeded}>
        {processing || !ready ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Lock className="size-4" aria-hidden />}
        {submitLabel}
      </Button>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        Payments are processed securely by Stripe. Renews monthly; cancel any time.
      </p>
    </form>
  );
};
