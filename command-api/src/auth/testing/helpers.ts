import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { createSessionIdentifier, createSessionStore, SESSION_COOKIE, type DocumentStore, type Logger, type SessionData } from '@vis/infrastructure';
import type { Response } from 'supertest';

export const TEST_SESSION_SECRET = 'auth-test-session-secret-0123456789abcdef';

export const setCookiesOf = (res: Response): string[] => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

/** The `Cookie` header a browser would send after this response. */
export const cookieHeaderFrom = (res: Response) =>
  setCookiesOf(res)
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

/** The session record the cookie this response set names (the cookie holds only its id), or null. */
export const sessionSetBy = async (res: Response, documentStore: DocumentStore): Promise<SessionData | null> => {
  const cookie = setCookiesOf(res).find((each) => each.startsWith(`${SESSION_COOKIE}=`));
  const sid = cookie?.slice(SESSION_COOKIE.length + 1).split(';')[0];
  if (!sid) return null;
  return await createSessionStore({ documentStore }).get(sid);
};

/** Who the cookies this response set make the browser, read back the way the query API and `/ws` read them. */
export const actorAfter = async (res: Response, documentStore: DocumentStore) => {
  const request = new IncomingMessage(new Socket());
  request.headers.cookie = cookieHeaderFrom(res);
  return (await createSessionIdentifier({ secret: TEST_SESSION_SECRET, store: createSessionStore({ documentStore }) })(request)).actor;
};

/** A logger that keeps every line it is given, to look for what must never be logged. */
export const capturingLogger = () => {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push(`${level} ${JSON.stringify(args)}`);
  const logger = {
    trace: record('trace'),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    fatal: record('fatal'),
  } as Record<string, unknown>;
  logger.child = () => logger;
  return { logger: logger as unknown as Logger, lines };
};
