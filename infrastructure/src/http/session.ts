import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import compose from 'koa-compose';

export const SESSION_COOKIE = 'vis.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionData {
  /** Every browser gets one on its first request; a visitor's projects and free plays hang on it. */
  visitorId?: string;
  userId?: string;
}

export const sessionOf = (ctx: Context): SessionData => (ctx as Context & { session: SessionData }).session;

/** Whoever asks: the signed-in user, else the anonymous visitor of this browser. */
export const actorOf = (ctx: Context): string => {
  const session = sessionOf(ctx);
  return session.userId ? `user-${session.userId}` : `visitor-${session.visitorId}`;
};

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
  const ensureVisitor: Middleware = async (ctx, next) => {
    const data = sessionOf(ctx);
    if (!data.visitorId) data.visitorId = randomUUID();
    await next();
  };
  return compose([session, ensureVisitor]);
};

/**
 * Who an upgrading WebSocket request belongs to, read from the same signed session cookie the HTTP APIs use
 * (a WebSocket upgrade never passes through Koa's middleware).
 */
export const createSessionIdentifier = ({ secret, secure }: { secret: string; secure: boolean }) => {
  const app = new Koa();
  const middleware = sessions(app, { secret, secure });
  return async (request: IncomingMessage): Promise<string> => {
    const ctx = app.createContext(request, new ServerResponse(request));
    let actor = '';
    await middleware(ctx, async () => {
      actor = actorOf(ctx);
    });
    return actor;
  };
};
