/** What the dashboard's Next Steps are worked out from: how far the project got (spec 01 §4 'Progress completeness'). */
export interface ProjectProgressFacts {
  coreIdea: string;
  /** Stages 1 to 5: complete or not, as the server's progress says. */
  stagesDone: Record<1 | 2 | 3 | 4 | 5, boolean>;
  conceptCount: number;
  conceptChosen: boolean;
  hasTechnicalReport: boolean;
  hasFinalPrompt: boolean;
}

/** One step: the words, the place that does it (a link), and the words after the link. */
export interface NextStep {
  id: string;
  before: string;
  link: { to: string; label: string };
  after: string;
}

export const GUIDED_STAGE_NAMES = { 1: 'Research', 2: 'Reward & Sustainability', 3: 'Ideation', 4: 'Mechanics', 5: 'Refinement' } as const;

const stageLink = (stage: 1 | 2 | 3 | 4 | 5 | 6) => ({
  to: `/stage-${stage}`,
  label: stage === 6 ? 'Stage 6: Technical' : `Stage ${stage}: ${GUIDED_STAGE_NAMES[stage]}`,
});
const summaryLink = { to: '/summary', label: 'Project Summary' };

/**
 * The few things to do next, in the order they are worth doing: the first unfinished stage (and how many follow),
 * a concept to choose once there are some, then the technical report and the final prompt once the five stages
 * are done. Done things drop out, so the list follows the project rather than repeating every stage.
 */
export const nextSteps = (facts: ProjectProgressFacts): NextStep[] => {
  const steps: NextStep[] = [];
  const unfinished = ([1, 2, 3, 4, 5] as const).filter((stage) => !facts.stagesDone[stage]);
  // Stage 1 asks for the core idea itself; once it is done, the idea is edited in Settings.
  if (!facts.coreIdea.trim() && facts.stagesDone[1])
    steps.push({
      id: 'core-idea',
      before: 'Add your core idea in ',
      link: { to: '/settings', label: 'Settings' },
      after: ': every stage builds on it.',
    });
  if (facts.conceptCount > 0 && !facts.conceptChosen)
    steps.push({ id: 'choose-concept', before: 'Choose the concept to build on ', link: stageLink(3), after: '.' });
  const [next, ...later] = unfinished;
  if (next !== undefined) {
    const then = later.length === 0 ? '.' : later.length === 1 ? ', then one more stage.' : `, then ${later.length} more stages.`;
    const firstOfAll = unfinished.length === 5;
    steps.push({
      id: `stage-${next}`,
      before: firstOfAll ? 'Start with ' : 'Continue with ',
      link: stageLink(next),
      after: firstOfAll ? `: your core idea and what makes ideas spread${then}` : then,
    });
    return steps;
  }
  if (!facts.hasTechnicalReport)
    steps.push({ id: 'technical-report', before: 'Optional: generate the technical report on ', link: stageLink(6), after: '.' });
  steps.push(
    facts.hasFinalPrompt
      ? { id: 'final-prompt', before: 'Your final prompt is ready: copy or download it on the ', link: summaryLink, after: ', or share the project.' }
      : { id: 'final-prompt', before: 'All five stages are done: generate your final prompt on the ', link: summaryLink, after: '.' },
  );
  return steps;
};
