import type Router from '@koa/router';
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH } from '@vis/domain';
import { sessionOf, uuidFrom, type Logger } from '@vis/infrastructure';
import grant from 'grant';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AuthOptions } from './config.ts';
import { html, sendPage } from './pages.ts';
import { originOf, requestedReturnTo, safeReturnTo } from './return-to.ts';
import type { SignIn } from './sign-in.ts';

export const GOOGLE_START = '/auth/google';
export const GOOGLE_CALLBACK = '/auth/google/callback';

/** What Google's userinfo endpoint answers (OpenID Connect standard claims); other claims are ignored. */
const googleProfileSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z
    .string()
    .max(MAX_EMAIL_LENGTH)
    .refine((email) => email.includes('@')),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
const pictureSchema = z.url({ protocol: /^https?$/ }).max(2000);

type Failure = 'cancelled' | 'expired' | 'failed' | 'unverified';
const FAILURES: Record<Failure, { status: number; title: string; message: string }> = {
  cancelled: { status: 401, title: 'Sign-in cancelled', message: 'Google sign-in was cancelled, so you are not signed in.' },
  expired: {
    status: 400,
    title: 'Sign-in expired',
    message:
      'This sign-in did not start in this browser, was already used, or has expired. Sign-in must finish in the browser that started it, with cookies enabled.',
  },
  failed: { status: 502, title: 'Sign-in failed', message: 'Google sign-in could not be completed. Please try again in a moment.' },
  unverified: {
    status: 403,
    title: 'Email not verified',
    message: 'Your Google account has no verified email address, which signing in here needs.',
  },
};

/** A short, loggable name for what went wrong: an OAuth error code or grant's message, never a response body. */
const errorCode = (error: unknown): string => {
  const code = typeof error === 'object' && error !== null ? (error as { error?: unknown }).error : error;
  return typeof code === 'string' ? code.replace(/[^\w .:-]/g, '').slice(0, 100) : 'unknown';
};

/**
 * Google sign-in through grant. grant keeps the flow's state, nonce and PKCE verifier in our session cookie
 * and, with transport 'state', hands the tokens and profile to the callback route in memory only: no token
 * ever reaches a cookie, an event or a log line.
 */
export const googleRoutes = (router: Router, { options, signIn, logger }: { options: AuthOptions; signIn: SignIn; logger: Logger }) => {
  const { google, publicUrl, production } = options;
  const oauth =
    google &&
    grant.koa()({
      defaults: { prefix: '/auth', transport: 'state', state: true, nonce: true, pkce: true, response: ['tokens', 'profile'] },
      google: {
        client_id: google.clientId,
        client_secret: google.clientSecret,
        scope: ['openid', 'email', 'profile'],
        // After a sign-out on a shared computer the next person picks an account rather than being signed in silently.
        custom_params: { prompt: 'select_account' },
        ...(google.authorizeUrl ? { authorize_url: google.authorizeUrl } : {}),
        ...(google.accessUrl ? { access_url: google.accessUrl } : {}),
        ...(google.profileUrl ? { profile_url: google.profileUrl } : {}),
      },
    });

  /** grant builds redirect_uri as `<origin>/auth/google/callback`; both legs of the flow must send the same one. */
  const runGrant = async (ctx: Context) => {
    ctx.state.grant = { dynamic: { origin: publicUrl ? publicUrl.replace(/\/+$/, '') : originOf(ctx, undefined) } };
    await oauth!(ctx, async () => {});
  };

  const notConfigured = (ctx: Context) =>
    sendPage(
      ctx,
      503,
      'Sign-in is not configured',
      html`<p>Google sign-in needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, and they are not set on this server.</p>`,
    );

  const fail = (ctx: Context, failure: Failure, returnTo: string, providerError?: unknown) => {
    const session = sessionOf(ctx);
    delete session.grant;
    delete session.returnTo;
    logger.warn({ reason: failure, ...(providerError === undefined ? {} : { providerError: errorCode(providerError) }) }, 'sign-in failed');
    const { status, title, message } = FAILURES[failure];
    sendPage(
      ctx,
      status,
      title,
      html`<p class="error">${message}</p>
<div class="actions"><a href="${GOOGLE_START}?returnTo=${encodeURIComponent(returnTo)}">Try again</a><a href="${returnTo}">Continue without signing in</a></div>`,
    );
  };

  router.get(GOOGLE_START, async (ctx) => {
    const returnTo = requestedReturnTo(ctx, publicUrl);
    if (!oauth) {
      if (production) return notConfigured(ctx);
      return ctx.redirect(`/auth/local?returnTo=${encodeURIComponent(returnTo)}`);
    }
    sessionOf(ctx).returnTo = returnTo;
    // grant would keep the query in the session as "dynamic" settings; our returnTo is already stored.
    ctx.querystring = '';
    await runGrant(ctx);
    if (!ctx.response.get('location')) throw new Error('grant did not start the Google sign-in');
  });

  router.get(GOOGLE_CALLBACK, async (ctx) => {
    if (!oauth) return production ? notConfigured(ctx) : sendPage(ctx, 404, 'Not found', html`<p>Google sign-in is not configured here.</p>`);
    const session = sessionOf(ctx);
    const returnTo = safeReturnTo(session.returnTo);
    if (ctx.query.error !== undefined) return fail(ctx, ctx.query.error === 'access_denied' ? 'cancelled' : 'failed', returnTo, ctx.query.error);
    // grant skips its state check when no flow was started, and fetches a profile even after a mismatch: the
    // state is checked here first, so a callback this browser did not start goes nowhere near Google.
    const started = session.grant?.provider === 'google' && typeof session.grant.state === 'string' ? session.grant.state : undefined;
    if (!started || ctx.query.state !== started) return fail(ctx, 'expired', returnTo);

    await runGrant(ctx);
    const response = (ctx.state.grant as { response?: { error?: unknown; profile?: unknown } } | undefined)?.response;
    delete ctx.state.grant;
    if (!response || response.error !== undefined) {
      const error = response?.error ?? 'no response';
      return fail(ctx, /state mismatch|missing code/.test(errorCode(error)) ? 'expired' : 'failed', returnTo, error);
    }
    const parsed = googleProfileSchema.safeParse(response.profile);
    if (!parsed.success)
      return fail(ctx, 'failed', returnTo, (response.profile as { error?: unknown } | undefined)?.error ?? 'profile without sub or email');
    const { sub, email, email_verified, name, picture } = parsed.data;
    if (email_verified === false) return fail(ctx, 'unverified', returnTo);
    const profileImageUrl = pictureSchema.safeParse(picture);
    await signIn(ctx, {
      userId: uuidFrom(`google:${sub}`),
      method: 'google',
      profile: {
        email,
        displayName: (name ?? '').trim().slice(0, MAX_DISPLAY_NAME_LENGTH),
        ...(profileImageUrl.success ? { profileImageUrl: profileImageUrl.data } : {}),
      },
    });
    ctx.redirect(returnTo);
  });
};
