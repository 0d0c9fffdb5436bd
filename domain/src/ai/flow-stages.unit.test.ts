import { describe, expect, it } from 'vitest';
import { canEnterFlowStage, FLOW_STAGE_IDS, flowStageValues, FLOW_STAGES, isFlowStageDone, type FlowProjectView } from './flow-stages.ts';

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
