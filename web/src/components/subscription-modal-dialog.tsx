import { Sparkles, Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, buttonClasses } from './ui/button.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';
import { Input, Label } from './ui/field.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { useToast } from '../lib/toast.tsx';
import { usePublicCoupon } from '../lib/account/get-public-coupon.ts';
import { useRedeemCoupon } from '../lib/account/redeem-coupon.ts';

/**
 * The out-of-free-plays modal (spec 01 §8, spec 02 §2.3 'Free Access'): the coupon field comes prefilled with
 * the public code, so one click on Apply gives unlimited access.
 */
export const SubscriptionModalDialog = ({ onOpenChange, onUnlocked }: { onOpenChange: (open: boolean) => void; onUnlocked: () => void }) => (
  <Dialog open onOpenChange={onOpenChange}>
    <SubscriptionModalContent onUnlocked={onUnlocked} />
  </Dialog>
);

const SubscriptionModalContent = ({ onUnlocked }: { onUnlocked: () => void }) => {
  const publicCoupon = usePublicCoupon();
  // Until the user types, the field shows the public coupon (when there is one).
  const [typed, setCode] = useState<string | null>(null);
  const code = typed ?? publicCoupon.data?.code ?? '';
  const redeem = useRedeemCoupon();
  const toast = useToast();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      toast({ title: 'Error', description: 'Please enter a coupon code.', variant: 'destructive' });
      return;
    }
    redeem.mutate(code.trim(), {
      onSuccess: (answer) => {
        // The server's sentence starts with 'Coupon redeemed!' itself: it is the whole toast, not a repeat under a title.
        toast({ title: answer.message ?? 'Coupon redeemed! You now have unlimited access.', variant: 'success' });
        onUnlocked();
      },
      onError: (error) => toast({ title: 'Failed to redeem coupon', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <DialogContent
      title="Subscribe to Viral Idea Generator"
      description="You've used all your free attempts. Subscribe or use a coupon code to continue."
    >
      <div className="space-y-4">
        <div className="flex items-start gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
          <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="flex-1 space-y-3">
            <p>
              Unlimited AI help for <strong>$4/month</strong>, with 1000 AI points each month.
            </p>
            {/* The modal sits outside the router: a plain link, a full navigation. */}
            <a href="/subscription" className={buttonClasses({ size: 'sm' })}>
              Subscribe
            </a>
          </div>
        </div>
        <form onSubmit={apply} className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-emerald-900 dark:text-emerald-100">
            <Ticket className="size-4" aria-hidden /> Free Access
          </h3>
          <Label htmlFor="coupon-code" className="mt-3 block">
            Coupon code
          </Label>
          <div className="mt-1 flex gap-2">
            <Input id="coupon-code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" className="font-mono" />
            <Button type="submit" variant="success" disabled={redeem.isPending}>
              {redeem.isPending ? 'Applying...' : 'Apply'}
            </Button>
          </div>
        </form>
      </div>
    </DialogContent>
  );
};
