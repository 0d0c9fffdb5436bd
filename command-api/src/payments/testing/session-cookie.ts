import { createSessionStore, sessionOf, sessions, type DocumentStore, type SessionData } from '@vis/infrastructure';
import Koa from 'koa';
import request from 'supertest';

/**
 * The Cookie header of a browser whose session holds `data` (a visitor id, a signed-in user id), made by the
 * product's own `sessions()` middleware with the same secret and session records, so the command API verifies it like any other.
 * For tests that run without the sign-in routes.
 */
export const sessionCookie = async (secret: string, documentStore: DocumentStore, data: SessionData): Promise<string> => {
  const app = new Koa();
  app.use(sessions(app, { secret, store: createSessionStore({ documentStore }) }));
  app.use((ctx) => {
    Object.assign(sessionOf(ctx), data);
    ctx.status = 204;
  });
  const res = await request(app.callback()).get('/');
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  if (cookies.length === 0) throw new Error('the session middleware set no cookie');
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
};
