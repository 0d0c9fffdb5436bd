import { LRUCache } from 'lru-cache';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from './errors.ts';

/** Where browsers reach this server: what `Host` and `Origin` may name. */
export interface SiteOptions {
  /** PUBLIC_URL: where browsers reach the product. */
  publicUrl?: string;
  /** Behind a reverse proxy (TRUST_PROXY): the port a browser used is the proxy's, which this server cannot know. */
  trustProxy?: boolean;
  /** Production: only PUBLIC_URL's host. Outside it, also this machine's own names (localhost, 127.0.0.1, [::1]). */
  production?: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A host as `Host` carries it: a name or an IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?<name>[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(?<port>\d{1,5}))?$/;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

const parseHost = (host: string | undefined) => {
  const match = HOST.exec((host ?? '').trim().toLowerCase());
  return match ? { name: match.groups!.name!, port: match.groups!.port } : null;
};

/** At most this many verdicts are kept per check: a browser sends the same Host and Origin on every request. */
const REMEMBERED_VERDICTS = 64;

/**
 * A verdict on a Host or an Origin, worked out once per value: it depends only on the value, the port and the
 * configuration, never on time. Bounded (a client may send any value): the least recently used is dropped.
 */
const remembered = (check: (value: string | undefined, localPort: number | undefined) => boolean) => {
  const verdicts = new LRUCache<string, boolean>({ max: REMEMBERED_VERDICTS });
  return (value: string | undefined, localPort: number | undefined): boolean => {
    if (value === undefined) return check(value, localPort);
    const key = `${localPort}\n${value}`;
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = check(value, localPort);
    verdicts.set(key, verdict);
    return verdict;
  };
};

/**
 * The hosts this server answers for, and the origins whose pages may change state here. Never the request's own
 * `Host`: after DNS rebinding a stranger's page on `rebind.evil.example:3000` reaches 127.0.0.1 with that name in
 * both its `Host` and its `Origin`, so a site check that trusted `Host` would call the stranger's page this site.
 *
 * - PUBLIC_URL's host (its port as written there, the scheme's default when none).
 * - Outside production, this machine's names (localhost, 127.0.0.1, [::1]) on the port the request arrived on:
 *   the listening port, so another local program's page (a dev server on another port) is not this site.
 * - Outside production with TRUST_PROXY (docker compose: nginx on :8080 forwards the browser's `Host` to a service
 *   on :3000), those names on any port: the browser's port is the proxy's, which the service cannot know. A name
 *   that resolves to 127.0.0.1 but is not one of these still gets 421, so rebinding stays closed.
 *
 * `X-Forwarded-Host` is never read: nginx forwards the browser's own `Host` (`$http_host`), and a header a client
 * can set cannot decide which hosts are ours.
 */
export const createKnownHosts = ({ publicUrl, trustProxy = false, production = false }: SiteOptions = {}) => {
  const site = publicUrl ? new URL(publicUrl) : undefined;
  const publicName = site?.hostname.toLowerCase();
  const publicPort = site ? site.port || DEFAULT_PORTS[site.protocol] : undefined;
  const isLoopback = (name: string, port: string, localPort: number | undefined) =>
    !production && LOOPBACK_NAMES.has(name) && (trustProxy || port === String(localPort));
  return {
    /** Whether a `Host` names this server; `localPort` is the port the request arrived on. */
    isKnownHost: remembered((host: string | undefined, localPort: number | undefined) => {
      const parsed = parseHost(host);
      if (parsed === null) return false;
      const port = parsed.port ?? '80';
      // Behind a TLS proxy `Host` carries no port for https: PUBLIC_URL's default port is then the one it means.
      if (parsed.name === publicName && (parsed.port === undefined || port === publicPort)) return true;
      return isLoopback(parsed.name, port, localPort);
    }),
    /** Whether an `Origin` is this site's: PUBLIC_URL's origin, or (outside production) a loopback one as above. */
    isKnownOrigin: remembered((origin: string | undefined, localPort: number | undefined) => {
      let url: URL;
      try {
        url = new URL(origin ?? '');
      } catch {
        return false;
      }
      if (site && url.origin === site.origin) return true;
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const parsed = parseHost(url.host);
      return parsed !== null && isLoopback(parsed.name, parsed.port ?? DEFAULT_PORTS[url.protocol]!, localPort);
    }),
  };
};

export type KnownHosts = ReturnType<typeof createKnownHosts>;

/** The port a request arrived on: the listening port of the server that took it. */
export const localPortOf = (request: IncomingMessage) => request.socket.localPort;

/** The answer to a request naming a host this server does not answer for. */
export const misdirected = (host: string | undefined): ErrorBody => ({
  success: false,
  error: 'Misdirected Request',
  message: `Misdirected request: ${JSON.stringify((host ?? '').slice(0, 200))} is not a host this server answers for (the host of PUBLIC_URL, or localhost on this port outside production)`,
});

/**
 * What every refusal written straight onto a socket carries (an upgrade answered before any handshake): the
 * headers `apiSecurityHeaders` gives the APIs' answers that matter for a JSON error, and no caching.
 */
const REFUSAL_HEADERS = [
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
  'Referrer-Policy: same-origin',
  'Cross-Origin-Resource-Policy: same-origin',
];

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 421: 'Misdirected Request' };

/** Answers an upgrade request with `status` and a JSON error body, then closes the socket. */
export const refuseUpgrade = (socket: Duplex, status: number, body: ErrorBody) => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = JSON.stringify(body);
  socket.once('finish', () => socket.destroy());
  socket.end(
    [
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
      'Connection: close',
      ...REFUSAL_HEADERS,
      `Content-Length: ${Buffer.byteLength(text)}`,
      '',
      text,
    ].join('\r\n'),
  );
};

/** The WebSocket side of the known-hosts check: an upgrade naming another host is answered 421 and closed. Answers whether it refused. */
export const refuseUnknownHostUpgrade = (request: IncomingMessage, socket: Duplex, hosts: KnownHosts): boolean => {
  if (hosts.isKnownHost(request.headers.host, localPortOf(request))) return false;
  refuseUpgrade(socket, 421, misdirected(request.headers.host));
  return true;
};

/** The site settings from configuration, for the front door, the same-site checks and the WebSockets. */
export const siteFrom = (config: { PUBLIC_URL?: string; TRUST_PROXY?: boolean; NODE_ENV?: string }): SiteOptions => ({
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY ?? false,
  production: config.NODE_ENV === 'production',
});
