import type { SpendingResponse } from '@vis/domain';
import { Bar } from 'recharts';
import { bucketLabel } from '../range.ts';
import { DataTable, FigureText } from './chart-card.tsx';
import { BarChartFrame, SERIES } from './chart-parts.tsx';

const METHOD_LABELS: Record<string, string> = { point: 'Points', free_play: 'Free plays', own_key: 'Own Gemini key', subscription: 'Subscription' };
const KIND_LABELS: Record<string, string> = { points: 'Points', free_unlimited: 'Unlimited access' };

export const isSpendingEmpty = ({ totals }: SpendingResponse) =>
  totals.pointsSpent === 0 &&
  totals.pointsGranted === 0 &&
  totals.couponsRedeemed === 0 &&
  Object.values(totals.charged).every((count) => count === 0);

const Figure = ({ label, value }: { label: string; value: number }) => (
  <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
    <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
    <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
  </div>
);

/** Totals, points over time (spent on AI, added by coupons, granted), then AI requests by payment and coupons by code. */
export const SpendingChart = ({ spending }: { spending: SpendingResponse }) => {
  const { totals } = spending;
  const data = spending.buckets.map((bucket) => ({ name: bucketLabel(bucket.start, spending.bucket), ...bucket }));
  const methods = Object.entries(totals.charged).filter(
    ([method, count]) => count > 0 || totals.refunded[method as keyof typeof totals.refunded] > 0,
  );
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Points spent on AI" value={totals.pointsSpent} />
        <Figure label="Points from coupons" value={totals.couponPoints} />
        <Figure label="Points granted" value={totals.pointsGranted} />
        <Figure label="Coupons redeemed" value={totals.couponsRedeemed} />
      </dl>
      <div className="mt-4">
        <BarChartFrame data={data}>
          <Bar isAnimationActive={false} dataKey="pointsSpent" name="Points spent on AI" fill={SERIES.indigo} radius={[4, 4, 0, 0]} />
          <Bar isAnimationActive={false} dataKey="couponPoints" name="Points from coupons" fill={SERIES.amber} radius={[4, 4, 0, 0]} />
          <Bar isAnimationActive={false} dataKey="pointsGranted" name="Points granted" fill={SERIES.sky} radius={[4, 4, 0, 0]} />
        </BarChartFrame>
      </div>
      <FigureText
        summary={`${totals.pointsSpent} points spent on AI, ${totals.couponPoints} added by ${totals.couponsRedeemed} coupon ${
          totals.couponsRedeemed === 1 ? 'redemption' : 'redemptions'
        }, ${totals.pointsGranted} granted.`}
        caption={`Points per ${spending.bucket}`}
        head={[spending.bucket === 'hour' ? 'Hour' : 'Day', 'Spent on AI', 'From coupons', 'Granted']}
        rows={data
          .filter((bucket) => bucket.pointsSpent || bucket.couponPoints || bucket.pointsGranted)
          .map((bucket) => [bucket.name, bucket.pointsSpent, bucket.couponPoints, bucket.pointsGranted])}
      />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">AI requests by payment</h3>
          {methods.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No AI requests charged.</p>
          ) : (
            <DataTable
              caption="AI requests charged and refunded by payment"
              head={['Paid with', 'Charged', 'Refunded']}
              rows={methods.map(([method, count]) => [
                METHOD_LABELS[method] ?? method,
                count,
                totals.refunded[method as keyof typeof totals.refunded],
              ])}
            />
          )}
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">Coupons redeemed</h3>
          {totals.coupons.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No coupons redeemed.</p>
          ) : (
            <DataTable
              caption="Coupons redeemed by code"
              head={['Code', 'Kind', 'Redemptions', 'Points']}
              rows={totals.coupons.map((coupon) => [
                <code key="code">{coupon.code}</code>,
                KIND_LABELS[coupon.kind] ?? coupon.kind,
                coupon.redemptions,
                coupon.points,
              ])}
            />
          )}
        </div>
      </div>
    </>
  );
};
