// The flow's definition and rules are the domain's own, from the package's zod-free `flow-stages` entry: the
// package's index would pull zod and the rest of the domain into the bundle.
export { canEnterFlowStage, FLOW_STAGE_IDS, FLOW_STAGES, flowStageValues, isFlowStageDone } from '@vis/domain/flow-stages';

/** Field names as labels: 'viralParameters' → 'Viral parameters'. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${words[0]!.toUpperCase()}${words.slice(1)}`.replace(/^Mvp\b/, 'MVP');
};
