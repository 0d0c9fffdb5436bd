import type { Context } from 'koa';

const MAX_RETURN_TO_LENGTH = 2000;
const BASE = 'http://return-to.invalid';

/**
 * Where to send the browser after signing in or out: only a path on this site. Anything that could leave it
 * (`//evil.com`, `/\evil.com`, `https://evil.com`, a tab or newline that a URL parser drops) becomes '/'.
 * The sign-in routes themselves are no destination either: returning to /auth/logout would undo the sign-in.
 */
export const safeReturnTo = (value: unknown): string => {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO_LENGTH) return '/';
  // eslint-disable-next-line no-control-regex -- a return path with a control character is refused
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * The product's own origin: from PUBLIC_URL when set, else from the request (behind a proxy, its forwarded
 * headers). Not `ctx.origin`: since Koa 3 that is the request's Origin header, whoever sent it.
 */
export const originOf = (ctx: Context, publicUrl: string | undefined) => (publicUrl ? new URL(publicUrl).origin : `${ctx.protocol}://${ctx.host}`);

/**
 * The page the user came from: `?returnTo=`, else the Referer when it is a page of this site (a plain link to
 * /auth/google), else the home page.
 */
export const requestedReturnTo = (ctx: Context, publicUrl: string | undefined): string => {
  const asked = ctx.query.returnTo;
  if (asked !== undefined) return safeReturnTo(asked);
  const referer = ctx.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.origin === originOf(ctx, publicUrl) ? safeReturnTo(`${url.pathname}${url.search}`) : '/';
  } catch {
    return '/';
  }
};
