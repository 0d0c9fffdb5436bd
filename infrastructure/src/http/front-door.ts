import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import Koa from 'koa';
import type { Logger } from '../logging/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { METRICS_PATH, metricsEndpoint } from '../metrics/serve-metrics.ts';
import { logAppErrors } from './errors.ts';
import { createKnownHosts, localPortOf, misdirected, refuseUnknownHostUpgrade, type SiteOptions } from './known-hosts.ts';
import type { OperatorAccess } from './operators-only.ts';
import { apiSecurityHeaders } from './security-headers.ts';

export interface WebSocketEndpoint {
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close: () => Promise<void>;
}

export interface FrontDoorOptions {
  /** Which hosts are served (PUBLIC_URL, TRUST_PROXY, production): see known-hosts.ts. */
  site: SiteOptions;
  logger: Logger;
  /** Ready to serve (e.g. projections caught up); `/healthz` answers 503 until then. */
  isReady: () => boolean;
  /** Served on `/metrics` to operators (OPS_TOKEN, or an operator's session). */
  metrics?: { metrics: Metrics; operators: OperatorAccess };
}

/** `/metrics`, with or without a query: compared in place, for every request passes here. */
const isMetricsPath = (url = '') => url.startsWith(METRICS_PATH) && (url.length === METRICS_PATH.length || url[METRICS_PATH.length] === '?');

/**
 * What every server of the product (each service of the topology, the embedded server) puts before its apps:
 * a request or WebSocket upgrade naming a host this server does not answer for gets 421 (DNS rebinding: a
 * stranger's page whose name now resolves to 127.0.0.1 reaches no app, ops and analytics included), and
 * `/healthz` and `/metrics` are answered here, with the APIs' security headers and no caching like every answer.
 */
export const createFrontDoor = ({ site, logger, isReady, metrics }: FrontDoorOptions) => {
  const hosts = createKnownHosts(site);
  const app = new Koa();
  logAppErrors(app, logger);
  app.use(apiSecurityHeaders({ production: site.production ?? false }));
  app.use(async (ctx, next) => {
    const host = ctx.get('host');
    if (hosts.isKnownHost(host, localPortOf(ctx.req))) {
      await next();
      return;
    }
    ctx.status = 421;
    ctx.body = misdirected(host);
  });
  app.use(async (ctx, next) => {
    if (ctx.url !== '/healthz') {
      await next();
      return;
    }
    const ready = isReady();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ok' : 'catching_up' };
  });
  if (metrics) app.use(metricsEndpoint(metrics.metrics, metrics.operators));
  const answer = app.callback();
  const answersHere = (request: IncomingMessage) =>
    !hosts.isKnownHost(request.headers.host, localPortOf(request)) ||
    request.url === '/healthz' ||
    (metrics !== undefined && isMetricsPath(request.url));

  return {
    /** The server's request listener: `handle` for every request to a known host but `/healthz` and `/metrics`. */
    serve:
      (handle: (request: IncomingMessage, response: ServerResponse) => unknown) =>
      (request: IncomingMessage, response: ServerResponse): void => {
        if (answersHere(request)) void answer(request, response);
        else void handle(request, response);
      },
    /** The server's 'upgrade' listener: the endpoint for the path, once the host is known; else the socket ends. */
    upgrade:
      (endpointFor: (pathname: string) => WebSocketEndpoint | undefined) =>
      (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
        if (refuseUnknownHostUpgrade(request, socket, hosts)) return;
        const endpoint = endpointFor(new URL(request.url ?? '/', 'http://localhost').pathname);
        if (endpoint) endpoint.handleUpgrade(request, socket, head);
        else socket.destroy();
      },
  };
};
