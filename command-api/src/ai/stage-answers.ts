import type Router from '@koa/router';
import { FLOW_STAGE_IDS, projectDecider, projectStreamId, ValidationError, type FlowStageId } from '@vis/domain';
import { actorOf, handleCommand, type DocumentStore, type EventStore, type Logger } from '@vis/infrastructure';
import type { Context } from 'koa';
import { createHash } from 'node:crypto';
import { canonicalJson, commandMetadata } from '../command-context.ts';
import type { AiGateway } from './ai-gateway.ts';
import type { AiContext } from './provider.ts';

/** One document per (project, request digest): a flow stage's answer, shared by every device and replica. */
export const STAGE_ANSWERS_COLLECTION = 'ai_stage_answers';

/** What a flow stage request is asked with: the same of all of it is the same question (spec 01 §2 cache). */
export interface StageQuestion {
  stage: FlowStageId;
  prompt: string;
  focusOn: string;
  iterations: number;
  quick: boolean;
  /** The project's context the model is given (core idea, lists, concept, notes), as the gateway built it. */
  context: AiContext;
}

/** What a stored answer gives back: the response's results, who wrote them and the request that paid. */
export interface StoredStageAnswer {
  results: Record<string, unknown> & { stage: FlowStageId; stageNumber: number; iterations: number; summary: string };
  /** The stage's fields as the model answered them: what ApplyStageResults puts into the project again. */
  fields: Record<string, unknown>;
  offline: boolean;
  requestId: string;
}

type Entry = StoredStageAnswer &
  Record<string, unknown> & { _id: string; projectId: string; ownerId: string; stage: FlowStageId; answeredAt: string };

export const stageQuestionDigest = (question: StageQuestion) => createHash('sha256').update(canonicalJson(question)).digest('base64url');

const idOf = (projectId: string, digest: string) => `${projectId}:${digest}`;

/**
 * Stored flow-stage answers: "cached results cost no play", decided on the server so that every device of the
 * person sees the same cache.
 *
 * Why a small journal and not the project's events: the key is a digest of the whole question, the project's
 * context included, and an answer is kept under two digests: the context it was asked in, and the context once
 * its results were applied (asking the same again right after, from any device, is then a hit; without the
 * second key the applied results would change the context and every repeat would be charged). Clearing a
 * stage's cache (Settings) is deleting documents; with events it would take new event types and a fold over the
 * whole stream on every request. The events still record every paid answer (RecordAiResults), as before.
 *
 * A change to the project (core idea, a list, the selected concept) changes the digest: the next request is a
 * new question and is charged. Two devices asking the very same question at the same moment may both be charged
 * (both miss before either keeps its answer); a repeat after either answered is not.
 */
export const createStageAnswers = ({
  documentStore,
  eventStore,
  clock,
  newId,
  logger,
}: {
  documentStore: DocumentStore;
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
}) => {
  const find = async (projectId: string, question: StageQuestion): Promise<StoredStageAnswer | null> => {
    const entry = await documentStore.findOne<Entry>(STAGE_ANSWERS_COLLECTION, { _id: idOf(projectId, stageQuestionDigest(question)) });
    return entry && { results: entry.results, fields: entry.fields, offline: entry.offline, requestId: entry.requestId };
  };

  /**
   * Keeps an answer under the digest of each context it answers (asked in, and after it was applied). The person
   * has paid for and received the answer already: a failure to keep it is logged (the next repeat is charged).
   */
  const keep = async (projectId: string, ownerId: string, questions: readonly StageQuestion[], answer: StoredStageAnswer) => {
    try {
      await store(projectId, ownerId, questions, answer);
    } catch (error) {
      logger.warn({ err: error, projectId, requestId: answer.requestId }, 'keeping a stage answer failed');
    }
  };
  const store = async (projectId: string, ownerId: string, questions: readonly StageQuestion[], answer: StoredStageAnswer) => {
    const digests = new Set(questions.map(stageQuestionDigest));
    const answeredAt = clock().toISOString();
    for (const digest of digests) {
      await documentStore.replaceOne(STAGE_ANSWERS_COLLECTION, {
        _id: idOf(projectId, digest),
        projectId,
        ownerId,
        stage: questions[0]!.stage,
        answeredAt,
        ...answer,
      } satisfies Entry);
    }
  };

  /** Forgets a project's stored answers, of one stage or all; answers how many. */
  const clear = async (filter: { projectId: string; stage?: FlowStageId } | { ownerId: string }) => {
    const entries = await documentStore.find<Entry>(STAGE_ANSWERS_COLLECTION, filter);
    for (const entry of entries) await documentStore.deleteOne(STAGE_ANSWERS_COLLECTION, entry._id);
    return entries.length;
  };

  /**
   * A stored answer put into the project again, free: the decider drops what the project already holds, so a
   * repeat right after the first answer changes nothing, and one after the stage was reset fills it again.
   */
  const apply = (ctx: Context, projectId: string, stage: FlowStageId, answer: StoredStageAnswer) =>
    handleCommand(eventStore, projectDecider, projectStreamId(projectId), {
      type: 'ApplyStageResults',
      data: { projectId, stage, results: answer.fields },
      metadata: commandMetadata(ctx, { clock, newId }),
    });

  return { find, keep, clear, apply };
};

export type StageAnswers = ReturnType<typeof createStageAnswers>;

const stageParam = (value: string | undefined): FlowStageId | undefined => {
  if (value === undefined) return undefined;
  if (!(FLOW_STAGE_IDS as readonly string[]).includes(value)) throw new ValidationError('stage', 'stage: unknown stage');
  return value as FlowStageId;
};

/**
 * Settings' cache clearing (spec 01 §3 "clear one or all caches"): one stage's or one project's stored answers
 * (its owner only: another's project is as missing as one that never was), or every answer the caller owns.
 * The next Generate asks the AI again and is charged.
 */
export const stageAnswerRoutes = (router: Router, { gateway, stageAnswers }: { gateway: AiGateway; stageAnswers: StageAnswers }) => {
  const clearProject = async (ctx: Context) => {
    const params = (ctx as Context & { params: Record<string, string | undefined> }).params;
    const project = await gateway.ownedProject(params.projectId!, actorOf(ctx));
    const cleared = await stageAnswers.clear({ projectId: project.projectId, ...(params.stage ? { stage: stageParam(params.stage) } : {}) });
    ctx.body = { success: true, cleared };
  };
  router.delete('/api/projects/:projectId/stage-answers', clearProject);
  router.delete('/api/projects/:projectId/stage-answers/:stage', clearProject);
  router.delete('/api/stage-answers', async (ctx) => {
    ctx.body = { success: true, cleared: await stageAnswers.clear({ ownerId: actorOf(ctx) }) };
  });
};
