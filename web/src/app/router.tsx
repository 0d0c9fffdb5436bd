import type { QueryClient } from '@tanstack/react-query';
import { APP_ROUTES, type AppRoute } from '@vis/domain/app-routes';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { MarketplaceFrame } from '../features/marketplace/components/marketplace-header.tsx';
import { prefetchCurrentProject } from '../features/projects/hooks/use-current-project.ts';
import { StageFrame } from '../features/stages/components/stage-loading.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { ErrorBoundaryRoute } from './routes/error-boundary.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/**
 * Every screen but the landing page is its own chunk, so the first visit loads only what it shows. A stage's first
 * render needs none of it: its title and guide, the largest thing on a first visit's screen, come with the first page.
 */
const stageRoute =
  (queryClient: QueryClient) =>
  (stage: 1 | 2 | 3 | 4 | 5 | 6): Screen => ({
    // The placeholder and the screen are one component (`StageFrame`), so the title and guide painted first stay.
    lazy: () => {
      void prefetchCurrentProject(queryClient);
      return import('./routes/stage.tsx').then((module) => ({ element: <StageFrame stageNumber={stage} screen={module.StageRoute} /> }));
    },
    hydrateFallbackElement: <StageFrame stageNumber={stage} />,
  });

let firstPaintDone = false;

/**
 * Resolves once the first page has been painted (at once after that). A screen's chunk and the dozens of modules it
 * imports are asked for only then: asked for while the router starts, they compete with the first page's own files
 * (and Lighthouse counts them before its first paint). A hidden tab paints no frames, so a timer stands in there.
 */
const afterFirstPaint = () =>
  firstPaintDone
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          firstPaintDone = true;
          resolve();
        };
        if (document.visibilityState === 'hidden') setTimeout(done);
        else requestAnimationFrame(() => setTimeout(done));
      });

/**
 * A deep link's first render waits for its screen's chunk: the shell shows, with a spinner where the screen goes
 * (or the screen's own placeholder), painted before the chunk is asked for.
 */
const asLazyScreen = (route: RouteObject): RouteObject => {
  const { lazy } = route;
  if (typeof lazy !== 'function') return route;
  return {
    ...route,
    lazy: () => afterFirstPaint().then(lazy),
    hydrateFallbackElement: route.hydrateFallbackElement ?? <PageLoading />,
  };
};

type Screen = Omit<RouteObject, 'path' | 'index' | 'children'>;

/**
 * The screen of every address in the shared route list (`@vis/domain/app-routes`): typed by that list, so a route
 * the server knows has a screen here and a screen has an address the server answers 200 for.
 */
const screensOf = (queryClient: QueryClient): Record<AppRoute, Screen> => {
  const stage = stageRoute(queryClient);
  return {
    '/': { element: <LandingRoute /> },
    '/stage-1': stage(1),
    '/stage-2': stage(2),
    '/stage-3': stage(3),
    '/stage-4': stage(4),
    '/stage-5': stage(5),
    '/stage-6': stage(6),
    '/generator': { lazy: () => import('./routes/generator.tsx').then((module) => ({ Component: module.GeneratorRoute })) },
    '/summary': { lazy: () => import('./routes/summary.tsx').then((module) => ({ Component: module.SummaryRoute })) },
    '/dashboard': { lazy: () => import('./routes/dashboard.tsx').then((module) => ({ Component: module.DashboardRoute })) },
    '/settings': { lazy: () => import('./routes/settings.tsx').then((module) => ({ Component: module.SettingsRoute })) },
    '/welcome': { element: <LandingRoute /> },
    '/marketplace': {
      // The placeholder and the screen are one component (`MarketplaceFrame`), so the heading painted first stays.
      lazy: () => import('./routes/marketplace.tsx').then((module) => ({ element: <MarketplaceFrame screen={module.MarketplaceRoute} /> })),
      hydrateFallbackElement: <MarketplaceFrame />,
    },
    '/billing': { lazy: () => import('./routes/billing.tsx').then((module) => ({ Component: module.BillingRoute })) },
    '/game': { lazy: () => import('./routes/game.tsx').then((module) => ({ Component: module.GameRoute })) },
    '/new-game': { lazy: () => import('./routes/game.tsx').then((module) => ({ Component: module.NewGameRoute })) },
    '/subscription': { lazy: () => import('./routes/subscription.tsx').then((module) => ({ Component: module.SubscriptionRoute })) },
    '/subscribe': { lazy: () => import('./routes/subscription.tsx').then((module) => ({ Component: module.SubscriptionRoute })) },
    '/payment': { lazy: () => import('./routes/payment.tsx').then((module) => ({ Component: module.PaymentRoute })) },
    '/analytics': { lazy: () => import('./routes/analytics.tsx').then((module) => ({ Component: module.AnalyticsRoute })) },
    '/operations': { lazy: () => import('./routes/operations.tsx').then((module) => ({ Component: module.OperationsRoute })) },
    '/auth-test': { lazy: () => import('./routes/auth-test.tsx').then((module) => ({ Component: module.AuthTestRoute })) },
    '/marketplace/:id': {
      lazy: () => import('./routes/marketplace-idea.tsx').then((module) => ({ Component: module.MarketplaceIdeaRoute })),
    },
    '/shared/:projectId/:token': {
      lazy: () => import('./routes/shared-project.tsx').then((module) => ({ Component: module.SharedProjectRoute })),
    },
    '/projects/:id': { lazy: () => import('./routes/project-link.tsx').then((module) => ({ Component: module.ProjectLinkRoute })) },
    '/projects/:id/history': {
      lazy: () => import('./routes/project-history.tsx').then((module) => ({ Component: module.ProjectHistoryRoute })),
    },
  };
};

export const createRouter = (queryClient: QueryClient) => {
  const screens = screensOf(queryClient);
  return createBrowserRouter([
    {
      path: '/',
      element: <AppShell />,
      errorElement: <ErrorBoundaryRoute />,
      children: [
        {
          errorElement: <ErrorBoundaryRoute />,
          children: (
            [
              ...APP_ROUTES.map((path): RouteObject => (path === '/' ? { index: true, ...screens['/'] } : { path: path.slice(1), ...screens[path] })),
              { path: '*', element: <NotFoundRoute /> },
            ] as RouteObject[]
          ).map(asLazyScreen),
        },
      ],
    },
  ]);
};
