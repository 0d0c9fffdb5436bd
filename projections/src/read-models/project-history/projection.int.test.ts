import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionHarness } from '../../testing/run-projection.ts';
import { projectHistoryProjection, type ProjectHistoryDocument } from './projection.ts';

const projectId = 'p-1';
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ai = (provider: 'gemini' | 'offline') => ({ provider, model: 'm', promptVersion: 'parameters@1', ownKey: false });

const created = {
  type: 'ProjectCreated',
  data: { projectId, ownerId: 'visitor-ann', name: 'Tip Jar', coreIdea: '', parameters: [], createdAt: at(0) },
};
const transferred = { type: 'ProjectTransferred', data: { projectId, fromOwnerId: 'visitor-ann', toOwnerId: 'user-ann', transferredAt: at(1) } };
const added = { type: 'ParameterAdded', data: { projectId, list: 'viralParameters', value: 'Scarcity', addedAt: at(2) } };
const advanced = { type: 'StageAdvanced', data: { projectId, fromStage: 2, toStage: 3, skippedValidation: true, issues: ['x'], advancedAt: at(3) } };
const suggested = {
  type: 'AiSuggestionsGenerated',
  data: {
    projectId,
    requestId: 'r-1',
    asked: {},
    ai: ai('offline'),
    generatedAt: at(4),
    use: 'parameters',
    list: 'viralParameters',
    kind: 'viralParameters',
    suggestions: Array.from({ length: 10 }, (_, i) => `s${i}`),
  },
};
const keySet = { type: 'GeminiKeySet', data: { projectId, keyId: 'k-1', lastFour: 'wxyz', previousLastFour: null, setAt: at(5) } };
const keyVerified = { type: 'GeminiKeyVerified', data: { projectId, keyId: 'k-1', lastFour: 'wxyz', valid: true, verifiedAt: at(6) } };
const keyRemoved = { type: 'GeminiKeyRemoved', data: { projectId, keyId: 'k-1', lastFour: 'wxyz', removedAt: at(7) } };

let harness: Awaited<ReturnType<typeof projectionHarness>>;
beforeEach(async () => {
  harness = await projectionHarness(projectHistoryProjection);
});
afterEach(() => harness.close());

const entries = async () => (await harness.find<ProjectHistoryDocument>({ projectId })).sort((a, b) => a.sequence - b.sequence);

describe('project_history read model', () => {
  it('keeps one entry per event with its time, a sentence and the owner the event names', async () => {
    await harness.append(`project-${projectId}`, [created, transferred, added, advanced, suggested]);
    const docs = await entries();
    const [p1, p2, p3, p4, p5] = await harness.positions();
    expect(docs.map(({ type, ownerId, at: time, summary, sequence }) => ({ type, ownerId, at: time, summary, sequence }))).toEqual([
      { type: 'ProjectCreated', ownerId: 'visitor-ann', at: at(0), summary: "Created the project 'Tip Jar'", sequence: p1 },
      { type: 'ProjectTransferred', ownerId: 'user-ann', at: at(1), summary: 'Kept the project on signing in', sequence: p2 },
      { type: 'ParameterAdded', ownerId: null, at: at(2), summary: "Added 'Scarcity' to viral triggers", sequence: p3 },
      { type: 'StageAdvanced', ownerId: null, at: at(3), summary: 'Advanced from stage 2 (validation skipped)', sequence: p4 },
      { type: 'AiSuggestionsGenerated', ownerId: null, at: at(4), summary: 'AI suggested 10 viral triggers (offline)', sequence: p5 },
    ]);
    expect(docs[0]!._topics).toEqual([`history:${projectId}`]);
  });

  it('never repeats any part of a Gemini key', async () => {
    await harness.append(`project-${projectId}`, [created, keySet, keyVerified, keyRemoved]);
    const summaries = (await entries()).slice(1).map((doc) => doc.summary);
    expect(summaries).toEqual(['Set the project Gemini key', 'Verified the Gemini key: valid', 'Removed the project Gemini key']);
    expect(summaries.join(' ')).not.toContain('wxyz');
  });

  it('keeps each project apart and cuts long quotes', async () => {
    const long = 'L'.repeat(300);
    await harness.append(`project-${projectId}`, [
      created,
      { type: 'CoreIdeaChanged', data: { projectId, coreIdea: long, previousCoreIdea: '', changedAt: at(8) } },
    ]);
    await harness.append('project-p-2', [{ ...created, data: { ...created.data, projectId: 'p-2', name: 'Other' } }]);
    const docs = await entries();
    expect(docs).toHaveLength(2);
    expect(docs[1]!.summary.length).toBeLessThan(100);
    expect(await harness.find({ projectId: 'p-2' })).toHaveLength(1);
  });

  it('summarizes the builder in plain words', async () => {
    const builderId = 'p-3';
    const event = (type: string, data: Record<string, unknown>) => ({ type, data: { projectId: builderId, ...data } });
    await harness.append(`project-${builderId}`, [
      event('ProjectCreated', { ownerId: 'visitor-ann', name: 'My Viral Idea', coreIdea: '', parameters: [], kind: 'builder', createdAt: at(0) }),
      event('BuilderCoreIdeaChanged', { coreIdea: 'A wall of tips', previousCoreIdea: '', wordCount: 4, changedAt: at(1) }),
      event('BuilderViralMechanicsChanged', { viralMechanics: 'Tips show', previousViralMechanics: '', wordCount: 2, changedAt: at(1) }),
      event('BuilderParameterAdded', {
        category: 'technical',
        step: 1,
        value: 'Cloudflare Workers KV',
        typed: 'Cloudflare Workers KV storage',
        activated: true,
        addedAt: at(2),
      }),
      event('BuilderParameterRemoved', { category: 'socialCurrency', step: 3, value: 'Badges', removedAt: at(2) }),
      event('BuilderParametersCleared', { category: 'stories', step: 7, values: ['a', 'b'], clearedAt: at(2) }),
      event('BuilderStepCompleted', { step: 1, completedSteps: [1], completedAt: at(3) }),
      event('BuilderCurrentStepChanged', { step: 2, previousStep: 1, changedAt: at(3) }),
      event('BuilderPromptRecorded', { prompt: 'Build', previousPrompt: '', requestId: 'r-1', recordedAt: at(4) }),
      event('BuilderFinished', { timeSpentSeconds: 754, completedSteps: [1], previous: null, finishedAt: at(5) }),
      event('BuilderReopened', { finished: { timeSpentSeconds: 754, finishedAt: at(5) }, reopenedAt: at(6) }),
    ]);
    const summaries = (await harness.find<ProjectHistoryDocument>({ projectId: builderId }))
      .sort((a, b) => a.sequence - b.sequence)
      .map((doc) => doc.summary);
    expect(summaries).toEqual([
      "Created the builder project 'My Viral Idea'",
      "Changed the builder's core idea to 'A wall of tips'",
      "Changed the viral mechanics to 'Tips show'",
      "Added 'Cloudflare Workers KV' to technical framework (cut to the word limit)",
      "Removed 'Badges' from social currency",
      'Cleared 2 parameters from stories',
      'Completed step 1, Core Idea',
      'Went from step 1 to step 2, Closed Loop System',
      'Saved the enhanced prompt',
      'Finished the viral idea in 12:34 (1 of 9 steps complete)',
      'Went back to the editor',
    ]);
  });

  it('is idempotent when run twice', async () => {
    await harness.append(`project-${projectId}`, [created, added, suggested]);
    await harness.append(`project-${projectId}`, [advanced, keySet]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
