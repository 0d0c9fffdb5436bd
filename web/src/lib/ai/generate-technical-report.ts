import type { TechnicalReportResponse } from '@vis/domain';
import { api } from '../api-client.ts';

/**
 * Spec 01 §7 POST /api/generate-technical-report, one call with four uses: the report; `promptOnly` the final
 * prompt with its audit; `auditOnly` the audit; `existingPrompt` + `removeParameters` the modified prompt.
 */
export type TechnicalReportRequest =
  | { projectId: string }
  | { projectId: string; promptOnly: true }
  | { projectId: string; auditOnly: true }
  | { projectId: string; existingPrompt: string; removeParameters: string[] };

export type { TechnicalReportResponse };

export const generateTechnicalReport = async (input: TechnicalReportRequest) => {
  const answer = await api.post<TechnicalReportResponse>('/api/generate-technical-report', input);
  if (!answer.success) throw new Error(answer.message ?? 'Failed to generate technical report');
  return answer;
};
