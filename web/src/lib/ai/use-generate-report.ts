import type { TechnicalReport } from '@vis/domain';
import { useState } from 'react';
import { useToast } from '../toast.tsx';
import { useRecordTechnicalReport } from '../projects/record-technical-report.ts';
import { generateTechnicalReport } from './generate-technical-report.ts';
import { useAiFailure } from './use-ai-failure.ts';

/** The full technical report: asked of the AI, then kept on the project (stage 6) by its own command. */
export const useGenerateReport = (projectId: string) => {
  const [generating, setGenerating] = useState(false);
  const aiFailure = useAiFailure();
  const toast = useToast();
  const record = useRecordTechnicalReport(projectId);

  /** True once the report is kept on the project. */
  const generate = async (): Promise<boolean> => {
    setGenerating(true);
    try {
      const { report } = await generateTechnicalReport({ projectId });
      await record.mutateAsync(report as TechnicalReport);
      toast({ title: 'Report ready', description: 'The technical report is on the dashboard and the summary.', variant: 'success' });
      return true;
    } catch (error) {
      aiFailure(error, 'Failed to generate technical report');
      return false;
    } finally {
      setGenerating(false);
    }
  };
  return { generate, generating };
};
