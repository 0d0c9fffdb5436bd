import { evolveProjectContent, initialProjectState, restorableContentOf, type ActiveProjectState, type ProjectEvent } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { projectSummariesProjection } from '../project-summaries/projection.ts';
import { stageFunnelProjection } from '../stage-funnel/projection.ts';
import { projectsProjection, type ProjectDocument } from './projection.ts';
import { toProjectResponse } from './response.ts';

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

const deleted = (minute: number) => ({
  type: 'ProjectDeleted',
  data: { projectId, name: 'Tip Jar', deletedAt: at(minute) },
  metadata: { at: at(minute) },
});

/** The project as the domain folds these events: what a restore event carries. */
const contentAfter = (events: { type: string; data: unknown }[]) =>
  restorableContentOf(
    events.reduce((state, event) => evolveProjectContent(state, event as ProjectEvent), initialProjectState()) as ActiveProjectState,
  );
const versionRestored = (revision: number, events: { type: string; data: unknown }[], minute: number) => ({
  type: 'ProjectVersionRestored',
  data: { projectId, revision, content: contentAfter(events), restoredAt: at(minute) },
  metadata: { at: at(minute) },
});
const restoredFromTrash = (events: { type: string; data: unknown }[], minute: number) => ({
  type: 'ProjectRestored',
  data: { projectId, ownerId: 'visitor-ann', kind: 'guided', content: contentAfter(events), deletedAt: at(minute - 1), restoredAt: at(minute) },
  metadata: { at: at(minute) },
});

const builderCreated = {
  type: 'ProjectCreated',
  data: { projectId, ownerId: 'visitor-ann', name: 'My Viral Idea', coreIdea: '', parameters: [], kind: 'builder', createdAt: at(0) },
  metadata: { at: at(0) },
};
const builderEvent = (type: string, data: Record<string, unknown>, minute: number) => ({
  type,
  data: { projectId, ...data },
  metadata: { at: at(minute) },
});
const builderWork = [
  builderCreated,
  builderEvent('BuilderCoreIdeaChanged', { coreIdea: 'A wall of tips', previousCoreIdea: '', wordCount: 4, changedAt: at(1) }, 1),
  builderEvent('BuilderParameterAdded', { category: 'emotion', step: 4, value: 'Pride', typed: null, activated: true, addedAt: at(2) }, 2),
  builderEvent('BuilderParameterRemoved', { category: 'emotion', step: 4, value: 'Pride', removedAt: at(3) }, 3),
  builderEvent('BuilderStepCompleted', { step: 1, completedSteps: [1], completedAt: at(4) }, 4),
  builderEvent('BuilderCurrentStepChanged', { step: 2, previousStep: 1, changedAt: at(4) }, 4),
];

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

  it("holds the AI's proposals waiting beside stage texts and answers them as the stage's aiSuggestions, idempotently", async () => {
    const proposed = {
      type: 'StageDraftsProposed',
      data: { projectId, stage: 4, requestId: 'ai-1', proposals: { rewardSource: 'Tips from viewers' }, proposedAt: at(6) },
      metadata: { at: at(6) },
    };
    const resolved = {
      type: 'DraftProposalResolved',
      data: { projectId, stage: 4, requestId: 'ai-1', field: 'rewardSource', choice: 'keep', resolvedAt: at(7) },
      metadata: { at: at(7) },
    };
    await harness.append(stream, [created, proposed]);
    const [doc] = await harness.find<ProjectDocument>();
    const stages = toProjectResponse(doc!).stages;
    expect(stages.find((stage) => stage.stageNumber === 4)!.aiSuggestions).toEqual([
      { requestId: 'ai-1', stage: 4, field: 'rewardSource', text: 'Tips from viewers' },
    ]);
    expect(stages.find((stage) => stage.stageNumber === 5)!.aiSuggestions).toEqual([]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
    await harness.append(stream, [resolved]);
    const [after] = await harness.find<ProjectDocument>();
    expect(toProjectResponse(after!).stages.find((stage) => stage.stageNumber === 4)!.aiSuggestions).toEqual([]);
  });

  it('drops a deleted project, and only that one', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity')]);
    await harness.append('project-p-2', [{ ...created, data: { ...created.data, projectId: 'p-2' } }]);
    await harness.append(stream, [deleted(6)]);
    expect((await harness.find<ProjectDocument>()).map((doc) => doc._id)).toEqual(['p-2']);
  });

  it('is idempotent when run twice, a deletion included', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), deleted(6)]);
    await harness.append('project-p-2', [{ ...created, data: { ...created.data, projectId: 'p-2' } }]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });

  it('restores a version and brings a project back from the trash, idempotently', async () => {
    const work = [created, added('viralParameters', 'scarcity'), added('viralParameters', 'pride', 2)];
    await harness.append(stream, [...work, versionRestored(1, work.slice(0, 2), 3)]);
    expect((await harness.find<ProjectDocument>())[0]).toMatchObject({ revision: 3, stages: { 1: { viralParameters: ['scarcity'] } } });
    await harness.append(stream, [deleted(6), restoredFromTrash(work, 7)]);
    const [back] = await harness.find<ProjectDocument>();
    expect(back).toMatchObject({ name: 'Tip Jar', revision: 5, stages: { 1: { viralParameters: ['scarcity', 'pride'] } } });
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });

  it("holds a builder project's kind and builder; a guided project's builder is null", async () => {
    await harness.append(stream, builderWork);
    await harness.append('project-p-2', [{ ...created, data: { ...created.data, projectId: 'p-2' } }]);
    const docs = await harness.find<ProjectDocument>();
    const builder = docs.find((doc) => doc._id === projectId)!;
    expect(builder).toMatchObject({ kind: 'builder', name: 'My Viral Idea', updatedAt: at(4) });
    expect(builder.builder).toMatchObject({
      coreIdea: 'A wall of tips',
      categories: { emotion: { active: true, params: [] } },
      completedSteps: [1],
      currentStep: 2,
      finished: null,
    });
    expect(docs.find((doc) => doc._id === 'p-2')).toMatchObject({ kind: 'guided', builder: null });
  });

  it('is idempotent when run twice, builder events included', async () => {
    await harness.append(stream, builderWork);
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

  it('keeps a deleted project marked for the trash, and unmarks it when restored, idempotently', async () => {
    const work = [created, added('viralParameters', 'scarcity')];
    await harness.append(stream, [...work, deleted(6)]);
    expect(await harness.find()).toEqual([
      expect.objectContaining({ _id: projectId, name: 'Tip Jar', deletedAt: at(6), restorableUntil: '2026-12-23T10:06:00.000Z' }),
    ]);
    const deletedOnce = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(deletedOnce);
    await harness.append(stream, [restoredFromTrash(work, 7)]);
    const [back] = await harness.find<{ _id: string; deletedAt?: string; createdAt: string }>();
    expect(back).toMatchObject({ name: 'Tip Jar', createdAt: at(0) });
    expect(back!.deletedAt).toBeUndefined();
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });

  it("lists a builder project with its kind, its builder's core idea and its share of the nine steps", async () => {
    await harness.append(stream, builderWork);
    const [doc] = await harness.find();
    expect(doc).toMatchObject({ kind: 'builder', coreIdea: 'A wall of tips', percentComplete: 11 });
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

  it('leaves builder projects out: they have no guided stages', async () => {
    await harness.append(stream, builderWork);
    expect(await harness.find()).toEqual([]);
  });

  it('is idempotent when run twice', async () => {
    await harness.append(stream, [created, advanced(1, true, 2)]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
