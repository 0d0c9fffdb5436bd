import { CORE_IDEA_EXAMPLE, exampleText } from '@vis/domain/starting-guidance';
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

/**
 * A stage's title and guide, with a spinner where its project goes (after stage 1's first card): what a stage
 * shows while its project loads, and, from the first page's own code, while the stage screen's code is still on
 * its way.
 */
export const StageLoading = ({ stageNumber }: { stageNumber: keyof typeof STAGE_GUIDES }) => (
  <StageLayout stage={STAGE_GUIDES[stageNumber]}>
    {stageNumber === 1 ? (
      <>
        <CoreIdeaFrame />
        {/* Close under the card, where a phone still shows it. */}
        <PageLoading className="py-2" />
      </>
    ) : (
      <PageLoading />
    )}
  </StageLayout>
);
