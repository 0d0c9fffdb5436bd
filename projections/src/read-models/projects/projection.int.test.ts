import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { projectSummariesProjection } from '../project-summaries/projection.ts';
import { stageFunnelProjection } from '../stage-funnel/projection.ts';
import { projectsProjection, type ProjectDocument } from './projection.ts';

const projectId = 'p-1';
const stream = `project-${projectId}`;
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const created = {
  type: 'ProjectCreated',
  data: { projectId, ownerId: 'visitor-ann', name: 'Tip Jar', coreIdea: 'a page that pays', parameters: ['Viral'], createdAt: at(0) },
  metadata: { at: at(0) },
};
const added = (list: string, value: string, minute = 1) => ({
  type: 'ParameterAdded',
  data: { projectId, list, value, addedAt: at(minute) },
  metadata: { at: at(minute) },
});
const advanced = (fromStage: number, skippedValidation: boolean, minute: number) => ({
  type: 'StageAdvanced',
  data: {
    projectId,
    fromStage,
    toStage: fromStage + 1,
    skippedValidation,
    issues: skippedValidation ? ['audienceSegments: Add at least one audience segment'] : [],
    advancedAt: at(minute),
  },
  metadata: { at: at(minute) },
});
const insights = (text: string) => ({
  type: 'StageNotesUpdated',
  data: { projectId, stage: 2, fields: { keyInsights: text }, previous: { keyInsights: '' }, updatedAt: at(5) },
  metadata: { at: at(5) },
});

describe('projects read model', () => {
  let harness: Awaited<ReturnType<typeof projectionHarness>>;
  beforeEach(async () => {
    harness = await projectionHarness(projectsProjection);
  });
  afterEach(() => harness.close());

  it('holds the folded project with its stages, progress and previous-stage context', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), added('viralParameters', 'FOMO', 2), insights('x'.repeat(150))]);
    const [doc] = await harness.find<ProjectDocument>();
    expect(doc).toMatchObject({
      _id: projectId,
      ownerId: 'visitor-ann',
      name: 'Tip Jar',
      coreIdea: 'a page that pays',
      parameters: ['Viral'],
      currentStageIndex: 1,
      aiKeyStatus: 'Not Set',
      _topics: ['project:p-1'],
    });
    expect(doc!.stages[1].viralParameters).toEqual(['scarcity', 'FOMO']);
    expect(doc!.progress).toMatchObject({ completed: 1, percent: 20 });
    expect(doc!.context[1]!.viralTriggers).toBe('scarcity, FOMO');
    expect(doc!.context[2]!.keyInsights.length).toBeLessThanOrEqual(120);
    expect(doc).toMatchObject({ createdAt: at(0), updatedAt: at(5) });
  });

  it('is idempotent when run twice', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), advanced(1, false, 3)]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});

describe('project_summaries read model', () => {
  let harness: Awaited<ReturnType<typeof projectionHarness>>;
  beforeEach(async () => {
    harness = await projectionHarness(projectSummariesProjection);
  });
  afterEach(() => harness.close());

  it("keeps one line per project on its owner's topic", async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), advanced(1, false, 3)]);
    const [doc] = await harness.find();
    expect(doc).toMatchObject({
      _id: projectId,
      ownerId: 'visitor-ann',
      name: 'Tip Jar',
      currentStageIndex: 2,
      percentComplete: 20,
      updatedAt: at(3),
      _topics: ['projects:visitor-ann'],
    });
  });

  it('is idempotent when run twice', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity')]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});

describe('stage_funnel read model', () => {
  let harness: Awaited<ReturnType<typeof projectionHarness>>;
  beforeEach(async () => {
    harness = await projectionHarness(stageFunnelProjection);
  });
  afterEach(() => harness.close());

  it('records the furthest stage and where validation was skipped, once per stage', async () => {
    const back = { type: 'CurrentStageChanged', data: { projectId, stage: 2, previousStage: 3, changedAt: at(6) }, metadata: { at: at(6) } };
    await harness.append(stream, [created, advanced(1, false, 2), advanced(2, true, 3), back, advanced(2, true, 7)]);
    const [doc] = await harness.find();
    expect(doc).toMatchObject({ _id: projectId, reachedStage: 3, skippedFrom: [2], skippedAdvances: 2 });
  });

  it('is idempotent when run twice', async () => {
    await harness.append(stream, [created, advanced(1, true, 2)]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
