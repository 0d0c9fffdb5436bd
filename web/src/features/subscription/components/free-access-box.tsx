import { Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useRedeemSubscriptionCoupon } from '../api/redeem-subscription-coupon.ts';
import { EMPTY_COUPON, REDEEM_COUPON_EXCEPTION, REDEEM_COUPON_FAILED } from '../texts.ts';
import { failureMessage } from './messages.ts';

/** Spec 02 §2.3 'Free Access': a product coupon (the public one gives unlimited access); the status is refetched after. */
export const FreeAccessBox = () => {
  const id = useId();
  const [code, setCode] = useState('');
  const redeem = useRedeemSubscriptionCoupon();
  const toast = useToast();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const couponCode = code.trim();
    if (!couponCode) {
      toast({ title: 'Error', description: EMPTY_COUPON, variant: 'destructive' });
      return;
    }
    redeem.mutate(couponCode, {
      onSuccess: (answer) => {
        setCode('');
        // The server's sentence starts with 'Coupon redeemed!' itself: it is the whole toast, not a repeat under a title.
        toast({ title: answer.message ?? 'Coupon redeemed!', variant: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Error', description: failureMessage(error, REDEEM_COUPON_FAILED, REDEEM_COUPON_EXCEPTION), variant: 'destructive' }),
    });
  };

  return (
    <form
      onSubmit={apply}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-emerald-900 dark:text-emerald-100">
        <Ticket className="size-4" aria-hidden /> Free Access
      </h3>
      <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-100">Have a coupon code? Redeem it for free access.</p>
      <Label htmlFor={`${id}-code`} className="mt-3 block">
        Coupon code
      </Label>
      <div className="mt-1 flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="Enter coupon code"
          autoComplete="off"
          className="font-mono"
        />
        <Button type="submit" disabled={redeem.isPending}>
          {redeem.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
    </form>
  );
};
