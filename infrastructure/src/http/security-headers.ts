import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';

type Directives = Record<string, string[]>;

/** What the browser needs for Stripe.js and its Payment Element (Stripe's documented CSP). */
export const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  connectSrc: ['https://api.stripe.com', 'https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
} as const;

/**
 * The headers Helmet sends for `options`, worked out once: none of our choices depends on the request (no
 * directive is a function, no nonce), so every answer gets the same strings. Helmet run per request rebuilt the
 * policy string and walked a dozen middlewares (through koa-helmet's promise) for each of them.
 */
const headersOf = (options: HelmetOptions): [string, string][] => {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  } as unknown as ServerResponse;
  let failure: Error | undefined;
  // Helmet's middlewares run synchronously; an error (a bad directive) surfaces here, at start-up.
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('Helmet could not set its headers');
  });
  if (failure) throw failure;
  return [...headers];
};

/** Sets fixed headers on every answer, before the rest of the stack (which may still replace one, e.g. Cache-Control). */
const fixedHeaders =
  (headers: readonly [string, string][]): Middleware =>
  (ctx, next) => {
    const { res } = ctx;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };

/**
 * Helmet with our choices: the given policy plus what no page of ours needs (plugins, <base>, being framed),
 * no framing at all, no MIME sniffing, and HSTS only in production (over plain-HTTP development it would pin
 * localhost to HTTPS in the developer's browser).
 */
const securityHeaders = ({
  production,
  directives,
  referrerPolicy,
}: {
  production: boolean;
  directives: Directives;
  referrerPolicy: 'same-origin' | 'strict-origin-when-cross-origin';
}): [string, string][] =>
  headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        ...directives,
        // Upgrading subresources of a plain-HTTP development server would break it.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: referrerPolicy },
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });

/**
 * The web app (index.html, its scripts and styles): no inline script runs, everything comes from this site, plus
 * Stripe's hosts when payments are configured. 'self' in connect-src covers the same-origin ws:/wss: sockets.
 * Images may come from any https address: a published idea's image and a Google profile picture live elsewhere.
 * The referrer keeps its origin across sites (never 'no-referrer': a same-origin POST would then carry
 * `Origin: null`, which the cross-site check refuses).
 */
export const webAppSecurityHeaders = ({ production, payments }: { production: boolean; payments: boolean }): Middleware =>
  fixedHeaders(
    securityHeaders({
      production,
      referrerPolicy: 'strict-origin-when-cross-origin',
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...(payments ? STRIPE_SOURCES.scriptSrc : [])],
        scriptSrcAttr: ["'none'"],
        // Radix's dialogs lock the page's scroll with a <style> element whose text depends on the scrollbar's width
        // (react-remove-scroll-bar), so neither 'self' nor a hash admits it. Inline style cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(payments ? STRIPE_SOURCES.connectSrc : [])],
        frameSrc: payments ? [...STRIPE_SOURCES.frameSrc] : ["'none'"],
      },
    }),
  );

/**
 * Every answer of the command and query APIs: JSON, redirects and the small server-rendered sign-in pages
 * (which load nothing, run no script and carry their own inline style). Not cached, not sniffed, not framed; a
 * form may post only back here.
 */
export const apiSecurityHeaders = ({ production }: { production: boolean }): Middleware => fixedHeaders(apiSecurityHeaderList({ production }));

/** The headers `apiSecurityHeaders` sets, in its order: for a handler that answers without Koa (query-api's shortcut). */
export const apiSecurityHeaderList = ({ production }: { production: boolean }): [string, string][] => [
  // Answers tied to a session (whose projects, whose balance) must never be kept by a browser or a proxy cache.
  ['Cache-Control', 'no-store'],
  ...securityHeaders({
    production,
    referrerPolicy: 'same-origin',
    directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], formAction: ["'self'"], baseUri: ["'none'"] },
  }),
];
