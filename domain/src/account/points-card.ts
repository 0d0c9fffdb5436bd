import type { AccountPlan } from './plan.ts';
import { LOW_POINTS_MESSAGE, LOW_POINTS_WARNING, NO_POINTS_MESSAGE, POINTS_BAR_MAXIMUM } from './constants.ts';

/**
 * The dashboard's points card (spec 01 §9): a bar that tops out at 1000, a warning under 100 points and another at
 * none. No zod here: the web app imports this module (`@vis/domain/points-card`), so the rule exists once.
 */
export interface PointsCard {
  points: number;
  /** What the bar shows: the balance, held within 0…barMaximum (a larger balance fills it). */
  barValue: number;
  barMaximum: number;
  /** The bar's filled share, 0…100. */
  barPercent: number;
  warning: string | null;
}

/**
 * The points card's warning, or null when there is nothing to warn about. An account whose plan is unlimited
 * (Premium, or the unlimited coupon) spends no points, so no balance is low for it: "You have no points. Please
 * subscribe" beside "Unlimited by coupon" told one person two contradicting things (issue 26).
 */
export const pointsWarningOf = (points: number, plan: Pick<AccountPlan, 'unlimited'>): string | null => {
  if (plan.unlimited) return null;
  if (points <= 0) return NO_POINTS_MESSAGE;
  if (points < LOW_POINTS_WARNING) return LOW_POINTS_MESSAGE;
  return null;
};

export const pointsCardOf = (points: number, plan: Pick<AccountPlan, 'unlimited'>): PointsCard => {
  const barValue = Math.min(Math.max(points, 0), POINTS_BAR_MAXIMUM);
  return {
    points,
    barValue,
    barMaximum: POINTS_BAR_MAXIMUM,
    barPercent: (barValue / POINTS_BAR_MAXIMUM) * 100,
    warning: pointsWarningOf(points, plan),
  };
};
