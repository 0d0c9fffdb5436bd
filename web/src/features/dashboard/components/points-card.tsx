import * as Progress from '@radix-ui/react-progress';
import { Coins } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { useAuthUser } from '../../../lib/account/get-auth-user.ts';
import { usePoints } from '../../../lib/account/get-points.ts';

/** Spec 01 §9: the bar tops out at 1000; under 100 is low. */
export const POINTS_BAR_MAX = 1000;
export const LOW_POINTS = 100;

/** The AI points card, for signed-in users only (spec 01 §2, §6). */
export const PointsCard = () => {
  const user = useAuthUser();
  const signedIn = user.data?.isAuthenticated === true;
  const points = usePoints(signedIn);
  if (!signedIn || points.data === undefined) return null;
  const value = points.data.points;
  const message =
    value <= 0
      ? 'You have no points. Please subscribe to get more points.'
      : value < LOW_POINTS
        ? 'Your points are running low. Consider subscribing to get more.'
        : null;
  return (
    <Card aria-label="AI points">
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-semibold">
          <Coins className="size-5 text-amber-500" aria-hidden /> AI Points
        </h2>
        <span className="text-2xl font-bold tabular-nums">{value}</span>
      </div>
      <Progress.Root
        value={Math.min(value, POINTS_BAR_MAX)}
        max={POINTS_BAR_MAX}
        aria-label="AI points"
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <Progress.Indicator
          className="h-full bg-amber-500 transition-transform"
          style={{ transform: `translateX(-${100 - (Math.min(value, POINTS_BAR_MAX) / POINTS_BAR_MAX) * 100}%)` }}
        />
      </Progress.Root>
      {message && <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{message}</p>}
    </Card>
  );
};
