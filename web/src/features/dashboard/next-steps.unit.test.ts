import { describe, expect, it } from 'vitest';
import { nextSteps, type ProjectProgressFacts } from './next-steps.ts';

const fresh: ProjectProgressFacts = {
  coreIdea: '',
  stagesDone: { 1: false, 2: false, 3: false, 4: false, 5: false },
  conceptCount: 0,
  conceptChosen: false,
  hasTechnicalReport: false,
  hasFinalPrompt: false,
};
const allDone = { 1: true, 2: true, 3: true, 4: true, 5: true } as const;
const read = (facts: ProjectProgressFacts) => nextSteps(facts).map((step) => `${step.before}[${step.link.label}→${step.link.to}]${step.after}`);

describe("the dashboard's Next Steps", () => {
  it('start a new project at its core idea and stage 1', () =>
    expect(read(fresh)).toEqual(['Start with [Stage 1: Research→/stage-1]: your core idea and what makes ideas spread, then 4 more stages.']));

  it('name the first unfinished stage, skipping the done ones, whatever the order they were done in', () =>
    expect(read({ ...fresh, coreIdea: 'A daily roast pool', stagesDone: { 1: true, 2: false, 3: true, 4: false, 5: false } })).toEqual([
      'Continue with [Stage 2: Reward & Sustainability→/stage-2], then 2 more stages.',
    ]));

  it('ask for a concept choice once concepts exist and none is chosen', () => {
    const facts = { ...fresh, coreIdea: 'x', stagesDone: { ...allDone, 4: false, 5: false }, conceptCount: 3 };
    expect(read(facts)).toEqual([
      'Choose the concept to build on [Stage 3: Ideation→/stage-3].',
      'Continue with [Stage 4: Mechanics→/stage-4], then one more stage.',
    ]);
    expect(read({ ...facts, conceptChosen: true })).toEqual(['Continue with [Stage 4: Mechanics→/stage-4], then one more stage.']);
  });

  it('send a project whose core idea was cleared after stage 1 to Settings', () =>
    expect(read({ ...fresh, stagesDone: { ...fresh.stagesDone, 1: true } })[0]).toBe(
      'Add your core idea in [Settings→/settings]: every stage builds on it.',
    ));

  it('move on to the report and the final prompt when the five stages are done', () => {
    const done = { ...fresh, coreIdea: 'x', stagesDone: allDone, conceptCount: 1, conceptChosen: true };
    expect(read(done)).toEqual([
      'Optional: generate the technical report on [Stage 6: Technical→/stage-6].',
      'All five stages are done: generate your final prompt on the [Project Summary→/summary].',
    ]);
    expect(read({ ...done, hasTechnicalReport: true, hasFinalPrompt: true })).toEqual([
      'Your final prompt is ready: copy or download it on the [Project Summary→/summary], or share the project.',
    ]);
  });
});
