import * as Progress from '@radix-ui/react-progress';
import { pointsCardOf } from '@vis/domain/points-card';
import { Coins } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { useAuthUser } from '../../../lib/account/get-auth-user.ts';
import { usePoints } from '../../../lib/account/get-points.ts';

/** The AI points card, for signed-in users only (spec 01 §2, §6). */
export const PointsCard = () => {
  const user = useAuthUser();
  const signedIn = user.data?.isAuthenticated === true;
  const points = usePoints(signedIn);
  if (!signedIn || points.data === undefined) return null;
  // The bar's maximum and which warning a balance gets are the domain's rule (spec 01 §9), over the plan the
  // server sent with the balance: an unlimited plan is warned of nothing.
  const { plan } = points.data;
  const card = pointsCardOf(points.data.points, plan);
  return (
    <Card aria-label="AI points">
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-semibold">
          <Coins className="size-5 text-amber-500" aria-hidden /> AI Points
        </h2>
        <span className="text-2xl font-bold tabular-nums">{card.points}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Plan: <span className="font-semibold text-slate-900 dark:text-slate-50">{plan.label}</span>
      </p>
      <Progress.Root
        value={card.barValue}
        max={card.barMaximum}
        aria-label="AI points"
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <Progress.Indicator className="h-full bg-amber-500 transition-transform" style={{ transform: `translateX(-${100 - card.barPercent}%)` }} />
      </Progress.Root>
      {card.warning && <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{card.warning}</p>}
    </Card>
  );
};
