import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createFrontDoor, type WebSocketEndpoint } from './front-door.ts';
import type { SiteOptions } from './known-hosts.ts';
import type { OperatorAccess } from './operators-only.ts';

export type { WebSocketEndpoint } from './front-door.ts';

export interface ServiceOptions {
  name: string;
  host: string;
  port: number;
  /** Which hosts it answers for (PUBLIC_URL, TRUST_PROXY, production); any other gets 421. */
  site: SiteOptions;
  logger: Logger;
  handle: (request: IncomingMessage, response: ServerResponse) => unknown;
  /** WebSocket endpoints by path. */
  webSockets?: Record<string, WebSocketEndpoint>;
  /** Ready to serve (e.g. projections caught up); `/healthz` answers 503 until then. */
  isReady?: () => boolean;
  /** Releases the stores once no request runs any more. */
  close: () => Promise<unknown>;
  /** Served on `/metrics` to operators (OPS_TOKEN, or an operator's session). */
  metrics?: { metrics: Metrics; operators: OperatorAccess };
}

/**
 * One service of the distributed topology: only the known hosts (front-door.ts), `/healthz` for the orchestrator, the app, its WebSockets, and a
 * shutdown on SIGTERM that ends the sockets first (an upgraded socket keeps `server.close` waiting) and the
 * stores last.
 */
export const runService = ({ name, host, port, site, logger, handle, webSockets = {}, isReady = () => true, close, metrics }: ServiceOptions) => {
  const door = createFrontDoor({ site, logger, isReady, metrics });
  const server = createServer(door.serve(handle));
  // Own keys only: `/constructor` must not find Object's.
  server.on(
    'upgrade',
    door.upgrade((pathname) => (Object.hasOwn(webSockets, pathname) ? webSockets[pathname] : undefined)),
  );
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
