import { useSearchParams } from 'react-router-dom';
import { useAiCalls } from '../api/get-ai-calls.ts';
import { useSpending } from '../api/get-spending.ts';
import { useStageFunnel } from '../api/get-stage-funnel.ts';
import { useTopIdeas } from '../api/get-top-ideas.ts';
import { ANALYTICS_RANGES, isAnalyticsRange, type AnalyticsRange } from '../range.ts';
import { AiCallsChart, totalAiCalls } from './ai-calls-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { LabeledSelect } from './chart-parts.tsx';
import { isSpendingEmpty, SpendingChart } from './spending-chart.tsx';
import { StageFunnelChart } from './stage-funnel-chart.tsx';
import { TopIdeasTable } from './top-ideas-table.tsx';

const DEFAULT_RANGE: AnalyticsRange = '7d';

/**
 * The operators' figures: the stage funnel and the ideas people like (all time), AI calls and spending over the
 * chosen range (`?range=24h|7d|30d`). Each figure refetches when its live topic announces a change.
 */
export const AnalyticsScreen = () => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('range');
  const range = isAnalyticsRange(requested) ? requested : DEFAULT_RANGE;
  const rangeLabel = ANALYTICS_RANGES[range].label.toLowerCase();
  const funnel = useStageFunnel();
  const calls = useAiCalls(range);
  const spending = useSpending(range);
  const top = useTopIdeas();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Updated live as people play. Times are in your time zone, days in UTC.</p>
        </div>
        <LabeledSelect
          label="Range"
          value={range}
          options={Object.entries(ANALYTICS_RANGES).map(([value, { label }]) => ({ value, label }))}
          onChange={(value) =>
            setParams((current) => ({ ...Object.fromEntries(current), range: value }), { replace: true, preventScrollReset: true })
          }
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Stage funnel"
          description="How many guided projects reached each stage (all time), and from which stage owners continued without validation."
          query={funnel}
          isEmpty={(data) => data.projects === 0}
          emptyText="No guided projects yet."
        >
          {(data) => <StageFunnelChart funnel={data} />}
        </ChartCard>
        <ChartCard
          title="AI calls"
          description={`Answers recorded on projects and failed calls (refunded), ${rangeLabel}.`}
          query={calls}
          isEmpty={(data) => totalAiCalls(data) === 0}
          emptyText={`No AI calls in the ${rangeLabel}.`}
        >
          {(data) => <AiCallsChart calls={data} />}
        </ChartCard>
        <ChartCard
          className="lg:col-span-2"
          title="Points and coupons"
          description={`Points spent on AI (net of refunds), added by coupons and granted, ${rangeLabel}.`}
          query={spending}
          isEmpty={isSpendingEmpty}
          emptyText={`No points spent or coupons redeemed in the ${rangeLabel}.`}
        >
          {(data) => <SpendingChart spending={data} />}
        </ChartCard>
        <ChartCard
          className="lg:col-span-2"
          title="Most liked and most viewed ideas"
          description="Published marketplace ideas, all time."
          query={top}
          isEmpty={(data) => data.mostLiked.length === 0 && data.mostViewed.length === 0}
          emptyText="No published idea has been liked or viewed yet."
        >
          {(data) => (
            <div className="grid gap-6 md:grid-cols-2">
              <TopIdeasTable title="Most liked" ideas={data.mostLiked} empty="No likes yet." />
              <TopIdeasTable title="Most viewed" ideas={data.mostViewed} empty="No views yet." />
            </div>
          )}
        </ChartCard>
      </div>
    </div>
  );
};
