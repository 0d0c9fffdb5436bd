import { PageLoading } from '../../../components/page-loading.tsx';
import { STAGE_GUIDES } from '../stage-guides.ts';
import { StageLayout } from './stage-layout.tsx';

/**
 * A stage's title and guide, with a spinner where its project goes: what a stage shows while its project loads,
 * and, from the first page's own code, while the stage screen's code is still on its way.
 */
export const StageLoading = ({ stageNumber }: { stageNumber: keyof typeof STAGE_GUIDES }) => (
  <StageLayout stage={STAGE_GUIDES[stageNumber]}>
    <PageLoading />
  </StageLayout>
);
