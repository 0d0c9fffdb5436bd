import { describe, expect, it } from 'vitest';
import { LOW_POINTS_MESSAGE, NO_POINTS_MESSAGE } from './constants.ts';
import { pointsCardOf } from './points-card.ts';

const free = { unlimited: false };

describe('the points card (spec 01 §9)', () => {
  it.each([
    [0, 'You have no points. Please subscribe to get more points.'],
    [1, 'Your points are running low. Consider subscribing to get more.'],
    [99, 'Your points are running low. Consider subscribing to get more.'],
    [100, null],
    [1000, null],
  ])('given %i points, warns with %j', (points, warning) => expect(pointsCardOf(points, free).warning).toBe(warning));

  it('uses the spec texts the constants hold', () => {
    expect(pointsCardOf(0, free).warning).toBe(NO_POINTS_MESSAGE);
    expect(pointsCardOf(50, free).warning).toBe(LOW_POINTS_MESSAGE);
  });

  it('fills the bar up to 1000 points, and no further above it', () => {
    expect(pointsCardOf(250, free)).toEqual({ points: 250, barValue: 250, barMaximum: 1000, barPercent: 25, warning: null });
    expect(pointsCardOf(2500, free)).toEqual({ points: 2500, barValue: 1000, barMaximum: 1000, barPercent: 100, warning: null });
  });

  it('shows an empty bar, never a negative one, for a balance at or below nothing', () =>
    expect(pointsCardOf(-3, free)).toMatchObject({ barValue: 0, barPercent: 0, warning: NO_POINTS_MESSAGE }));

  it('warns of nothing when the plan is unlimited: Premium or the unlimited coupon spends no points', () => {
    expect(pointsCardOf(0, { unlimited: true }).warning).toBeNull();
    expect(pointsCardOf(40, { unlimited: true }).warning).toBeNull();
  });
});
