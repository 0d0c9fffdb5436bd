import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOperatorRequest, operatorRefusal, type OperatorAccess } from '../http/operators-only.ts';
import type { Metrics } from './metrics.ts';

/** The path Prometheus scrapes, on every service (and once on the embedded server). */
export const METRICS_PATH = '/metrics';

/**
 * `/metrics` in Prometheus' text format, for operators only (OPS_TOKEN as a bearer token, or this machine when no
 * token is set, or an operator's session): the figures say how busy the product is and which limits refuse whom, which is nobody else's business.
 */
export const serveMetrics = async (request: IncomingMessage, response: ServerResponse, metrics: Metrics, operators: OperatorAccess) => {
  if (!(await isOperatorRequest(request, operators))) {
    const refusal = operatorRefusal(operators);
    response.writeHead(refusal.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(refusal.body));
    return;
  }
  const body = await metrics.registry.metrics();
  response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  response.end(body);
};
