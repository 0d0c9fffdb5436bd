import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../toast.tsx';
import { projectQueryOptions } from '../projects/get-project.ts';
import { generateTechnicalReport } from './generate-technical-report.ts';
import { useAiFailure } from './use-ai-failure.ts';

/**
 * The full technical report: the server puts it into the project (stage 6) in the request that pays for it, so
 * the screen only reads the project again (at the answer's position).
 */
export const useGenerateReport = (projectId: string) => {
  const [generating, setGenerating] = useState(false);
  const aiFailure = useAiFailure();
  const toast = useToast();
  const queryClient = useQueryClient();

  /** True once the report is on the project. */
  const generate = async (): Promise<boolean> => {
    setGenerating(true);
    try {
      await generateTechnicalReport({ projectId });
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
      toast({ title: 'Report ready', description: 'The technical report is on the dashboard and the summary.', variant: 'success' });
      return true;
    } catch (error) {
      aiFailure(error, 'Failed to generate technical report', () => void generate());
      return false;
    } finally {
      setGenerating(false);
    }
  };
  return { generate, generating };
};
