import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Who is an operator: the holders of OPS_TOKEN (scripts, the CLIs) and the users named in OPERATOR_EMAILS (browsers). */
export interface OperatorAccess {
  /** OPS_TOKEN. Without one, callers on this machine are operators (development, the CLIs beside the server). */
  token?: string;
  /** OPERATOR_EMAILS, lower-cased: a session signed in as one of them is an operator's. */
  emails?: readonly string[];
  /** The email a request's signed session was signed in with; without it no browser session makes an operator. */
  sessionEmail?: (request: IncomingMessage) => Promise<string | undefined>;
}

/** Nobody but the token holder, or this machine without a token: what a service without sessions offers. */
export const tokenOnly = (token: string | undefined): OperatorAccess => ({ token });

const presentsToken = (request: IncomingMessage, { token }: OperatorAccess) => {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
  return sameSecret(bearer, token) || sameSecret(query, token);
};

/**
 * Whether a request comes from an operator: it presents the ops token when one is configured (else it comes from
 * this machine), or its session was signed in with an email in OPERATOR_EMAILS. A WebSocket client, which cannot
 * set headers in a browser, may present the token as `?token=`. The email list is read on every request, so
 * taking someone off it (and restarting) ends their access without waiting for their session to expire.
 */
export const isOperatorRequest = async (request: IncomingMessage, access: OperatorAccess): Promise<boolean> => {
  if (presentsToken(request, access)) return true;
  if (!access.emails?.length || !access.sessionEmail) return false;
  const email = await access.sessionEmail(request);
  return email !== undefined && access.emails.includes(email.toLowerCase());
};

/** The answer to a caller who is not an operator: 401 when a token or a sign-in would let them in, 403 when only this machine may. */
export const operatorRefusal = ({ token, emails }: OperatorAccess) => {
  const byEmail = Boolean(emails?.length);
  const message = byEmail
    ? `Operators only: sign in with an operator's account${token ? ' or send Authorization: Bearer <OPS_TOKEN>' : ''}`
    : token
      ? 'Operators only: send Authorization: Bearer <OPS_TOKEN>'
      : 'Operators only: set OPS_TOKEN to allow remote access';
  const status = token || byEmail ? 401 : 403;
  return { status, body: { success: false as const, error: status === 401 ? 'Unauthorized' : 'Forbidden', message } };
};

/**
 * Rebuilding is expensive and feedback is private, so the operators' endpoints are not public: a bearer token
 * when one is configured (else only callers on this machine), or an operator's signed-in session.
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
