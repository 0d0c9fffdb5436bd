import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import compose from 'koa-compose';
import { isOperatorRequest } from './operators-only.ts';

export const SESSION_COOKIE = 'vis.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionData {
  /** Every browser gets one on its first request; a visitor's projects and free plays hang on it. */
  visitorId?: string;
  userId?: string;
  /** Where a sign-in in progress returns to: a same-site path, checked before it was stored. */
  returnTo?: string;
  /** grant's record of a sign-in in progress (provider, state, nonce, PKCE verifier). Never tokens. */
  grant?: Record<string, unknown>;
}

export const sessionOf = (ctx: Context): SessionData => (ctx as Context & { session: SessionData }).session;

/** Who asks without any session yet: owns nothing, so every ownership check fails for it. */
export const NOBODY = 'nobody';

const actorFrom = (session: SessionData | null | undefined): string => {
  if (session?.userId) return `user-${session.userId}`;
  return session?.visitorId ? `visitor-${session.visitorId}` : NOBODY;
};

/** Whoever asks: the signed-in user, else the anonymous visitor of this browser (set by the session middleware). */
export const actorOf = (ctx: Context): string => (ctx.state as { actor?: string }).actor ?? NOBODY;
const setActor = (ctx: Context, session: SessionData | null | undefined) => ((ctx.state as { actor?: string }).actor = actorFrom(session));

/**
 * A fresh session, not an edited one: whatever the old cookie carried (a sign-in in progress, a planted value)
 * is dropped, and the new cookie gets a new value, signature and 30-day lifetime. koa-session's
 * `session.regenerate()` would not add anything here: without a session store there is no server-side id to
 * renew, the cookie holds the whole session.
 */
const replaceSession = (ctx: Context, data: SessionData) => {
  (ctx as Context & { session: SessionData }).session = data;
  setActor(ctx, data);
};

/**
 * Signs this browser in. The visitor id is kept: it names the anonymous account the browser used until now,
 * and the user's own account (`user-<id>`) is what every request acts as from here on.
 */
export const startUserSession = (ctx: Context, userId: string) =>
  replaceSession(ctx, { visitorId: sessionOf(ctx).visitorId ?? randomUUID(), userId });

/**
 * Signs this browser out as a new anonymous visitor: on a shared computer the next person must not inherit the
 * previous visitor's projects and plays, and a visitor id someone planted before sign-in ends here too.
 */
export const endUserSession = (ctx: Context) => replaceSession(ctx, { visitorId: randomUUID() });

/**
 * Signed, httpOnly, sameSite=lax cookie sessions, shared by the command and query APIs (same keys, same cookie),
 * so both recognise the same visitor without a session store.
 */
export const sessions = (app: Koa, { secret, secure }: { secret: string; secure: boolean }): Middleware => {
  app.keys = [secret];
  const session = createSession(
    { key: SESSION_COOKIE, maxAge: THIRTY_DAYS_MS, httpOnly: true, signed: true, sameSite: 'lax', secure, rolling: false },
    app,
  );
  const read = createSessionReader();
  // koa-session parses and verifies the cookie lazily, on first use of ctx.session: a known visitor is answered
  // from the verified-cookie cache, and ctx.session is touched only to start a session (or, later, to change one).
  const identify: Middleware = async (ctx, next) => {
    const known = read(ctx.cookies);
    if (known?.visitorId) {
      setActor(ctx, known);
    } else {
      const data = sessionOf(ctx);
      if (!data.visitorId) data.visitorId = randomUUID();
      setActor(ctx, data);
    }
    await next();
  };
  return compose([session, identify]);
};

const MAX_CACHED_SESSIONS = 10_000;

/**
 * Reads, without writing, the session that `sessions()` signed. Verifying a signature costs several HMACs per
 * request, the largest part of a read's CPU; the verdict for one exact (value, signature) pair can never change,
 * so verified cookies are remembered (bounded, least recently used first out). Reads never set cookies.
 */
export const createSessionReader = () => {
  const verified = new Map<string, SessionData>();
  /** `cookies` must be a jar whose keys are the session secret (a Koa context's, with `app.keys` set). */
  return (cookies: Context['cookies']): SessionData | null => {
    const value = cookies.get(SESSION_COOKIE);
    const signature = cookies.get(`${SESSION_COOKIE}.sig`);
    if (!value || !signature) return null;
    const cacheKey = `${value}.${signature}`;
    let session = verified.get(cacheKey);
    if (session) {
      verified.delete(cacheKey);
    } else {
      if (cookies.get(SESSION_COOKIE, { signed: true }) !== value) return null;
      try {
        session = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as SessionData & { _expire?: number };
      } catch {
        return null;
      }
    }
    if (typeof (session as { _expire?: unknown })._expire === 'number' && (session as { _expire: number })._expire < Date.now()) return null;
    verified.set(cacheKey, session);
    if (verified.size > MAX_CACHED_SESSIONS) verified.delete(verified.keys().next().value!);
    return session;
  };
};

/** Read-only sessions for the query API: `actorOf(ctx)` works, nothing is ever written back. */
export const readOnlySessions = (app: Koa, { secret }: { secret: string }): Middleware => {
  app.keys = [secret];
  const read = createSessionReader();
  return async (ctx, next) => {
    setActor(ctx, read(ctx.cookies));
    await next();
  };
};

/**
 * Who an upgrading WebSocket request belongs to, from the same signed session cookie the HTTP APIs use (an
 * upgrade never passes through Koa's middleware, so a context is made for its cookies).
 */
export const createSessionIdentifier = ({ secret, opsToken }: { secret: string; opsToken?: string }) => {
  const app = new Koa();
  app.keys = [secret];
  const read = createSessionReader();
  return async (request: IncomingMessage) => ({
    actor: actorFrom(read(app.createContext(request, new ServerResponse(request)).cookies)),
    operator: isOperatorRequest(request, opsToken),
  });
};
