import Router from '@koa/router';
import { endUserSession, sessionOf, type Logger } from '@vis/infrastructure';
import type { Context, Middleware } from 'koa';
import type { Accounts } from '../accounts/accounts.ts';
import type { AdoptVisitorProjects } from '../projects/adopt-visitor-projects.ts';
import type { AuthOptions } from './config.ts';
import { googleRoutes } from './google.ts';
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

  const logout = (ctx: Context) => {
    const returnTo = requestedReturnTo(ctx, options.publicUrl);
    // A visitor who was never signed in keeps the anonymous work this browser holds.
    if (sessionOf(ctx).userId) {
      deps.logger.info({ accountId: `user-${sessionOf(ctx).userId}` }, 'signed out');
      endUserSession(ctx);
    }
    ctx.redirect(returnTo);
    if (ctx.method === 'POST') ctx.status = 303;
  };
  router.get('/auth/logout', logout);
  router.post('/auth/logout', logout);

  return router.routes() as Middleware;
};
