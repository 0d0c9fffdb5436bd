import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Middleware } from 'koa';
import type { ErrorBody } from './errors.ts';
import { createKnownHosts, localPortOf, refuseUnknownHostUpgrade, refuseUpgrade, type SiteOptions } from './known-hosts.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';

/**
 * Why a browser request comes from another site, or null when nothing says it does. A request without Origin
 * and Sec-Fetch-Site is no browser's cross-site request (curl, another server), so it passes. `isSite` says
 * whether an Origin is this site's (the known hosts, never the request's own Host).
 */
export const crossSiteReason = (headers: { origin?: string; secFetchSite?: string }, isSite: (origin: string) => boolean): string | null => {
  const { origin, secFetchSite } = headers;
  if (origin && !isSite(origin)) return `Cross-site request refused: Origin ${origin.slice(0, 200)} is not this site`;
  if (secFetchSite?.toLowerCase() === 'cross-site')
    return 'Cross-site request refused: the browser says it was sent from another site (Sec-Fetch-Site: cross-site)';
  return null;
};

/**
 * Refuses state-changing requests (anything but GET, HEAD and OPTIONS) that a browser sent from another site:
 * a cookie-carrying form post or fetch from a stranger's page (CSRF), e.g. a body-less POST that resets a
 * project. SameSite=Lax cookies alone leave same-site subdomains and older browsers open. "This site" is the
 * known hosts (known-hosts.ts: PUBLIC_URL, and this machine's names outside production).
 */
export const sameSiteOnly = (site: SiteOptions = {}): Middleware => {
  const hosts = createKnownHosts(site);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) {
      await next();
      return;
    }
    const reason = crossSiteReason({ origin: ctx.get('origin'), secFetchSite: ctx.get('sec-fetch-site') }, (origin) =>
      hosts.isKnownOrigin(origin, localPortOf(ctx.req)),
    );
    if (!reason) {
      await next();
      return;
    }
    ctx.status = 403;
    ctx.body = { success: false, error: 'Forbidden', message: reason } satisfies ErrorBody;
  };
};

/**
 * The WebSocket side of `sameSiteOnly`: a socket opened by another site's page would carry this browser's
 * cookie (cross-site WebSocket hijacking), so an upgrade naming an unknown host is answered 421, and one from a
 * foreign Origin 403, and closed before any handshake. Answers whether it refused.
 */
export const refuseCrossSiteUpgrade = (request: IncomingMessage, socket: Duplex, site: SiteOptions = {}): boolean => {
  const hosts = createKnownHosts(site);
  if (refuseUnknownHostUpgrade(request, socket, hosts)) return true;
  const reason = crossSiteReason({ origin: request.headers.origin, secFetchSite: firstOf(request.headers['sec-fetch-site']) }, (origin) =>
    hosts.isKnownOrigin(origin, localPortOf(request)),
  );
  if (!reason) return false;
  refuseUpgrade(socket, 403, { success: false, error: 'Forbidden', message: reason });
  return true;
};
