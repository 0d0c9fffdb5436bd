import type { Context } from 'koa';

const MAX_FORM_BYTES = 16 * 1024;

/**
 * A sign-in form's fields. The app's JSON body parser refuses forms, and a browser posts a form as
 * application/x-www-form-urlencoded; the form is small, so it is read here with a tight limit.
 */
export const readForm = async (ctx: Context): Promise<Record<string, string>> => {
  if (!ctx.is('application/x-www-form-urlencoded')) ctx.throw(415, 'Request body must be a form (application/x-www-form-urlencoded)');
  if (Number(ctx.get('content-length') || 0) > MAX_FORM_BYTES) ctx.throw(413, 'Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) ctx.throw(413, 'Request body is too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
};
