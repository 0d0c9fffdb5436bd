import type Router from '@koa/router';
import {
  AI_FAILURE_MESSAGES,
  BUILDER_PARAMETER_KINDS,
  builderKindOfPrompt,
  EMPTY_IDEA_MESSAGE,
  EMPTY_IDEA_TITLE,
  EMPTY_PROMPT_MESSAGE,
  EMPTY_PROMPT_TITLE,
  flowStageOf,
  GUIDED_PARAMETER_KINDS,
  guidedListOf,
  NO_PARAMETERS_GENERATED,
  PARAMETER_LISTS,
  STAGE_TWO_KIND_NAMES,
  STAGE_TWO_KINDS,
  technicalReportSchema,
  ValidationError,
  type ActiveProjectState,
  type GenerateParametersResponse,
  type GuidedParameterList,
  type IdeaStageResponse,
  type QuickGenerateIdeaResponse,
  type StageTwoKind,
  type TechnicalReport,
  type TechnicalReportResponse,
} from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AiGateway } from './ai-gateway.ts';
import { auditedAgainst, cleanSuggestions, quickProjectData, requireText, stageResults, withoutParameters } from './answers.ts';
import { contextOfProject, contextOfProjectData, emptyContext, extraContextOf } from './context.ts';
import { aiErrors } from './errors.ts';
import type { AiContext } from './provider.ts';
import {
  enhancedPromptBody,
  generateKindParametersBody,
  generateParameterBody,
  generateParametersBody,
  ideaStageBody,
  processQueryBody,
  promptSequenceBody,
  quickIdeaBody,
  technicalReportBody,
} from './schemas.ts';

/** What every AI answer carries besides its payload: whether the offline generator wrote it, and the request id. */
const answered = (result: { ai: { provider: string }; requestId: string }) => ({
  offline: result.ai.provider === 'offline',
  requestId: result.requestId,
});

/** The project's context, with what the caller sent over it: a core idea typed but not yet saved counts. */
const contextFor = (project: ActiveProjectState | null, sent: { coreIdea?: string; projectName?: string; parameters?: string[] } = {}): AiContext => {
  const context = project ? contextOfProject(project) : emptyContext();
  if (sent.coreIdea?.trim()) context.coreIdea = sent.coreIdea.trim();
  if (sent.projectName?.trim()) context.projectName = sent.projectName.trim();
  if (sent.parameters?.length)
    context.parameters = [...new Set([...context.parameters, ...sent.parameters.map((value) => value.trim()).filter(Boolean)])];
  return context;
};

/** The builder sends its project as a document; with a project id the stored project comes first. */
const contextWithData = (project: ActiveProjectState | null, data: Record<string, unknown> | undefined, field = 'projectData'): AiContext => {
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
  return context;
};

const flowStage = (stage: z.infer<typeof processQueryBody>['stage']) => {
  const found = flowStageOf(stage);
  if (!found) throw new ValidationError('stage', 'stage: unknown stage');
  return found;
};

const requirePrompt = (prompt: string, field = 'prompt') => {
  if (prompt.trim() === '') throw new ValidationError(field, EMPTY_PROMPT_MESSAGE, EMPTY_PROMPT_TITLE);
  return prompt.trim();
};

/** Exclusions the caller named plus the values the list already holds: a suggestion is new or it is nothing. */
const exclusionsFor = (project: ActiveProjectState | null, context: AiContext, list: GuidedParameterList, sent: readonly string[] = []) => [
  ...sent,
  ...(project ? (context.lists[list] ?? []) : []),
];

/**
 * The builder's `currentValues`: the core idea plus, by kind, the viral triggers and core tech (spec 02 §7), or
 * a plain list of the values chosen so far. Listed values are never suggested again.
 */
