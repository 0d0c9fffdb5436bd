/**
 * Every address the web app has a screen for, defined once: the web app's router is built from this list (its
 * screens are typed by it, so a route cannot be added to one side only), and the server answers any other
 * address with HTTP 404 (the app still renders its 404 page there). No zod here: the web app imports it
 * (`@vis/domain/app-routes`) without pulling the domain's schemas into its bundle.
 */
export const APP_ROUTES = [
  '/',
  '/stage-1',
  '/stage-2',
  '/stage-3',
  '/stage-4',
  '/stage-5',
  '/stage-6',
  '/generator',
  '/summary',
  '/dashboard',
  '/settings',
  '/welcome',
  '/marketplace',
  '/billing',
  '/game',
  '/new-game',
  '/subscription',
  '/subscribe',
  '/payment',
  '/analytics',
  '/operations',
  '/auth-test',
  '/marketplace/:id',
  '/shared/:projectId/:token',
  '/projects/:id',
  '/projects/:id/history',
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

/** A route as a pattern: `:name` is one non-empty path segment and case does not count, as the router reads it. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`, 'i');
const PATTERNS = APP_ROUTES.map(patternOf);

/** Whether the web app has a screen at `pathname` (one trailing slash allowed, as the router allows it). */
export const isAppRoute = (pathname: string): boolean => {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PATTERNS.some((pattern) => pattern.test(path));
};
