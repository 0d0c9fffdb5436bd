import { Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { useRedeemCoupon } from '../../../lib/account/redeem-coupon.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';

/**
 * The billing card's coupon redemption (spec 02 §5 'Billing coupon', §8 'Coupon'). A redeemed coupon refetches
 * every account read, the points among them (spec 02 §4).
 */
export const CouponForm = () => {
  const id = useId();
  const [code, setCode] = useState('');
  const redeem = useRedeemCoupon();
  const toast = useToast();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const couponCode = code.trim();
    if (!couponCode) {
      toast({ title: 'Error', description: 'Please enter a coupon code.', variant: 'destructive' });
      return;
    }
    redeem.mutate(couponCode, {
      onSuccess: (answer) => {
        setCode('');
        toast({
          title: 'Coupon redeemed!',
          // An unlimited coupon gives access, not points: its own sentence rather than a false one.
          description: answer.kind === 'free_unlimited' ? 'You now have unlimited access.' : 'Points have been added to your account.',
          variant: 'success',
        });
      },
      onError: (error) => toast({ title: 'Failed to redeem coupon', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={apply} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Ticket className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden /> Redeem a Coupon
      </h3>
      <Label htmlFor={`${id}-code`} className="mt-2 block">
        Coupon code
      </Label>
      <div className="mt-1 flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="min-w-0 font-mono"
        />
        <Button type="submit" disabled={redeem.isPending} aria-busy={redeem.isPending}>
          {redeem.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
    </form>
  );
};
