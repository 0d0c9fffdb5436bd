import type Router from '@koa/router';
import { INVALID_EMAIL_MESSAGE, isSafeLine, MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH } from '@vis/domain';
import { uuidFrom } from '@vis/infrastructure';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AuthOptions } from './config.ts';
import { readForm } from './form-body.ts';
import { GOOGLE_START } from './google.ts';
import { html, sendPage } from './pages.ts';
import { safeReturnTo } from './return-to.ts';
import type { SignIn } from './sign-in.ts';

export const LOCAL_SIGN_IN = '/auth/local';
export const LOCAL_SIGN_IN_TITLE = 'Local sign-in (development)';

const localSignInSchema = z.strictObject({
  displayName: z
    .string()
    .trim()
    .max(MAX_DISPLAY_NAME_LENGTH, `Display name: at most ${MAX_DISPLAY_NAME_LENGTH} characters`)
    .refine(isSafeLine, 'Display name: must not contain control, direction-override or invisible characters')
    .default(''),
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .max(MAX_EMAIL_LENGTH, `Email: at most ${MAX_EMAIL_LENGTH} characters`)
    .refine((email) => email.includes('@') && isSafeLine(email), INVALID_EMAIL_MESSAGE),
  returnTo: z.string().optional(),
});

const messageOf = (issue: z.core.$ZodIssue) =>
  issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : issue.message;

const renderForm = (
  ctx: Context,
  { status = 200, returnTo, values = {}, error }: { status?: number; returnTo: string; values?: Record<string, string>; error?: string },
) =>
  sendPage(
    ctx,
    status,
    LOCAL_SIGN_IN_TITLE,
    html`<p class="note">This page stands in for Google sign-in because no Google client is configured on this server
(GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are empty). Anyone can sign in here under any email address, so it only
works outside production.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : html``}
<form method="post" action="${LOCAL_SIGN_IN}">
<input type="hidden" name="returnTo" value="${returnTo}">
<label for="displayName">Display name</label>
<input id="displayName" name="displayName" autocomplete="name" maxlength="${MAX_DISPLAY_NAME_LENGTH}" value="${values.displayName ?? ''}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="${MAX_EMAIL_LENGTH}" value="${values.email ?? ''}">
<div class="actions"><button type="submit">Sign in</button><a href="${returnTo}">Cancel</a></div>
</form>`,
  );

/**
 * The local stand-in for Google sign-in (name and email, no password), so every feature works offline. It
 * exists only outside production and only while no Google client is configured.
 */
export const localRoutes = (router: Router, { options, signIn }: { options: AuthOptions; signIn: SignIn }) => {
  const refused = (ctx: Context) => {
    if (options.production) {
      sendPage(
        ctx,
        404,
        'Local sign-in is not available',
        html`<p>Local sign-in is switched off in production. <a href="${GOOGLE_START}">Sign in with Google</a>.</p>`,
      );
      return true;
    }
    if (options.google) {
      sendPage(
        ctx,
        404,
        'Local sign-in is not available',
        html`<p>Google sign-in is configured on this server. <a href="${GOOGLE_START}">Sign in with Google</a>.</p>`,
      );
      return true;
    }
    return false;
  };

  router.get(LOCAL_SIGN_IN, (ctx) => {
    if (refused(ctx)) return;
    renderForm(ctx, { returnTo: safeReturnTo(ctx.query.returnTo) });
  });

  router.post(LOCAL_SIGN_IN, async (ctx) => {
    if (refused(ctx)) return;
    // A login form posted from another site (which would sign this browser in as someone else's account) never
    // gets here: the command API's sameSiteOnly refuses it.
    const form = await readForm(ctx);
    const returnTo = safeReturnTo(form.returnTo);
    const parsed = localSignInSchema.safeParse(form);
    if (!parsed.success) return renderForm(ctx, { status: 400, returnTo, values: form, error: messageOf(parsed.error.issues[0]!) });
    const { displayName, email } = parsed.data;
    // Without a password, anyone could type an operator's address: only a developer who says so may.
    if (!options.localSignInOperators && options.operatorEmails?.includes(email.toLowerCase())) {
      return renderForm(ctx, {
        status: 403,
        returnTo,
        values: form,
        error:
          'This email is an operator’s (OPERATOR_EMAILS): the local sign-in, which asks no password, refuses it unless LOCAL_SIGN_IN_OPERATORS=true is set on the server.',
      });
    }
    await signIn(ctx, { userId: uuidFrom(`local:${email.toLowerCase()}`), method: 'local', profile: { email, displayName } });
    ctx.redirect(returnTo);
    ctx.status = 303;
  });
};
