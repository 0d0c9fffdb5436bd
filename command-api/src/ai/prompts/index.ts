import type { AiUse } from '../provider.ts';
import { builderParameterPrompt } from './builder-parameter.ts';
import { enhancedPromptPrompt } from './enhanced-prompt.ts';
import { finalPromptPrompt } from './final-prompt.ts';
import { ideaStagePrompt } from './idea-stage.ts';
import { modifiedPromptPrompt } from './modified-prompt.ts';
import { parameterAuditPrompt } from './parameter-audit.ts';
import { parametersPrompt } from './parameters.ts';
import type { PromptModule } from './prompt-module.ts';
import { processQueryPrompt } from './process-query.ts';
import { promptSequencePrompt } from './prompt-sequence.ts';
import { quickIdeaPrompt } from './quick-idea.ts';
import { technicalReportPrompt } from './technical-report.ts';

export const PROMPTS: { [U in AiUse]: PromptModule<U> } = {
  parameters: parametersPrompt,
  builderParameter: builderParameterPrompt,
  enhancedPrompt: enhancedPromptPrompt,
  technicalReport: technicalReportPrompt,
  finalPrompt: finalPromptPrompt,
  parameterAudit: parameterAuditPrompt,
  modifiedPrompt: modifiedPromptPrompt,
  processQuery: processQueryPrompt,
  promptSequence: promptSequencePrompt,
  ideaStage: ideaStagePrompt,
  quickIdea: quickIdeaPrompt,
};
