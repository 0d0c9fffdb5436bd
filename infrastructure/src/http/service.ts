import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logging/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { METRICS_PATH, serveMetrics } from '../metrics/serve-metrics.ts';
import type { OperatorAccess } from './operators-only.ts';

export interface WebSocketEndpoint {
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close: () => Promise<void>;
}

export interface ServiceOptions {
  name: string;
  host: string;
  port: number;
  logger: Logger;
  handle: (request: IncomingMessage, response: ServerResponse) => unknown;
  /** WebSocket endpoints by path. */
  webSockets?: Record<string, WebSocketEndpoint>;
  /** Ready to serve (e.g. projections caught up); `/healthz` answers 503 until then. */
  isReady?: () => boolean;
  /** Releases the stores once no request runs any more. */
  close: () => Promise<unknown>;
  /** Served on `/metrics` to operators (OPS_TOKEN, or this machine when none is set, or an operator's session). */
  metrics?: { metrics: Metrics; operators: OperatorAccess };
}

/**
 * One service of the distributed topology: `/healthz` for the orchestrator, the app, its WebSockets, and a
 * shutdown on SIGTERM that ends the sockets first (an upgraded socket keeps `server.close` waiting) and the
 * stores last.
 */
export const runService = ({ name, host, port, logger, handle, webSockets = {}, isReady = () => true, close, metrics }: ServiceOptions) => {
  const server = createServer((request, response) => {
    if (metrics && request.url?.split('?')[0] === METRICS_PATH) {
      void serveMetrics(request, response, metrics.metrics, metrics.operators);
      return;
    }
    if (request.url === '/healthz') {
      const ready = isReady();
      response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ok' : 'catching_up' }));
      return;
    }
    void handle(request, response);
  });
  server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    // Own keys only: `/constructor` must not find Object's.
    const endpoint = Object.hasOwn(webSockets, pathname) ? webSockets[pathname] : undefined;
    if (endpoint) endpoint.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  // The port it got, not the one asked for: with PORT=0 the system picks one, and whoever started it reads it here.
  server.listen(port, host, () => logger.info({ port: (server.address() as AddressInfo).port }, `${name} listening`));
  const stop = async (signal: string) => {
    logger.info({ signal }, `${name} shutting down`);
    await Promise.all(Object.values(webSockets).map((endpoint) => endpoint.close()));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return server;
};
