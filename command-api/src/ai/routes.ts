import type Router from '@koa/router';
import { aiErrors } from './errors.ts';
import { draftStage } from './uses/draft-stage.ts';
import { enhancedPrompt } from './uses/enhanced-prompt.ts';
import { generateParameter } from './uses/generate-parameter.ts';
import { generateKindParameters, generateParameters } from './uses/generate-parameters.ts';
import { ideaStage } from './uses/idea-stage.ts';
import { processQuery } from './uses/process-query.ts';
import { promptSequence } from './uses/prompt-sequence.ts';
import { quickIdea } from './uses/quick-idea.ts';
import type { AiRoute, AiRouteDeps } from './uses/shared.ts';
import { technicalReport } from './uses/technical-report.ts';

/** One endpoint per AI use (each run once per Idempotency-Key, see `once`), each in its module under `uses/`: its body, what it asks the gateway, its answer. */
const USES: AiRoute[] = [
  generateParameters,
  generateKindParameters,
  generateParameter,
  enhancedPrompt,
  technicalReport,
  processQuery,
  promptSequence,
  ideaStage,
  quickIdea,
  draftStage,
];

export const aiRoutes = (router: Router, deps: AiRouteDeps) => {
  for (const use of USES) router[use.method](use.path, aiErrors, deps.gateway.once, (ctx) => use.handle(ctx, deps));
};
