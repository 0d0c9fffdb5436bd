import type Router from '@koa/router';
import { NotFoundError } from '@vis/domain';
import { parseInput, type EventStore } from '@vis/infrastructure';
import { ISO_TIME, projectAsOf, type ProjectMoment } from '@vis/projections';
import type { Context } from 'koa';
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

export type ProjectTimeTravelDeps = ProjectReadDeps & { eventStore: EventStore };

/**
 * The project as it was, in the shape of GET /api/projects/{id} (the same `toProjectResponse`, over a document
 * folded from the project's stream exactly as the live read model is: see `projectAsOf`):
 *  - `/api/projects/{id}/at/{revision}`: right after that revision of its stream (0 is its creation). A revision
 *    the project has not reached is answered 404, naming its last revision: an analyst asking for revision 40 of
 *    a 30-event project has the wrong project or the wrong number, and the newest state would hide that.
 *  - `/api/projects/{id}/at?at=<ISO time>`: after every event up to that time (the history's `at`); a time before
 *    the project was created is 404, a time after its last event answers its newest state.
 * The answer carries the revision it shows in `X-Project-Revision`. Only the current owner may look (like the
 * project itself): another's project is answered exactly like a missing one.
 */
export const projectTimeTravelRoutes = (router: Router, deps: ProjectTimeTravelDeps) => {
  const ownProject = ownProjectReader(deps);

  const answer = async (ctx: Context, id: string, moment: ProjectMoment) => {
    const project = await ownProject(ctx, id);
    const asOf = await projectAsOf(deps.eventStore, project._id, moment);
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

  router.get('/api/projects/:id/at/:revision', async (ctx) => {
    const { revision } = parseInput(revisionParams, { revision: ctx.params.revision });
    await answer(ctx, ctx.params.id!, { revision });
  });

  router.get('/api/projects/:id/at', async (ctx) => {
    const { at } = parseInput(atQuery, ctx.query);
    await answer(ctx, ctx.params.id!, { at });
  });
};
