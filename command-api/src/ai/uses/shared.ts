import {
  EMPTY_PROMPT_MESSAGE,
  EMPTY_PROMPT_TITLE,
  flowStageOf,
  requireProjectOfKind,
  ValidationError,
  type ActiveProjectState,
  type GuidedParameterList,
} from '@vis/domain';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AiGateway } from '../ai-gateway.ts';
import { contextOfProject, contextOfProjectData, emptyContext } from '../context.ts';
import type { AiContext } from '../provider.ts';
import type { StageAnswers } from '../stage-answers.ts';
import type { processQueryBody } from '../schemas.ts';

export interface AiRouteDeps {
  gateway: AiGateway;
  /** The flow stages' stored answers (process-idea-stage answers a repeated question from them, free). */
  stageAnswers: StageAnswers;
}

/** One AI use's endpoint: it parses its body, asks the gateway and answers. `routes.ts` registers it behind `aiErrors`. */
export interface AiRoute {
  method: 'post';
  path: string;
  handle: (ctx: Context, deps: AiRouteDeps) => Promise<void>;
}

/** What every AI answer carries besides its payload: whether the offline generator wrote it, and the request id. */
export const answered = (result: { ai: { provider: string }; requestId: string }) => ({
  offline: result.ai.provider === 'offline',
  requestId: result.requestId,
});

/** The project's context, with what the caller sent over it: a core idea typed but not yet saved counts. */
export const contextFor = (
  project: ActiveProjectState | null,
  sent: { coreIdea?: string; projectName?: string; parameters?: string[] } = {},
): AiContext => {
  const context = project ? contextOfProject(project) : emptyContext();
  if (sent.coreIdea?.trim()) context.coreIdea = sent.coreIdea.trim();
  if (sent.projectName?.trim()) context.projectName = sent.projectName.trim();
  if (sent.parameters?.length)
    context.parameters = [...new Set([...context.parameters, ...sent.parameters.map((value) => value.trim()).filter(Boolean)])];
  return context;
};

/** The builder sends its project as a document; with a project id the stored project comes first. */
export const contextWithData = (project: ActiveProjectState | null, data: Record<string, unknown> | undefined, field = 'projectData'): AiContext => {
  if (!project && !data) throw new ValidationError(field, `${field}: send the project (or a projectId)`);
  if (!data) return contextOfProject(project!);
  const sent = contextOfProjectData(data);
  if (!project) return sent;
  const context = contextFor(project, sent);
  for (const [list, values] of Object.entries(sent.lists)) {
    const key = list as keyof AiContext['lists'];
    context.lists[key] = [...new Set([...(context.lists[key] ?? []), ...(values ?? [])])];
  }
  context.extra = sent.extra;
  // A builder's document sent with a project that holds no builder still says what its steps chose.
  if (sent.builder && !context.builder) context.builder = sent.builder;
  return context;
};

/**
 * A use that applies its answer to the guided stages refuses a builder project while nothing is charged yet,
 * rather than have the decider refuse the paid answer.
 */
export const requireGuided = (project: ActiveProjectState | null) => {
  if (project) requireProjectOfKind(project, project.projectId, project.ownerId, 'guided');
};

export const flowStage = (stage: z.infer<typeof processQueryBody>['stage']) => {
  const found = flowStageOf(stage);
  if (!found) throw new ValidationError('stage', 'stage: unknown stage');
  return found;
};

export const requirePrompt = (prompt: string, field = 'prompt') => {
  if (prompt.trim() === '') throw new ValidationError(field, EMPTY_PROMPT_MESSAGE, EMPTY_PROMPT_TITLE);
  return prompt.trim();
};

/** Exclusions the caller named plus the values the list already holds: a suggestion is new or it is nothing. */
export const exclusionsFor = (project: ActiveProjectState | null, context: AiContext, list: GuidedParameterList, sent: readonly string[] = []) => [
  ...sent,
  ...(project ? (context.lists[list] ?? []) : []),
];
