/** The spans the Analytics screen offers; the server answers hourly buckets up to two days, daily ones beyond. */
export const ANALYTICS_RANGES = {
  '24h': { label: 'Last 24 hours', hours: 24 },
  '7d': { label: 'Last 7 days', hours: 7 * 24 },
  '30d': { label: 'Last 30 days', hours: 30 * 24 },
} as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;
export const isAnalyticsRange = (value: unknown): value is AnalyticsRange => typeof value === 'string' && value in ANALYTICS_RANGES;

/** `from=&to=` for a range ending now. */
export const rangeQuery = (range: AnalyticsRange, now = Date.now()) => {
  const to = new Date(now);
  const from = new Date(now - ANALYTICS_RANGES[range].hours * 3_600_000);
  return new URLSearchParams({ from: from.toISOString(), to: to.toISOString() }).toString();
};

/** A bucket's label on an axis and in a table: the hour in local time, or the (UTC) day. */
export const bucketLabel = (start: string, bucket: 'hour' | 'day') =>
  bucket === 'hour'
    ? new Date(start).toLocaleString(undefined, { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' })
    : new Date(start).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Every query of the screen starts with this key: live changes invalidate below it. */
export const analyticsKey = ['analytics'] as const;
