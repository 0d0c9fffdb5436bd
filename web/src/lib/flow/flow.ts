// The flow's definition is the domain's own constant, from the package's zod-free `flow-stages` entry: the
// package's index would pull zod and the rest of the domain into the bundle.
import { FLOW_STAGE_IDS, FLOW_STAGES, type FlowStage, type FlowStageId } from '@vis/domain/flow-stages';
import type { ProjectResponse } from '../projects/get-project.ts';

export { FLOW_STAGE_IDS, FLOW_STAGES };

const filled = (value: unknown): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
};

/** The values a stage's extraction fields hold in the project (the technical stage's live in its report). */
export const extractedValues = (stage: FlowStage, response: ProjectResponse): Record<string, unknown> => {
  const data = (response.stages.find((each) => each.stageNumber === stage.stageNumber)?.data ?? {}) as Record<string, unknown>;
  if (stage.id !== 'technical') return Object.fromEntries(Object.keys(stage.extractionFields).map((field) => [field, data[field]]));
  const report = (
    data as {
      technicalReport?: {
        technicalSpecifications: { architecture: string };
        prototypeStructure: { mvpDefinition: string };
        implementationPlan: { phases: string[] };
      } | null;
    }
  ).technicalReport;
  return {
    architecture: report?.technicalSpecifications.architecture,
    mvpDefinition: report?.prototypeStructure.mvpDefinition,
    implementationSteps: report?.implementationPlan.phases,
  };
};

/** Spec 01 §4: a stage is done when at least one of its extraction fields is not empty. */
export const isDone = (id: FlowStageId, response: ProjectResponse) => Object.values(extractedValues(FLOW_STAGES[id], response)).some(filled);

/** Spec 01 §4: a stage can be entered only when each of its dependencies is done. */
export const canEnter = (id: FlowStageId, response: ProjectResponse) =>
  FLOW_STAGES[id].dependencies.every((dependency) => isDone(dependency, response));

/** Field names as labels: 'viralParameters' → 'Viral parameters'. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${words[0]!.toUpperCase()}${words.slice(1)}`.replace(/^Mvp\b/, 'MVP');
};
