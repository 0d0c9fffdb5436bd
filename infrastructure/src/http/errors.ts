import {
  ConflictError,
  DomainError,
  StageIncompleteError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  NotFoundError,
  PaymentRequiredError,
  TextConflictError,
  ValidationError,
} from '@vis/domain';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { AppendRefusedError, WrongExpectedVersionError } from '../event-store/event-store.ts';
import type { Logger } from '../logging/logger.ts';
import { RateLimitedError } from '../abuse/rate-limiter.ts';

export interface ErrorBody {
  success: false;
  error: string;
  message: string;
  field?: string;
  /** What a stage still lacks ('path: message'), for the warning dialog (spec §4). */
  issues?: string[];
  /** A refused text edit (TextConflictError): the stored text and the revision that changed it. */
  current?: { value: unknown; revision: number };
}

const statusOf = (error: DomainError): number => {
  if (error instanceof ValidationError) return 400;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof PaymentRequiredError) return 402;
  if (error instanceof ForbiddenError) return 403;
  // 422, as the IETF Idempotency-Key draft answers a key reused with a different payload.
  if (error instanceof IdempotencyKeyReusedError) return 422;
  return 400;
};

/** Errors raised by the HTTP plumbing (body parser, http-errors) carry their own 4xx status. */
const isClientHttpError = (error: unknown): error is Error & { status: number; expose?: boolean; type?: string } =>
  error instanceof Error &&
  typeof (error as unknown as { status?: unknown }).status === 'number' &&
  (error as unknown as { status: number }).status < 500;

const plumbingMessage = (error: Error & { status: number; type?: string }) => {
  if (error.type === 'entity.too.large') return 'Request body is larger than 1 MB';
  if (error.type === 'entity.parse.failed' || error.message.includes('JSON')) return 'Request body is not valid JSON';
  return error.message;
};

/** A private share link's token is its permission (issue 26): a path that carries one is logged without it. */
export const loggedPath = (path: string) => path.replace(/^(\/(?:api\/)?shared\/[^/]+\/)[^/]+/, '$1[redacted]');

/**
 * The one place where errors become HTTP answers in the spec's `{ success: false, error, message }` shape.
 * Domain errors keep their message; anything unexpected is logged and answered 500 without internals.
 */
export const errorHandler =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) {
        ctx.status = statusOf(error);
        const body: ErrorBody = { success: false, error: error.title, message: error.message };
        if (error instanceof ValidationError) body.field = error.field;
        if (error instanceof StageIncompleteError) body.issues = error.issues;
        if (error instanceof TextConflictError) {
          body.field = error.field;
          body.current = error.current;
        }
        ctx.body = body;
        return;
      }
      if (error instanceof RateLimitedError) {
        ctx.status = 429;
        ctx.set('Retry-After', String(Math.ceil(error.retryAfterMs / 1000)));
        ctx.body = { success: false, error: error.title, message: error.message } satisfies ErrorBody;
        return;
      }
      if (error instanceof WrongExpectedVersionError) {
        // Only reached once the bounded retries are spent: the stream is being written very fast by others.
        const message = 'This item changed while your request ran. Please try again.';
        ctx.status = 409;
        ctx.body = { success: false, error: 'Conflict', message } satisfies ErrorBody;
        return;
      }
      if (error instanceof AppendRefusedError) {
        // Bodies are bounded at 1 MB, so only a change whose event outgrows what the log takes per append lands here.
        logger.warn({ err: error, path: loggedPath(ctx.path) }, 'an append was refused');
        ctx.status = 413;
        ctx.body = { success: false, error: 'Payload too large', message: 'This change is too large to be saved.' } satisfies ErrorBody;
        return;
      }
      if (isClientHttpError(error)) {
        ctx.status = error.status;
        const message = plumbingMessage(error);
        ctx.body = { success: false, error: message, message } satisfies ErrorBody;
        return;
      }
      const requestId = typeof ctx.state.requestId === 'string' ? ctx.state.requestId : undefined;
      logger.error(
        { err: error, method: ctx.method, path: loggedPath(ctx.path), ...(requestId === undefined ? {} : { requestId }) },
        'request failed',
      );
      ctx.status = 500;
      ctx.body = { success: false, error: 'Internal error', message: 'An unexpected error occurred. Please try again.' } satisfies ErrorBody;
    }
  };

/** A client that went away while its answer was being sent (a closed tab, a cancelled download): nothing to fix. */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Errors Koa sees outside the middleware (a body stream failing after the answer began) go to the structured log,
 * not Koa's default `console.error` with its stack: a client that went away only at debug, anything else as an
 * error with the request it belongs to.
 */
export const logAppErrors = (app: Koa, logger: Logger) => {
  // Koa hears a failing body stream more than once (the stream's own error, then the pipe's): one line a request.
  const reported = new WeakSet<Context>();
  app.on('error', (error: NodeJS.ErrnoException, ctx?: Context) => {
    if (ctx && reported.has(ctx)) return;
    if (ctx) reported.add(ctx);
    const request = ctx ? { method: ctx.method, path: loggedPath(ctx.path), requestId: ctx.state.requestId as unknown } : {};
    if (error.code !== undefined && CLIENT_GONE_CODES.has(error.code)) logger.debug({ ...request, code: error.code }, 'client went away mid-answer');
    else logger.error({ err: error, ...request }, 'request failed after its answer began');
  });
};
