import type { Middleware } from 'koa';

/**
 * An AI call's own answers beside the domain's: 429 for the rate limit, 502 when the model failed (the charge
 * is refunded by then). Same `{ success: false, error, message }` shape as every other error.
 */
export class AiHttpError extends Error {
  override readonly name = 'AiHttpError';
  constructor(
    readonly status: 429 | 502 | 503,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

export const aiErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof AiHttpError)) throw error;
    ctx.status = error.status;
    ctx.body = { success: false, error: error.title, message: error.message };
  }
};
