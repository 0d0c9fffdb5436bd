import type { StageFunnelResponse } from '@vis/domain';
import { Bar } from 'recharts';
import { FigureText } from './chart-card.tsx';
import { BarChartFrame, SERIES } from './chart-parts.tsx';

/** Reached per stage, and where owners chose 'Continue Anyway' over an incomplete stage, as grouped bars. */
export const StageFunnelChart = ({ funnel }: { funnel: StageFunnelResponse }) => {
  const data = funnel.stages.map((stage) => ({
    stage: stage.stage,
    name: `Stage ${stage.stage}`,
    title: stage.title,
    reached: stage.reached,
    skipped: stage.leftWithSkippedValidation,
  }));
  const skipped = data.filter((stage) => stage.skipped > 0);
  return (
    <>
      {/* Ticks are the stage numbers, so six fit on a phone; the axis says what they are. */}
      <BarChartFrame
        data={data}
        xAxis={{
          interval: 0,
          height: 36,
          tickFormatter: (name: string) => name.replace('Stage ', ''),
          label: { value: 'Stage', position: 'insideBottom', fill: 'currentColor', fontSize: 12 },
        }}
      >
        <Bar isAnimationActive={false} dataKey="reached" name="Reached" fill={SERIES.indigo} radius={[4, 4, 0, 0]} />
        <Bar isAnimationActive={false} dataKey="skipped" name="Continued without validation" fill={SERIES.amber} radius={[4, 4, 0, 0]} />
      </BarChartFrame>
      <FigureText
        summary={
          <>
            {funnel.projects} guided {funnel.projects === 1 ? 'project' : 'projects'}. Reached:{' '}
            {data.map((stage) => `stage ${stage.stage} ${stage.reached}`).join(', ')}. Continued without validation:{' '}
            {skipped.length === 0 ? 'never' : skipped.map((stage) => `from stage ${stage.stage} ${stage.skipped}`).join(', ')}.
          </>
        }
        caption="Projects per stage"
        head={['Stage', 'Reached', 'Continued without validation']}
        rows={data.map((stage) => [`${stage.name}: ${stage.title}`, stage.reached, stage.skipped])}
      />
    </>
  );
};
