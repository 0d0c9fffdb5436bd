import type { AiCallsResponse } from '@vis/domain';
import { useState } from 'react';
import { Bar } from 'recharts';
import { bucketLabel } from '../range.ts';
import { FigureText } from './chart-card.tsx';
import { BarChartFrame, LabeledSelect, SERIES } from './chart-parts.tsx';

type Provider = keyof AiCallsResponse['totals'];
const ALL = 'all';
const PROVIDER_LABELS: Record<string, string> = { gemini: 'Gemini', offline: 'Offline generator', unknown: 'Unknown provider' };
const label = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

const countsOf = (byProvider: AiCallsResponse['totals'], provider: Provider | typeof ALL) => {
  const providers = provider === ALL ? (Object.keys(byProvider) as Provider[]) : [provider];
  return providers.reduce((sum, each) => ({ succeeded: sum.succeeded + byProvider[each].succeeded, failed: sum.failed + byProvider[each].failed }), {
    succeeded: 0,
    failed: 0,
  });
};

export const totalAiCalls = (calls: AiCallsResponse) => {
  const all = countsOf(calls.totals, ALL);
  return all.succeeded + all.failed;
};

/** AI calls per bucket, stacked by outcome, for every provider or the one chosen. */
export const AiCallsChart = ({ calls }: { calls: AiCallsResponse }) => {
  const [provider, setProvider] = useState<Provider | typeof ALL>(ALL);
  const providers = (Object.keys(calls.totals) as Provider[]).filter((each) => each !== 'unknown' || countsOf(calls.totals, each).failed > 0);
  const data = calls.buckets.map((bucket) => ({ name: bucketLabel(bucket.start, calls.bucket), ...countsOf(bucket.byProvider, provider) }));
  const total = countsOf(calls.totals, provider);
  const failures = Object.entries(calls.failures);
  return (
    <>
      <div className="mb-3">
        <LabeledSelect
          label="Provider"
          value={provider}
          options={[{ value: ALL, label: 'All providers' }, ...providers.map((each) => ({ value: each, label: label(each) }))]}
          onChange={(value) => setProvider(value as Provider | typeof ALL)}
        />
      </div>
      <BarChartFrame data={data}>
        <Bar isAnimationActive={false} dataKey="succeeded" name="Succeeded" stackId="outcome" fill={SERIES.emerald} />
        <Bar isAnimationActive={false} dataKey="failed" name="Failed (refunded)" stackId="outcome" fill={SERIES.red} radius={[4, 4, 0, 0]} />
      </BarChartFrame>
      <FigureText
        summary={
          <>
            {provider === ALL ? 'All providers' : label(provider)}: {total.succeeded} succeeded, {total.failed} failed.{' '}
            {provider === ALL &&
              providers
                .map((each) => `${label(each)}: ${calls.totals[each].succeeded} succeeded, ${calls.totals[each].failed} failed.`)
                .join(' ')}{' '}
            {failures.length > 0 && `Failures by reason: ${failures.map(([why, count]) => `${why} ${count}`).join(', ')}.`}
          </>
        }
        caption={`AI calls per ${calls.bucket}`}
        head={[calls.bucket === 'hour' ? 'Hour' : 'Day', 'Succeeded', 'Failed']}
        rows={data.filter((bucket) => bucket.succeeded + bucket.failed > 0).map((bucket) => [bucket.name, bucket.succeeded, bucket.failed])}
      />
    </>
  );
};
