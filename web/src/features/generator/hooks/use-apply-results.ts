import type { FlowStage, IdeaConcept, TechnicalReport } from '@vis/domain';
import { stageId } from '@vis/domain/contract/names';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { projectQueryOptions, type ProjectResponse } from '../../../lib/projects/get-project.ts';
import { proposeConcepts } from '../../../lib/projects/propose-concepts.ts';
import { recordTechnicalReport } from '../../../lib/projects/record-technical-report.ts';
import { updateStage } from '../../../lib/projects/update-stage.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim().length >= 2) : [];

/**
 * A flow stage's results land in the project fields they are named after (domain/src/ai/flow-stages.ts): lists
 * are merged without duplicates, texts replace what was there, concepts are proposed, the technical stage's
 * fields start a technical report. One command (or one PATCH) per stage.
 */
export const useApplyResults = (projectId: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    async (stage: FlowStage, results: Record<string, unknown>, response: ProjectResponse) => {
      if (stage.id === 'ideation') {
        const concepts = (Array.isArray(results.ideaConcepts) ? results.ideaConcepts : []) as IdeaConcept[];
        if (concepts.length > 0) await proposeConcepts(projectId, concepts);
      } else if (stage.id === 'technical') {
        const report = {
          technicalSpecifications: { architecture: text(results.architecture) },
          prototypeStructure: { mvpDefinition: text(results.mvpDefinition) },
          implementationPlan: { phases: strings(results.implementationSteps) },
        } as unknown as TechnicalReport;
        await recordTechnicalReport(projectId, report);
      } else {
        const current = (response.stages.find((each) => each.stageNumber === stage.stageNumber)?.data ?? {}) as Record<string, unknown>;
        const data: Record<string, unknown> = {};
        for (const [field, shape] of Object.entries(stage.extractionFields)) {
          if (shape === 'list') data[field] = [...new Set([...strings(current[field]), ...strings(results[field])])];
          else if (typeof results[field] === 'string' && results[field].trim() !== '') data[field] = results[field];
        }
        await updateStage(projectId, { stageId: stageId.format(projectId, stage.stageNumber), data });
      }
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
    },
    [projectId, queryClient],
  );
};
