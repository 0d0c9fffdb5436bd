import { CORE_IDEA_EXAMPLE, exampleText } from '@vis/domain/starting-guidance';
import { useMemo, useState, type ComponentType } from 'react';
import { PageLoading } from '../../../components/page-loading.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import { STAGE_GUIDES } from '../stage-guides.ts';
import { StageLayout } from './stage-layout.tsx';

/**
 * Stage 1's first card as it will stand, its field not yet usable: on a phone its example text is the largest
 * thing on the screen, so painted with the first page (instead of once the project and the screen's code have
 * arrived) the screen's largest paint is the first one. The same components as the real card
 * (`StageOneScreen`'s core idea), so it takes the same place and the real one moves nothing. Hidden from
 * assistive technology and out of reach, and its label names no field (what finds the field by its label finds
 * only the real one): the spinner's status below says what is happening.
 */
const CoreIdeaFrame = () => (
  <Card aria-hidden inert>
    <div>
      <Label>Core idea</Label>
      <Textarea className="mt-1" disabled placeholder={exampleText(CORE_IDEA_EXAMPLE)} />
    </div>
  </Card>
);

type StageNumber = keyof typeof STAGE_GUIDES;

/** What goes under a stage's title and guide while its project loads: a spinner (after stage 1's first card). */
const StageLoadingBody = ({ stageNumber }: { stageNumber: StageNumber }) =>
  stageNumber === 1 ? (
    <>
      <CoreIdeaFrame />
      {/* Close under the card, where a phone still shows it. */}
      <PageLoading className="py-2" />
    </>
  ) : (
    <PageLoading />
  );

/** What a stage screen shows: its project still loading, the stage, or a screen of its own (an offline copy, a failure). */
export type StageShown = 'loading' | 'stage' | 'alone';

/** What the stage screen's code (routes/stage.tsx) is given by the frame it renders in. */
export interface StageInFrameProps {
  stageNumber: StageNumber;
  /** Whether it is rendered under the stage's title and guide or on its own (the frame's `StageLayout` bare). */
  framed: boolean;
  /** Tells the frame what it shows: the frame holds the spinner while 'loading', and no title or guide when 'alone'. */
  show: (shown: StageShown) => void;
}

/**
 * A stage screen: its title and guide, and under them its content, the stage screen's code (`screen`), with a
 * spinner while that code or the project is on its way. Rendered by the first page both while the code loads (the
 * router's placeholder) and once it has arrived (the route's element), the same component in the same place:
 * React keeps the title, guide and spinner painted first as they are and only puts the stage under them when its
 * project is there, instead of taking the page down and building it again when the code arrives and once more when
 * the project does (taking down elements is most of the CPU of those renders under Lighthouse's trace).
 */
export const StageFrame = ({ stageNumber, screen: Screen }: { stageNumber: StageNumber; screen?: ComponentType<StageInFrameProps> }) => {
  const [shown, setShown] = useState<StageShown>('loading');
  const framed = shown !== 'alone';
  // The same element while what it is given stays the same: the frame's own renders (the spinner going) do not
  // render the whole stage again.
  const content = useMemo(() => Screen && <Screen stageNumber={stageNumber} framed={framed} show={setShown} />, [Screen, stageNumber, framed]);
  return (
    <StageLayout stage={STAGE_GUIDES[stageNumber]} bare={!framed}>
      {content}
      {(!content || shown === 'loading') && <StageLoadingBody stageNumber={stageNumber} />}
    </StageLayout>
  );
};
