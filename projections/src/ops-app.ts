import Router from '@koa/router';
import {
  apiSecurityHeaders,
  errorHandler,
  jsonBody,
  logAppErrors,
  operatorsOnly,
  sameSiteOnly,
  type Filter,
  type Logger,
  type OperatorAccess,
  type SiteOptions,
} from '@vis/infrastructure';
import Koa, { type Context } from 'koa';
import { parseAt, ResumeRefusedError, UnknownProjectionError, type ProjectionEngine } from './engine/engine.ts';

const MAX_AS_OF_PAGE = 500;

/**
 * The operators' API: `/api/ops/projections` (status, lag and errors per projection), rebuild on demand (progress shows
 * in the status), resume a stopped projection (optionally skipping the event it stopped at), verify a projection
 * against the log, and any read model as of a past position or time (`/api/ops/as-of`).
 */
export const createOpsApi = ({
  engine,
  logger,
  operators,
  site = {},
}: {
  engine: ProjectionEngine;
  logger: Logger;
  operators: OperatorAccess;
  /** Where this site is (PUBLIC_URL, TRUST_PROXY, production): state-changing requests from other sites are refused. */
  site?: SiteOptions;
}) => {
  const app = new Koa();
  logAppErrors(app, logger);
  const router = new Router();
  const refuse = (ctx: Context, status: number, error: string, message: string) => {
    ctx.status = status;
    ctx.body = { success: false, error, message };
  };
  /** The projection named in the path, or a 404 answered. */
  const known = (ctx: Context, name: string) => {
    if (engine.names().includes(name)) return true;
    refuse(ctx, 404, 'Not found', `Unknown projection ${name}; known: ${engine.names().join(', ')}`);
    return false;
  };

  router.get('/api/ops/projections', async (ctx) => {
    ctx.body = { success: true, projections: await engine.report() };
  });
  router.post('/api/ops/projections/:name/rebuild', async (ctx) => {
    const name = ctx.params.name!;
    if (!known(ctx, name)) return;
    if (ctx.query.dryRun === 'true' || ctx.query['dry-run'] === 'true') {
      ctx.body = { success: true, dryRun: await engine.dryRun(name) };
      return;
    }
    void engine.rebuild(name).catch((error: unknown) => logger.error({ err: error, projection: name }, 'rebuild failed'));
    ctx.status = 202;
    ctx.body = { success: true, message: `Rebuilding ${name}` };
  });
  router.post('/api/ops/projections/:name/resume', jsonBody(), async (ctx) => {
    const name = ctx.params.name!;
    if (!known(ctx, name)) return;
    const body = (ctx.request.body ?? {}) as { skip?: unknown; by?: unknown };
    if (body.skip !== undefined && (typeof body.skip !== 'number' || !Number.isSafeInteger(body.skip) || body.skip < 1)) {
      refuse(ctx, 400, 'Validation error', 'skip must be the position (a positive integer) of the event the projection stopped at');
      return;
    }
    const named =
      typeof body.by === 'string'
        ? body.by
            .replace(/[\p{Cc}\p{Cf}]/gu, '')
            .trim()
            .slice(0, 100)
        : '';
    const by = `${named || 'an operator'} via the ops API from ${ctx.ip}`;
    try {
      await engine.resume(name, { skip: body.skip, by });
    } catch (error) {
      if (error instanceof ResumeRefusedError) return refuse(ctx, 409, 'Conflict', error.message);
      if (error instanceof UnknownProjectionError) return refuse(ctx, 404, 'Not found', error.message);
      throw error;
    }
    ctx.body = {
      success: true,
      message: body.skip === undefined ? `Resumed ${name}` : `Resumed ${name}, skipping the event at position ${body.skip}`,
    };
  });
  router.post('/api/ops/projections/:name/verify', async (ctx) => {
    const name = ctx.params.name!;
    if (!known(ctx, name)) return;
    ctx.body = { success: true, report: await engine.verify(name) };
  });
  router.get('/api/ops/as-of', async (ctx) => {
    const { projection, at, filter, limit = '50', skip = '0' } = ctx.query as Record<string, string | undefined>;
    if (!projection || !at) return refuse(ctx, 400, 'Validation error', 'as-of needs ?projection=<name>&at=<position|ISO time>');
    if (!known(ctx, projection)) return;
    let when: ReturnType<typeof parseAt>;
    let parsedFilter: Filter = {};
    try {
      when = parseAt(at);
      if (filter) parsedFilter = parseFilter(filter);
    } catch (error) {
      return refuse(ctx, 400, 'Validation error', (error as Error).message);
    }
    const page = { limit: Math.min(MAX_AS_OF_PAGE, Math.max(1, Number(limit) || 50)), skip: Math.max(0, Number(skip) || 0) };
    ctx.body = { success: true, ...(await engine.asOf(projection, when, { filter: parsedFilter, ...page })) };
  });
  // Every answer, refusals included: not cached (the read models' documents are private), not sniffed, not framed.
  app.use(apiSecurityHeaders({ production: site.production ?? false }));
  app.use(errorHandler(logger));
  // An operator's browser carries their session: a stranger's page must not rebuild or resume with it.
  app.use(sameSiteOnly(site));
  app.use(operatorsOnly(operators));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};

/**
 * A simple filter: a JSON object of field (dotted paths allowed) to value, or to an object of comparison operators.
 * Operators that run code or reach outside the document ($where, $function, $expr, …) are refused.
 */
export const parseFilter = (text: string): Filter => {
  const filter: unknown = JSON.parse(text);
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw new SyntaxError('the filter must be a JSON object');
  const allowed = new Set([
    '$eq',
    '$ne',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$nin',
    '$exists',
    '$and',
    '$or',
    '$regex',
    '$size',
    '$all',
    '$elemMatch',
  ]);
  const check = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(check);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('$') && !allowed.has(key)) throw new SyntaxError(`the filter operator ${key} is not allowed`);
      check(inner);
    }
  };
  check(filter);
  return filter as Filter;
};
