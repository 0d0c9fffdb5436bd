import {
  AI_FAILURE_MESSAGES,
  MAX_PROMPT_LENGTH,
  technicalReportSchema,
  withoutUnsafeTextCharacters,
  ValidationError,
  type ActiveProjectState,
  type TechnicalReport,
  type TechnicalReportResponse,
} from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AiGateway, OutcomeCommand } from '../ai-gateway.ts';
import { auditedAgainst, requireText, withoutParameters } from '../answers.ts';
import { technicalReportBody } from '../schemas.ts';
import { answered, contextWithData, requirePrompt, type AiRoute } from './shared.ts';

type ReportBody = z.infer<typeof technicalReportBody>;

const baseContext = (body: ReportBody) => (project: ActiveProjectState | null) => contextWithData(project, body.projectData);

const askedOf = (body: ReportBody) => ({
  promptOnly: body.promptOnly ?? false,
  auditOnly: body.auditOnly ?? false,
  removeParameters: body.removeParameters ?? [],
});

/**
 * A prompt as the project keeps it: a model's stray control character or an overlong answer must not turn a
 * paid answer into a refused command.
 */
const keptPrompt = (prompt: string) => requireText(withoutUnsafeTextCharacters(prompt).slice(0, MAX_PROMPT_LENGTH));

/**
 * What the project keeps of an answer (spec 01 §4 Summary), recorded with it in one append: the final or modified
 * prompt, the report. A builder project has no summary; there the answer is history only.
 */
const applied = (guided: boolean, recorded: OutcomeCommand, kept: OutcomeCommand): OutcomeCommand[] => (guided ? [recorded, kept] : [recorded]);
const isGuided = (project: ActiveProjectState | null) => project?.kind !== 'builder';

/** The answer and, when it was put into the project, where (X-Min-Position for the screen's next read). */
const withPosition = (result: { position: string | null }) => (result.position === null ? {} : { position: result.position });

const sizedReport = (report: TechnicalReport) => {
  if (!report.detailedIdea.trim() && !report.technicalSpecifications.architecture.trim() && !report.prototypeStructure.mvpDefinition.trim()) {
    requireText('');
  }
  return report;
};

const modifiedPrompt = async (ctx: Context, gateway: AiGateway, body: ReportBody, sentPrompt: string, removeParameters: string[]) => {
  const base = baseContext(body);
  const asked = askedOf(body);
  const { projectId } = body;
  const existingPrompt = requirePrompt(sentPrompt, 'existingPrompt');
  let guided = false;
  const result = await gateway.run(ctx, {
    use: 'modifiedPrompt',
    failure: AI_FAILURE_MESSAGES.modifiedPrompt,
    projectId,
    input: (project) => {
      guided = isGuided(project);
      return { context: withoutParameters(base(project), removeParameters), existingPrompt, removeParameters };
    },
    accept: (output) => ({ finalPrompt: keptPrompt(output.finalPrompt) }),
    record: (output, { requestId, ai }) =>
      applied(
        guided,
        {
          type: 'RecordAiPrompt',
          data: { projectId: projectId!, requestId, ai, use: 'modifiedPrompt', asked, prompts: [output.finalPrompt], incompatibleParameters: [] },
        },
        { type: 'RecordFinalPrompt', data: { projectId: projectId!, prompt: output.finalPrompt } },
      ),
    done: () => 'Modified prompt generated',
  });
  ctx.body = {
    success: true,
    message: 'Modified prompt generated',
    report: { finalPrompt: result.output.finalPrompt, parameterAudit: { incompatibleParameters: [] } },
    ...answered(result),
    ...withPosition(result),
  } satisfies TechnicalReportResponse;
};

const finalPrompt = async (ctx: Context, gateway: AiGateway, body: ReportBody) => {
  const base = baseContext(body);
  const asked = askedOf(body);
  const { projectId } = body;
  let guided = false;
  const result = await gateway.run(ctx, {
    use: 'finalPrompt',
    failure: AI_FAILURE_MESSAGES.finalPrompt,
    projectId,
    input: (project) => {
      guided = isGuided(project);
      return { context: base(project) };
    },
    accept: (output, input) => ({
      finalPrompt: keptPrompt(output.finalPrompt),
      incompatibleParameters: auditedAgainst(input.context, output.incompatibleParameters),
    }),
    record: (output, { requestId, ai }) =>
      applied(
        guided,
        {
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
        },
        { type: 'RecordFinalPrompt', data: { projectId: projectId!, prompt: output.finalPrompt } },
      ),
    done: () => 'Final prompt generated',
  });
  const { finalPrompt, incompatibleParameters } = result.output;
  ctx.body = {
    success: true,
    message: 'Final prompt generated',
    report: { finalPrompt, parameterAudit: { incompatibleParameters } },
    ...answered(result),
    ...withPosition(result),
  } satisfies TechnicalReportResponse;
};

const parameterAudit = async (ctx: Context, gateway: AiGateway, body: ReportBody) => {
  const base = baseContext(body);
  const asked = askedOf(body);
  const { projectId } = body;
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
};

const fullReport = async (ctx: Context, gateway: AiGateway, body: ReportBody) => {
  const base = baseContext(body);
  const asked = askedOf(body);
  const { projectId } = body;
  let guided = false;
  const result = await gateway.run(ctx, {
    use: 'technicalReport',
    failure: AI_FAILURE_MESSAGES.technicalReport,
    projectId,
    input: (project) => {
      guided = isGuided(project);
      return { context: base(project) };
    },
    accept: (report, input) =>
      sizedReport({
        ...report,
        parameterAudit: { incompatibleParameters: auditedAgainst(input.context, report.parameterAudit.incompatibleParameters) },
      }),
    record: (report, { requestId, ai }) =>
      applied(
        guided,
        { type: 'RecordAiReport', data: { projectId: projectId!, requestId, ai, use: 'technicalReport', asked, report } },
        { type: 'RecordTechnicalReport', data: { projectId: projectId!, report } },
      ),
    done: () => 'Technical report generated',
  });
  ctx.body = {
    success: true,
    message: 'Technical report generated',
    report: result.output,
    ...answered(result),
    ...withPosition(result),
  } satisfies TechnicalReportResponse;
};

/**
 * One call, four uses (spec 01 §7, §2 Summary): the technical report; `promptOnly` the final prompt with its
 * audit; `auditOnly` the audit alone; `existingPrompt` + `removeParameters` the modified prompt (audit cleared).
 * With a guided project's id, the report or the prompt is put into the project in the same request that pays
 * for it (no second call saves it); `position` says where.
 */
export const technicalReport: AiRoute = {
  method: 'post',
  path: '/api/generate-technical-report',
  handle: async (ctx, { gateway }) => {
    const body = parseInput(technicalReportBody, ctx.request.body);
    if (body.promptOnly && body.auditOnly) throw new ValidationError('auditOnly', 'auditOnly: ask for the prompt or for the audit, not both');
    if (body.existingPrompt !== undefined && body.removeParameters?.length) {
      return modifiedPrompt(ctx, gateway, body, body.existingPrompt, body.removeParameters);
    }
    if (body.promptOnly) return finalPrompt(ctx, gateway, body);
    if (body.auditOnly) return parameterAudit(ctx, gateway, body);
    return fullReport(ctx, gateway, body);
  },
};
