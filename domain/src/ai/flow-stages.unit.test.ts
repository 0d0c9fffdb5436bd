import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.ts';
import type { ActiveProjectState } from '../project/state.ts';
import { emptyStage, emptyStages, type StageNumber } from '../project/stages.ts';
import {
  canEnterFlowStage,
  FLOW_STAGE_IDS,
  FlowStageLockedError,
  flowStageValues,
  FLOW_STAGES,
  isFlowStageDone,
  isFlowStageOpen,
  requireFlowStageOpen,
  type FlowProjectView,
} from './flow-stages.ts';

const project = (stages: Record<number, Record<string, unknown>> = {}): FlowProjectView => ({
  stages: [1, 2, 3, 4, 5, 6].map((stageNumber) => ({ stageNumber, data: stages[stageNumber] ?? {} })),
});

describe('the flow stages a project has reached (spec 01 §4)', () => {
  it('opens only research on an empty project', () => {
    const empty = project({ 1: { viralParameters: [], commonViralTriggers: '' } });
    expect(FLOW_STAGE_IDS.filter((id) => canEnterFlowStage(id, empty))).toEqual(['research']);
    expect(FLOW_STAGE_IDS.some((id) => isFlowStageDone(id, empty))).toBe(false);
  });

  it('counts a stage done when one of its fields holds something, and opens what depends on it', () => {
    const researched = project({ 1: { viralParameters: ['FOMO'] } });
    expect(isFlowStageDone('research', researched)).toBe(true);
    expect(canEnterFlowStage('analysis', researched)).toBe(true);
    expect(canEnterFlowStage('ideation', researched)).toBe(false);
    expect(isFlowStageDone('analysis', project({ 2: { keyInsights: '   ' } }))).toBe(false);
  });

  it("reads the technical stage from the project's technical report", () => {
    const reported = project({
      6: { technicalReport: { technicalSpecifications: { architecture: 'One page' }, implementationPlan: { phases: [] } } },
    });
    expect(flowStageValues(FLOW_STAGES.technical, reported)).toEqual({ architecture: 'One page', mvpDefinition: undefined, implementationSteps: [] });
    expect(isFlowStageDone('technical', reported)).toBe(true);
    expect(isFlowStageDone('technical', project({ 6: { technicalReport: null } }))).toBe(false);
  });
});

describe('the dependency lock on the project itself', () => {
  const state = (stages: Partial<Record<StageNumber, Record<string, unknown>>>, currentStageIndex: StageNumber = 1) =>
    ({
      currentStageIndex,
      stages: {
        ...emptyStages(),
        ...Object.fromEntries(Object.entries(stages).map(([n, data]) => [n, { ...emptyStage(Number(n) as StageNumber), ...data }])),
      },
    }) as Pick<ActiveProjectState, 'stages' | 'currentStageIndex'>;

  it('opens a stage whose dependencies hold something and refuses one whose do not (409 Cannot proceed)', () => {
    const researched = state({ 1: { viralParameters: ['FOMO'] } });
    expect(isFlowStageOpen(researched, 'analysis')).toBe(true);
    expect(() => requireFlowStageOpen(researched, 'analysis')).not.toThrow();
    expect(() => requireFlowStageOpen(researched, 'ideation')).toThrow(FlowStageLockedError);
    expect(() => requireFlowStageOpen(researched, 'ideation')).toThrow('Complete the current stage first.');
  });

  it('gives the lock the spec’s title', () => {
    const error = new FlowStageLockedError('ideation');
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.title).toBe('Cannot proceed');
  });
});
