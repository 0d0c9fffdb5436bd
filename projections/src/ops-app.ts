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
  const refuse = (ctx: Context, status: number, error: string, message: string, field?: string) => {
    ctx.status = status;
    ctx.body = { success: false, error, message, ...(field ? { field } : {}) };
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
    try {
      // Only the process holding the projection's lease rebuilds it: another one says which does.
      await engine.claim(name);
    } catch (error) {
      if (error instanceof ResumeRefusedError) return refuse(ctx, 409, 'Conflict', error.message);
      throw error;
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
    } catch (error) {
      return refuse(ctx, 400, 'Validation error', (error as Error).message);
    }
    try {
      if (Array.isArray(filter)) throw new FilterRefusedError('filter: give it once');
      if (filter) parsedFilter = parseFilter(filter);
    } catch (error) {
      if (!(error instanceof FilterRefusedError)) throw error;
      return refuse(ctx, 400, 'Validation error', error.message, error.field);
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

/** The operators an as-of filter may use: comparisons and logic over the document's own fields, each bounded by it. */
export const FILTER_OPERATORS = [
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
  '$size',
  '$all',
  '$elemMatch',
] as const;
const MAX_FILTER_DEPTH = 10;

/** A filter refused: the message names the operator and the field it was on. */
export class FilterRefusedError extends SyntaxError {
  override readonly name = 'FilterRefusedError';
  readonly field = 'filter';
}

/**
 * A simple filter: a JSON object of field (dotted paths allowed) to value, or to an object of the allowed operators
 * (FILTER_OPERATORS). Every other operator is refused, naming it and its field: those that run code or reach outside
 * the document ($where, $function, $accumulator, $expr, …) and those whose work has no bound ($regex: a pattern like
 * ^(a+)+$ takes seconds on one short string, on the projection engine's thread).
 */
export const parseFilter = (text: string): Filter => {
  let filter: unknown;
  try {
    filter = JSON.parse(text);
  } catch {
    throw new FilterRefusedError('filter: must be a JSON object');
  }
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw new FilterRefusedError('filter: must be a JSON object');
  const allowed = new Set<string>(FILTER_OPERATORS);
  const check = (value: unknown, field: string, depth: number): void => {
    if (depth > MAX_FILTER_DEPTH) throw new FilterRefusedError(`filter: nested more than ${MAX_FILTER_DEPTH} levels deep`);
    if (Array.isArray(value)) return value.forEach((item) => check(item, field, depth + 1));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('$') && !allowed.has(key)) {
        throw new FilterRefusedError(
          `filter: the operator ${key} (on ${field || '(top level)'}) is not allowed: only ${FILTER_OPERATORS.join(', ')}`,
        );
      }
      check(inner, key.startsWith('$') ? field : field ? `${field}.${key}` : key, depth + 1);
    }
  };
  check(filter, '', 0);
  return filter as Filter;
};
