import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { createSessionIdentifier, SESSION_COOKIE, type Logger, type SessionData } from '@vis/infrastructure';
import type { Response } from 'supertest';

export const TEST_SESSION_SECRET = 'auth-test-session-secret-0123456789abcdef';

export const setCookiesOf = (res: Response): string[] => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

/** The `Cookie` header a browser would send after this response. */
export const cookieHeaderFrom = (res: Response) =>
  setCookiesOf(res)
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

/** The session this response set, decoded (the cookie is signed, not encrypted: anyone holding it can read it). */
export const sessionSetBy = (res: Response): SessionData | null => {
  const cookie = setCookiesOf(res).find((each) => each.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) return null;
  return JSON.parse(Buffer.from(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!, 'base64').toString('utf8')) as SessionData;
};

const identify = createSessionIdentifier({ secret: TEST_SESSION_SECRET });

/** Who the cookies this response set make the browser, read back the way the query API and `/ws` read them. */
export const actorAfter = async (res: Response) => {
  const request = new IncomingMessage(new Socket());
  request.headers.cookie = cookieHeaderFrom(res);
  return (await identify(request)).actor;
};

/** A logger that keeps every line it is given, to look for what must never be logged. */
export const capturingLogger = () => {
  const lines: string[] = [];
  const record = (level: string) => (...args: unknown[]) => void lines.push(`${level} ${JSON.stringify(args)}`);
  const logger = { trace: record('trace'), debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), fatal: record('fatal') } as Record<string, unknown>;
  logger.child = () => logger;
  return { logger: logger as unknown as Logger, lines };
};
