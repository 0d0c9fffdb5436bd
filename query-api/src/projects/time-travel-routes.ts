import type Router from '@koa/router';
import { NotFoundError } from '@vis/domain';
import { parseInput } from '@vis/infrastructure';
import { ISO_TIME, projectAsOf, StreamFoldsBusyError, type ProjectMoment, type StreamFolds } from '@vis/projections';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { ownProjectReader, type ProjectReadDeps } from './own-project.ts';
import { toProjectResponse } from './project-response.ts';

const revisionMessage = 'revision: must be a whole number from 0 (a revision of the project, as its history lists them)';
const atMessage = 'at: must be an ISO 8601 time, like 2026-11-23T10:00:00Z';

const revisionParams = z.object({
  revision: z
    .string(revisionMessage)
    .regex(/^\d{1,15}$/, revisionMessage)
    .transform((text) => BigInt(text)),
});
const atQuery = z.strictObject({
  at: z
    .string(atMessage)
    .regex(ISO_TIME, atMessage)
    .transform((text) => new Date(text))
    .refine((date) => !Number.isNaN(date.getTime()), atMessage),
});

/**
 * A read of a project's past refused because too many are waiting, or because its share of work is spent (it goes
 * on from there on the retry): 503 with Retry-After.
 */
export const answerFoldsBusy = async (ctx: Context, next: Next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof StreamFoldsBusyError)) throw error;
    ctx.status = 503;
    ctx.set('Retry-After', String(error.retryAfterSeconds));
    ctx.body = { success: false, error: 'Service Unavailable', message: error.message };
  }
};

export type ProjectTimeTravelDeps = ProjectReadDeps & { folds: StreamFolds };

/**
 * The project as it was, in the shape of GET /api/projects/{id} (the same `toProjectResponse`, over a document
 * folded from the project's stream exactly as the live read model is: see `projectAsOf`):
 *  - `/api/projects/{id}/at/{revision}`: right after that revision of its stream (0 is its creation). A revision
 *    the project has not reached is answered 404, naming its last revision: an analyst asking for revision 40 of
 *    a 30-event project has the wrong project or the wrong number, and the newest state would hide that.
 *  - `/api/projects/{id}/at?at=<ISO time>`: after every event up to that time (the history's `at`); a time before
 *    the project was created is 404, a time after its last event answers its newest state.
 * The answer carries the revision it shows in `X-Project-Revision`. The fold starts from the newest checkpoint that
 * suits it and takes turns with other reads of the past (see createStreamFolds): busy, it answers 503. Only the current owner may look (like the
 * project itself): another's project is answered exactly like a missing one.
 */
export const projectTimeTravelRoutes = (router: Router, deps: ProjectTimeTravelDeps) => {
  const ownProject = ownProjectReader(deps);

  const answer = async (ctx: Context, id: string, moment: ProjectMoment) => {
    const project = await ownProject(ctx, id);
    const asOf = await projectAsOf(deps.folds, project._id, moment);
    if ('revision' in moment && asOf.reachedEnd && asOf.revision < moment.revision) {
      throw new NotFoundError(
        'revision',
        String(moment.revision),
        `Project ${project._id} has no revision ${moment.revision}: its last is ${asOf.revision}`,
      );
    }
    if (!asOf.document) throw new NotFoundError('project', project._id, 'The project did not exist at that moment');
    ctx.set('X-Project-Revision', String(asOf.revision));
    ctx.body = toProjectResponse(asOf.document);
  };

  router.get('/api/projects/:id/at/:revision', answerFoldsBusy, async (ctx) => {
    const { revision } = parseInput(revisionParams, { revision: ctx.params.revision });
    await answer(ctx, ctx.params.id!, { revision });
  });

  router.get('/api/projects/:id/at', answerFoldsBusy, async (ctx) => {
    const { at } = parseInput(atQuery, ctx.query);
    await answer(ctx, ctx.params.id!, { at });
  });
};
