import { Loader2, Mail, Zap } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RadioCard } from '../../../components/ui/radio-card.tsx';
import { useToast } from '../../../lib/toast.tsx';
import {
  formatUsd,
  LIGHTNING_DISCOUNT_PERCENT,
  PAYMENT_METHODS,
  priceCents,
  SIMULATED_PAYMENT_MS,
  SUPPORT_EMAIL,
  type PaymentMethodId,
} from '../constants.ts';

/**
 * Spec 02 §2.5: pick a method, see the total, continue. The payment is simulated: 1.5 s of processing, the toast
 * 'Payment initiated', then the dashboard. Nothing is charged and no call is made.
 */
export const PaymentForm = () => {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();
  const toast = useToast();
  const price = priceCents(method);

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    if (!method) {
      toast({ title: 'Select a payment method', description: 'Choose how you would like to pay.', variant: 'destructive' });
      return;
    }
    setProcessing(true);
    timer.current = setTimeout(() => {
      const name = PAYMENT_METHODS.find((each) => each.id === method)!.name;
      toast({
        title: 'Payment initiated',
        description: `${name}: ${formatUsd(price.total)} USD (demonstration, nothing was charged).`,
        variant: 'success',
      });
      void navigate('/dashboard');
    }, SIMULATED_PAYMENT_MS);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <Card>
        <fieldset disabled={processing}>
          <legend className="contents">
            <h2 className="text-lg font-semibold">Choose a Payment Method</h2>
          </legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {PAYMENT_METHODS.map((each) => (
              <RadioCard
                key={each.id}
                name={`${id}-method`}
                value={each.id}
                checked={method === each.id}
                onSelect={() => setMethod(each.id)}
                describedBy={`${id}-${each.id}-description`}
              >
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {each.name}
                  {each.discount && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-500/20 dark:text-amber-100">
                      <Zap className="size-3" aria-hidden /> {LIGHTNING_DISCOUNT_PERCENT}% off
                    </span>
                  )}
                </span>
                <span id={`${id}-${each.id}-description`} className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">
                  {each.description}
                </span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
      </Card>

      <Card aria-labelledby={`${id}-summary`} className="space-y-4">
        <h2 id={`${id}-summary`} className="text-lg font-semibold">
          Order Summary
        </h2>
        <dl className="space-y-2 text-sm" aria-live="polite">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-300">Subscription, 1 month</dt>
            <dd className="tabular-nums">{formatUsd(price.full)}</dd>
          </div>
          {price.discount > 0 && (
            <div className="flex justify-between gap-3 text-emerald-800 dark:text-emerald-300">
              <dt>Lightning discount ({LIGHTNING_DISCOUNT_PERCENT}%)</dt>
              <dd className="tabular-nums">-{formatUsd(price.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold dark:border-slate-700">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="payment-total">
              {formatUsd(price.total)} USD
            </dd>
          </div>
        </dl>
        <Button type="submit" size="lg" className="w-full" disabled={processing} aria-busy={processing}>
          {processing && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {processing ? 'Processing...' : 'Continue to Payment'}
        </Button>
        <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Questions about paying? Write to{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium break-words text-indigo-700 underline underline-offset-2 hover:no-underline dark:text-indigo-300"
            >
              {SUPPORT_EMAIL}
            </a>
          </span>
        </p>
      </Card>
    </form>
  );
};
