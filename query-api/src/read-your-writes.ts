import { ValidationError } from '@vis/domain';
import type { ProjectionProgress } from '@vis/infrastructure';
import type { Context } from 'koa';

/**
 * Read your writes: a client passes the `position` a command answered as `X-Min-Position`, and the query waits
 * (bounded) until the read model has applied it. Past the bound it answers anyway, marked stale, rather than
 * hanging a page on a slow projection.
 */
export const awaitMinPosition = async (ctx: Context, progress: ProjectionProgress, projection: string, timeoutMs: number) => {
  const header = ctx.get('x-min-position');
  if (!header) return;
  if (!/^\d{1,16}$/.test(header)) throw new ValidationError('X-Min-Position', 'X-Min-Position: must be a position returned by a command');
  const reached = await progress.waitFor(projection, Number(header), timeoutMs);
  if (!reached) ctx.set('X-Read-Model-Stale', 'true');
};
