import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Projection } from '../../engine/define-projection.ts';
import { projectionHarness } from '../../testing/run-projection.ts';
import { projectsProjection, type ProjectDocument } from './projection.ts';

const projectId = 'p-1';
const stream = `project-${projectId}`;
const created = { type: 'ProjectCreated', data: { projectId, ownerId: 'visitor-ann', name: 'Tip Jar', coreIdea: 'a page that pays', parameters: ['Viral'], createdAt: '2026-11-23T10:00:00.000Z' } };
const added = (list: string, value: string, at = '2026-11-23T10:01:00.000Z') => ({ type: 'ParameterAdded', data: { projectId, list, value, addedAt: at } });

let harness: Awaited<ReturnType<typeof projectionHarness>>;
beforeEach(async () => {
  harness = await projectionHarness(projectsProjection as unknown as Projection);
});
afterEach(() => harness.close());

describe('projects read model', () => {
  it('holds what the stage screens read: owner, name, core idea, parameters and five stages', async () => {
    await harness.append(stream, [created]);
    const [doc] = await harness.find<ProjectDocument>();
    expect(doc).toMatchObject({ _id: projectId, ownerId: 'visitor-ann', name: 'Tip Jar', coreIdea: 'a page that pays', parameters: ['Viral'], currentStageIndex: 1, _topics: ['project:p-1'] });
    expect(doc!.stages.map((stage) => stage.stageNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(doc!.stages[0]!.data).toMatchObject({ viralParameters: [] });
    expect(doc!.stages[1]!.data).toMatchObject({ rewardSourceParameters: [], audienceReachParameters: [] });
  });

  it('appends to the named stage list or the global list', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), added('viralParameters', 'FOMO', '2026-11-23T10:02:00.000Z'), added('parameters', 'XNO Crypto')]);
    const [doc] = await harness.find<ProjectDocument>();
    expect(doc!.stages[0]!.data).toMatchObject({ viralParameters: ['scarcity', 'FOMO'] });
    expect(doc!.parameters).toEqual(['Viral', 'XNO Crypto']);
    expect(doc!.updatedAt).toBe('2026-11-23T10:01:00.000Z');
  });

  it('is idempotent when run twice', async () => {
    await harness.append(stream, [created, added('viralParameters', 'scarcity'), added('techParameters', 'WebSockets')]);
    const once = await harness.find();
    await harness.replayAll();
    expect(await harness.find()).toEqual(once);
  });
});