const builderValues = (currentValues: z.infer<typeof generateParameterBody>['currentValues']) => {
  if (!currentValues) return { coreIdea: '', known: [] as string[], extra: '' };
  if (Array.isArray(currentValues)) return { coreIdea: '', known: currentValues, extra: '' };
  const known: string[] = [];
  const extra: string[] = [];
  let coreIdea = '';
  for (const [field, value] of Object.entries(currentValues)) {
    if (field === 'coreIdea' && typeof value === 'string') {
      coreIdea = value;
      continue;
    }
    const values = typeof value === 'string' ? value.split(/[,\n]+/) : value;
    const items = values.map((item) => item.trim()).filter(Boolean);
    known.push(...items);
    if (items.length > 0) extra.push(`${field}: ${items.join(', ')}`);
  }
  return { coreIdea, known, extra: extra.join('\n') };
};

const sizedReport = (report: TechnicalReport) => {
  if (!report.detailedIdea.trim() && !report.technicalSpecifications.architecture.trim() && !report.prototypeStructure.mvpDefinition.trim()) {
    requireText('');
  }
  return report;
};

export const aiRoutes = (router: Router, { gateway }: { gateway: AiGateway }) => {
  const post = (path: string, handler: (ctx: Context) => Promise<void>) => router.post(path, aiErrors, handler);

  const generateFor = async (ctx: Context, list: GuidedParameterList, body: z.infer<typeof generateKindParametersBody>) => {
    const kind = GUIDED_PARAMETER_KINDS[list];
    const count = body.count ?? kind.count;
    const result = await gateway.run(ctx, {
      use: 'parameters',
      failure: AI_FAILURE_MESSAGES.parameters,
      emptyTitle: NO_PARAMETERS_GENERATED,
      projectId: body.projectId,
      input: (project) => {
        const context = contextFor(project, body);
        return { context, list, kind, count, exclude: exclusionsFor(project, context, list, body.excludeParameters) };
      },
      accept: (output, input) => ({ parameters: cleanSuggestions(output.parameters, { count, maxWords: kind.maxWords, exclude: input.exclude }) }),
      record: (output, { requestId, ai, input }) => ({
        type: 'RecordAiSuggestions',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'parameters',
          list,
          kind: list,
          asked: { count, excluded: input.exclude, coreIdea: input.context.coreIdea },
          suggestions: output.parameters,
        },
      }),
      done: (output) => `Generated ${output.parameters.length} parameters`,
    });
    ctx.body = {
      success: true,
      parameters: result.output.parameters,
      message: `Generated ${result.output.parameters.length} parameters`,
      ...answered(result),
    } satisfies GenerateParametersResponse;
  };

  /** Stage 1 names a list by `fieldType`; stage 2 by `stageId: 2` and (ours) `fieldType`, else its sustainability list. */
  post('/api/generate-parameters', async (ctx) => {
    const body = parseInput(generateParametersBody, ctx.request.body);
    const stage = body.stageId === undefined ? undefined : Number(body.stageId);
    const fallback: GuidedParameterList = stage === 2 ? 'sustainabilityParameters' : 'viralParameters';
    const list = body.fieldType ? guidedListOf(body.fieldType) : fallback;
    if (!list) throw new ValidationError('fieldType', `fieldType: unknown parameter kind '${body.fieldType}'`);
    if (stage !== undefined && PARAMETER_LISTS[list].stage !== stage) {
      throw new ValidationError('fieldType', `fieldType: '${body.fieldType}' is not a stage ${stage} list`);
    }
    const { fieldType: _fieldType, stageId: _stageId, ...rest } = body;
    await generateFor(ctx, list, rest);
  });

  /** The spec's per-kind generation for stage 2, path not shown there: one path per kind. */
  post('/api/generate-parameters/:kind', async (ctx) => {
    const kind = (ctx.params as Record<string, string>).kind!;
    if (!(STAGE_TWO_KIND_NAMES as readonly string[]).includes(kind)) {
      throw new ValidationError('kind', `kind: one of ${STAGE_TWO_KIND_NAMES.join(', ')}`);
    }
    await generateFor(ctx, STAGE_TWO_KINDS[kind as StageTwoKind], parseInput(generateKindParametersBody, ctx.request.body));
  });

  post('/api/generate-parameter', async (ctx) => {
    const body = parseInput(generateParameterBody, ctx.request.body);
    const prompt = requirePrompt(body.prompt);
    const kind = body.kind ?? builderKindOfPrompt(prompt);
    const count = body.count ?? BUILDER_PARAMETER_KINDS[kind].count;
    const maxWords = body.maxWords ?? BUILDER_PARAMETER_KINDS[kind].maxWords;
    const values = builderValues(body.currentValues);
    const result = await gateway.run(ctx, {
      use: 'builderParameter',
      failure: AI_FAILURE_MESSAGES.builderParameter,
      emptyTitle: NO_PARAMETERS_GENERATED,
      projectId: body.projectId,
      input: (project) => {
        const context = contextFor(project, { coreIdea: values.coreIdea });
        context.extra = values.extra;
        return { context, kind, prompt, count, maxWords, exclude: [...values.known, ...(body.exclude ?? [])] };
      },
      accept: (output, input) => ({ parameters: cleanSuggestions(output.parameters, { count, maxWords, exclude: input.exclude }) }),
      record: (output, { requestId, ai, input }) => ({
        type: 'RecordAiSuggestions',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'builderParameter',
          list: null,
          kind,
          asked: { prompt, count, maxWords, excluded: input.exclude },
          suggestions: output.parameters,
        },
      }),
      done: (output) => `Generated ${output.parameters.length} parameters`,
    });
    ctx.body = {
      success: true,
      message: `Generated ${result.output.parameters.length} parameters`,
      results: result.output.parameters,
      ...answered(result),
    };
  });

  post('/api/generate-enhanced-prompt', async (ctx) => {
    const body = parseInput(enhancedPromptBody, ctx.request.body);
    const result = await gateway.run(ctx, {
      use: 'enhancedPrompt',
      failure: AI_FAILURE_MESSAGES.enhancedPrompt,
      projectId: body.projectId,
      input: (project) => ({ context: contextWithData(project, body.projectData) }),
      accept: (output) => ({ enhancedPrompt: requireText(output.enhancedPrompt) }),
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiPrompt',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'enhancedPrompt',
          asked: { projectData: body.projectData !== undefined },
          prompts: [output.enhancedPrompt],
        },
      }),
      done: () => 'Enhanced prompt generated',
    });
    ctx.body = { success: true, message: 'Enhanced Prompt Generated', enhancedPrompt: result.output.enhancedPrompt, ...answered(result) };
  });

  /**
   * One call, four uses (spec 01 §7, §2 Summary): the technical report; `promptOnly` the final prompt with its
   * audit; `auditOnly` the audit alone; `existingPrompt` + `removeParameters` the modified prompt (audit cleared).
   */
  post('/api/generate-technical-report', async (ctx) => {
    const body = parseInput(technicalReportBody, ctx.request.body);
    if (body.promptOnly && body.auditOnly) throw new ValidationError('auditOnly', 'auditOnly: ask for the prompt or for the audit, not both');
    const base = (project: ActiveProjectState | null) => contextWithData(project, body.projectData);
    const asked = { promptOnly: body.promptOnly ?? false, auditOnly: body.auditOnly ?? false, removeParameters: body.removeParameters ?? [] };
    const { projectId } = body;

    if (body.existingPrompt !== undefined && body.removeParameters?.length) {
      const existingPrompt = requirePrompt(body.existingPrompt, 'existingPrompt');
      const removeParameters = body.removeParameters;
      const result = await gateway.run(ctx, {
        use: 'modifiedPrompt',
        failure: AI_FAILURE_MESSAGES.modifiedPrompt,
        projectId,
        input: (project) => ({ context: withoutParameters(base(project), removeParameters), existingPrompt, removeParameters }),
        accept: (output) => ({ finalPrompt: requireText(output.finalPrompt) }),
        record: (output, { requestId, ai }) => ({
          type: 'RecordAiPrompt',
          data: { projectId: projectId!, requestId, ai, use: 'modifiedPrompt', asked, prompts: [output.finalPrompt], incompatibleParameters: [] },
        }),
        done: () => 'Modified prompt generated',
      });
      ctx.body = {
        success: true,
        message: 'Modified prompt generated',
        report: { finalPrompt: result.output.finalPrompt, parameterAudit: { incompatibleParameters: [] } },
        ...answered(result),
      } satisfies TechnicalReportResponse;
      return;
    }
    if (body.promptOnly) {
      const result = await gateway.run(ctx, {
        use: 'finalPrompt',
        failure: AI_FAILURE_MESSAGES.finalPrompt,
        projectId,
        input: (project) => ({ context: base(project) }),
        accept: (output, input) => ({
          finalPrompt: requireText(output.finalPrompt),
          incompatibleParameters: auditedAgainst(input.context, output.incompatibleParameters),
        }),
        record: (output, { requestId, ai }) => ({
          type: 'RecordAiPrompt',
          data: {
            projectId: projectId!,
            requestId,
            ai,
            use: 'finalPrompt',
            asked,
            prompts: [output.finalPrompt],
            incompatibleParameters: output.incompatibleParameters,
          },
        }),
        done: () => 'Final prompt generated',
      });
      const { finalPrompt, incompatibleParameters } = result.output;
      ctx.body = {
        success: true,
        message: 'Final prompt generated',
        report: { finalPrompt, parameterAudit: { incompatibleParameters } },
        ...answered(result),
      } satisfies TechnicalReportResponse;
      return;
    }
    if (body.auditOnly) {
      const result = await gateway.run(ctx, {
        use: 'parameterAudit',
        failure: AI_FAILURE_MESSAGES.parameterAudit,
        projectId,
        input: (project) => ({ context: base(project) }),
        accept: (output, input) => ({ incompatibleParameters: auditedAgainst(input.context, output.incompatibleParameters) }),
        record: (output, { requestId, ai }) => ({
          type: 'RecordAiReport',
          data: {
            projectId: projectId!,
            requestId,
            ai,
            use: 'parameterAudit',
            asked,
            report: technicalReportSchema.parse({ parameterAudit: output }),
          },
        }),
        done: (output) => `${output.incompatibleParameters.length} incompatible parameters found`,
      });
      ctx.body = {
        success: true,
        message: 'Parameters audited',
        report: { parameterAudit: result.output },
        ...answered(result),
      } satisfies TechnicalReportResponse;
      return;
    }
    const result = await gateway.run(ctx, {
      use: 'technicalReport',
      failure: AI_FAILURE_MESSAGES.technicalReport,
      projectId,
      input: (project) => ({ context: base(project) }),
      accept: (report, input) =>
        sizedReport({
          ...report,
          parameterAudit: { incompatibleParameters: auditedAgainst(input.context, report.parameterAudit.incompatibleParameters) },
        }),
      record: (report, { requestId, ai }) => ({
        type: 'RecordAiReport',
        data: { projectId: projectId!, requestId, ai, use: 'technicalReport', asked, report },
      }),
      done: () => 'Technical report generated',
    });
    ctx.body = { success: true, message: 'Technical report generated', report: result.output, ...answered(result) } satisfies TechnicalReportResponse;
  });

  post('/api/process-query', async (ctx) => {
    const body = parseInput(processQueryBody, ctx.request.body);
    const query = requirePrompt(body.query, 'query');
    const stage = flowStage(body.stage);
    const result = await gateway.run(ctx, {
      use: 'processQuery',
      failure: AI_FAILURE_MESSAGES.processQuery,
      projectId: body.projectId,
      input: (project) => ({ context: { ...contextFor(project), extra: extraContextOf(body.context) }, query, stage }),
      accept: (output) => ({ response: requireText(output.response), suggestions: output.suggestions.map((item) => item.trim()).filter(Boolean) }),
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiResults',
        data: { projectId: body.projectId!, requestId, ai, use: 'processQuery', asked: { query, stage: stage.id }, results: output },
      }),
      done: () => 'Query answered',
    });
    ctx.body = { success: true, response: result.output.response, suggestions: result.output.suggestions, stage: stage.id, ...answered(result) };
  });

  post('/api/generate-prompt-sequence', async (ctx) => {
    const body = parseInput(promptSequenceBody, ctx.request.body);
    const stage = flowStage(body.stage);
    const result = await gateway.run(ctx, {
      use: 'promptSequence',
      failure: AI_FAILURE_MESSAGES.promptSequence,
      projectId: body.projectId,
      input: (project) => ({
        context: { ...contextFor(project), extra: extraContextOf(body.context) },
        stage,
        input: body.input ?? '',
        config: body.config ?? {},
      }),
      accept: (output) => {
        const prompts = output.prompts.map((prompt) => prompt.trim()).filter(Boolean);
        if (prompts.length === 0) requireText('');
        return { prompts };
      },
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiPrompt',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'promptSequence',
          asked: { stage: stage.id, input: body.input ?? '' },
          prompts: output.prompts,
        },
      }),
      done: (output) => `${output.prompts.length} prompts generated`,
    });
    ctx.body = { success: true, prompts: result.output.prompts, stage: stage.id, ...answered(result) };
  });

  post('/api/process-idea-stage', async (ctx) => {
    const body = parseInput(ideaStageBody, ctx.request.body);
    const prompt = requirePrompt(body.prompt);
    const stage = flowStage(body.stage);
    const iterations = body.options?.iterations ?? 1;
    const focusOn = body.options?.focusOn ?? '';
    const quick = body.options?.quick ?? false;
    const result = await gateway.run(ctx, {
      use: 'ideaStage',
      failure: AI_FAILURE_MESSAGES.ideaStage,
      projectId: body.projectId,
      input: (project) => ({ context: { ...contextFor(project), extra: extraContextOf(body.context) }, stage, prompt, focusOn, iterations, quick }),
      accept: (output, input) => ({ fields: stageResults(stage, output.fields, input.context), summary: output.summary.trim() }),
      record: (output, { requestId, ai }) => ({
        type: 'RecordAiResults',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'ideaStage',
          asked: { stage: stage.id, prompt, focusOn, iterations, quick },
          results: output,
        },
      }),
      done: () => `${stage.title} stage processed`,
    });
    ctx.body = {
      success: true,
      results: { stage: stage.id, stageNumber: stage.stageNumber, iterations, summary: result.output.summary, ...result.output.fields },
      ...answered(result),
    } satisfies IdeaStageResponse;
  });

  post('/api/quick-generate-idea', async (ctx) => {
    const body = parseInput(quickIdeaBody, ctx.request.body);
    if (body.coreIdea.trim() === '') throw new ValidationError('coreIdea', EMPTY_IDEA_MESSAGE, EMPTY_IDEA_TITLE);
    const result = await gateway.run(ctx, {
      use: 'quickIdea',
      failure: AI_FAILURE_MESSAGES.quickIdea,
      projectId: body.projectId,
      input: (project) => ({ context: contextFor(project, body) }),
      accept: (output, input) => {
        quickProjectData(output, input.context);
        return output;
      },
      record: (output, { requestId, ai, input }) => ({
        type: 'RecordAiResults',
        data: {
          projectId: body.projectId!,
          requestId,
          ai,
          use: 'quickIdea',
          asked: { coreIdea: input.context.coreIdea, parameters: input.context.parameters },
          results: quickProjectData(output, input.context),
        },
      }),
      done: () => 'Idea generated',
    });
    ctx.body = {
      success: true,
      message: 'Idea generated',
      projectData: quickProjectData(result.output, result.input.context),
      ...answered(result),
    } satisfies QuickGenerateIdeaResponse;
  });
};
