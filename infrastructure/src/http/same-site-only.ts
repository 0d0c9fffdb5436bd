import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Middleware } from 'koa';
import type { ErrorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';

const normalized = (origin: string) => {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
};

/**
 * The product's own origin: PUBLIC_URL's when set, else the request's own (protocol and Host as a proxy-trusting
 * Koa app sees them). Not the Origin header: since Koa 3 `ctx.origin` is that header, whoever sent it.
 */
export const siteOrigin = (request: { protocol: string; host: string }, publicUrl: string | undefined) =>
  normalized(publicUrl ?? `${request.protocol}://${request.host}`);

/**
 * Why a browser request comes from another site, or null when nothing says it does. A request without Origin
 * and Sec-Fetch-Site is no browser's cross-site request (curl, another server), so it passes.
 */
export const crossSiteReason = (headers: { origin?: string; secFetchSite?: string }, site: string | null): string | null => {
  const { origin, secFetchSite } = headers;
  if (origin && normalized(origin) !== site) return `Cross-site request refused: Origin ${origin.slice(0, 200)} is not this site`;
  if (secFetchSite?.toLowerCase() === 'cross-site')
    return 'Cross-site request refused: the browser says it was sent from another site (Sec-Fetch-Site: cross-site)';
  return null;
};

/**
 * Refuses state-changing requests (anything but GET, HEAD and OPTIONS) that a browser sent from another site:
 * a cookie-carrying form post or fetch from a stranger's page (CSRF), e.g. a body-less POST that resets a
 * project. SameSite=Lax cookies alone leave same-site subdomains and older browsers open.
 */
export const sameSiteOnly =
  ({ publicUrl }: { publicUrl?: string } = {}): Middleware =>
  async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) {
      await next();
      return;
    }
    const reason = crossSiteReason({ origin: ctx.get('origin'), secFetchSite: ctx.get('sec-fetch-site') }, siteOrigin(ctx, publicUrl));
    if (!reason) {
      await next();
      return;
    }
    ctx.status = 403;
    ctx.body = { success: false, error: 'Forbidden', message: reason } satisfies ErrorBody;
  };

/** Where "this site" is, for requests that reach us without Koa (WebSocket upgrades). */
export interface SiteOptions {
  /** PUBLIC_URL: where browsers reach the product. Unset: each request's own protocol and Host. */
  publicUrl?: string;
  /** Behind a reverse proxy (TRUST_PROXY): the request's protocol and host come from its X-Forwarded-Proto / -Host. */
  trustProxy?: boolean;
}

/** The request's own protocol and host, read as the services' Koa apps read them (`proxy: trustProxy`). */
const ownAddress = (request: IncomingMessage, trustProxy: boolean) => {
  const forwardedProto = trustProxy ? firstOf(request.headers['x-forwarded-proto']).toLowerCase() : '';
  return {
    protocol: (request.socket as { encrypted?: boolean }).encrypted ? 'https' : forwardedProto || 'http',
    host: (trustProxy && firstOf(request.headers['x-forwarded-host'])) || firstOf(request.headers.host),
  };
};

/**
 * The WebSocket side of `sameSiteOnly`: a socket opened by another site's page would carry this browser's
 * cookie (cross-site WebSocket hijacking), so an upgrade from a foreign Origin is answered 403 and closed before
 * any handshake. Answers whether it refused.
 */
export const refuseCrossSiteUpgrade = (request: IncomingMessage, socket: Duplex, { publicUrl, trustProxy = false }: SiteOptions = {}): boolean => {
  const reason = crossSiteReason(
    { origin: request.headers.origin, secFetchSite: firstOf(request.headers['sec-fetch-site']) },
    siteOrigin(ownAddress(request, trustProxy), publicUrl),
  );
  if (!reason) return false;
  const body = JSON.stringify({ success: false, error: 'Forbidden', message: reason } satisfies ErrorBody);
  if (socket.writable) {
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  } else {
    socket.destroy();
  }
  return true;
};
