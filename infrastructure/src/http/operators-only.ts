import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Who is an operator: the holders of OPS_TOKEN (scripts, the CLIs) and the users named in OPERATOR_EMAILS (browsers). */
export interface OperatorAccess {
  /**
   * OPS_TOKEN (generated in the data directory outside production when not set). Without one nobody is an
   * operator by token: where a caller comes from never makes one (a browser on this machine visits any site).
   */
  token?: string;
  /** OPERATOR_EMAILS, lower-cased: a session signed in as one of them is an operator's. */
  emails?: readonly string[];
  /** The email a request's signed session was signed in with; without it no browser session makes an operator. */
  sessionEmail?: (request: IncomingMessage) => Promise<string | undefined>;
}

/** Nobody but the token holder: what a service without sessions offers. */
export const tokenOnly = (token: string | undefined): OperatorAccess => ({ token });

/** Whether `given` is the operators' token: false when none is configured. */
export const isOpsToken = (given: string, { token }: OperatorAccess) => Boolean(token) && sameSecret(given, token!);

/**
 * In the Authorization header only: a token in the address (`?token=`) ends up in proxies' and servers' access
 * logs, in browser history and in Referer headers. A WebSocket sends it in its first message instead.
 */
const presentsToken = (request: IncomingMessage, access: OperatorAccess) =>
  isOpsToken((request.headers.authorization ?? '').replace(/^Bearer /i, ''), access);

/**
 * Whether a request comes from an operator: it presents the ops token as `Authorization: Bearer`, or its session
 * was signed in with an email in OPERATOR_EMAILS. The email list is read on every request, so
 * taking someone off it (and restarting) ends their access without waiting for their session to expire.
 */
export const isOperatorRequest = async (request: IncomingMessage, access: OperatorAccess): Promise<boolean> => {
  if (presentsToken(request, access)) return true;
  if (!access.emails?.length || !access.sessionEmail) return false;
  const email = await access.sessionEmail(request);
  return email !== undefined && access.emails.includes(email.toLowerCase());
};

/** The answer to a caller who is not an operator: 401 when a token or a sign-in would let them in, 403 when nothing would. */
export const operatorRefusal = ({ token, emails }: OperatorAccess) => {
  const byEmail = Boolean(emails?.length);
  const message = byEmail
    ? `Operators only: sign in with an operator's account${token ? ' or send Authorization: Bearer <OPS_TOKEN>' : ''}`
    : token
      ? 'Operators only: send Authorization: Bearer <OPS_TOKEN>'
      : 'Operators only: no OPS_TOKEN is configured';
  const status = token || byEmail ? 401 : 403;
  return { status, body: { success: false as const, error: status === 401 ? 'Unauthorized' : 'Forbidden', message } };
};

/**
 * Rebuilding is expensive and feedback is private, so the operators' endpoints are not public: the bearer token,
 * or an operator's signed-in session.
 */
export const operatorsOnly =
  (access: OperatorAccess): Middleware =>
  async (ctx, next) => {
    if (await isOperatorRequest(ctx.req, access)) {
      await next();
      return;
    }
    const refusal = operatorRefusal(access);
    ctx.status = refusal.status;
    ctx.body = refusal.body;
  };
