import type { Middleware } from 'koa';
import { isOperatorRequest, operatorRefusal, type OperatorAccess } from '../http/operators-only.ts';
import type { Metrics } from './metrics.ts';

/** The path Prometheus scrapes, on every service (and once on the embedded server). */
export const METRICS_PATH = '/metrics';

/**
 * `/metrics` in Prometheus' text format, for operators only (OPS_TOKEN as a bearer token, or an operator's
 * session): the figures say how busy the product is and which limits refuse whom, which is nobody else's business.
 */
export const metricsEndpoint =
  (metrics: Metrics, operators: OperatorAccess): Middleware =>
  async (ctx, next) => {
    if (ctx.path !== METRICS_PATH) {
      await next();
      return;
    }
    if (!(await isOperatorRequest(ctx.req, operators))) {
      const refusal = operatorRefusal(operators);
      ctx.status = refusal.status;
      ctx.body = refusal.body;
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
