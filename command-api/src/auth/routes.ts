import Router from '@koa/router';
import { endUserSession, sessionOf, type Logger } from '@vis/infrastructure';
import type { Context, Middleware } from 'koa';
import type { Accounts } from '../accounts/accounts.ts';
import type { AdoptVisitorProjects } from '../projects/adopt-visitor-projects.ts';
import type { AuthOptions } from './config.ts';
import { googleRoutes } from './google.ts';
import { html, sendPage } from './pages.ts';
import { localRoutes } from './local.ts';
import { requestedReturnTo } from './return-to.ts';
import { createSignIn } from './sign-in.ts';

export interface AuthDeps {
  accounts: Accounts;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  options: AuthOptions;
  adoptVisitorProjects?: AdoptVisitorProjects;
  headPosition: () => Promise<bigint>;
}

/**
 * Sign-in and sign-out: full-page navigations under /auth answered with redirects and small pages. Mounted
 * before the JSON body parser, because the local sign-in form posts as a browser form.
 */
export const authRoutes = ({ options, ...deps }: AuthDeps): Middleware => {
  const router = new Router();
  const signIn = createSignIn(deps);
  googleRoutes(router, { options, signIn, logger: deps.logger });
  localRoutes(router, { options, signIn });

  const logout = async (ctx: Context) => {
    const returnTo = requestedReturnTo(ctx, options.publicUrl);
    // A visitor who was never signed in keeps the anonymous work this browser holds.
    if (sessionOf(ctx).userId) {
      deps.logger.info({ accountId: `user-${sessionOf(ctx).userId}` }, 'signed out');
      await endUserSession(ctx);
    }
    ctx.redirect(returnTo);
    ctx.status = 303;
  };
  // Signing out changes state, so only a POST does it (a same-site one: see sameSiteOnly). A GET, which any page
  // could send with a link or an <img>, answers a button that does it.
  router.get('/auth/logout', (ctx) => {
    const returnTo = requestedReturnTo(ctx, options.publicUrl);
    if (!sessionOf(ctx).userId) return ctx.redirect(returnTo);
    sendPage(
      ctx,
      200,
      'Log out',
      html`<p>Log out of Viral Idea Studio in this browser?</p>
<form method="post" action="/auth/logout?returnTo=${encodeURIComponent(returnTo)}">
<div class="actions"><button type="submit">Log out</button><a href="${returnTo}">Cancel</a></div>
</form>`,
    );
  });
  router.post('/auth/logout', logout);

  const routes = router.routes() as Middleware;
  // Every route here is under /auth/: any other request (every command) skips the router's matching. The router
  // stays reachable as on @koa/router's own middleware, where the route inventory (reliability/) looks for it.
  const underAuth: Middleware = (ctx, next): Promise<unknown> => (ctx.path.startsWith('/auth/') ? (routes(ctx, next) as Promise<unknown>) : next());
  return Object.assign(underAuth, { router });
};
