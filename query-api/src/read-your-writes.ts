import { ValidationError } from '@vis/domain';
import type { ProjectionProgress } from '@vis/infrastructure';
import type { Context } from 'koa';

const MIN_POSITION = /^\d{1,16}$/;

/**
 * Read your writes: a client passes the `position` a command answered as `X-Min-Position`, and the query waits
 * (bounded) until the read model has applied it. Past the bound it answers anyway, marked stale, rather than
 * hanging a page on a slow projection.
 */
export const awaitMinPosition = async (ctx: Context, progress: ProjectionProgress, projection: string, timeoutMs: number) => {
  const header = ctx.get('x-min-position');
  if (!header) return;
  if (!MIN_POSITION.test(header)) throw new ValidationError('X-Min-Position', 'X-Min-Position: must be a position returned by a command');
  const reached = await progress.waitFor(projection, Number(header), timeoutMs);
  if (!reached) ctx.set('X-Read-Model-Stale', 'true');
};

/**
 * Whether `awaitMinPosition` would go straight on for this `X-Min-Position` (Node's header value): no header, or a
 * well-formed position the read model has already applied (`waitFor`'s own test, answered without a wait). False
 * when it would wait, mark the answer stale or refuse the header: a caller that cannot wait hands those on to it.
 */
export const minPositionApplied = (header: string | string[] | undefined, progress: ProjectionProgress, projection: string): boolean =>
  !header || (typeof header === 'string' && MIN_POSITION.test(header) && (progress.status(projection)?.position ?? 0) >= Number(header));
