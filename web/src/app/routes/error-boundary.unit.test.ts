import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundaryRoute } from './error-boundary.tsx';

/**
 * The 'Application Error' screen (spec 02 §2.1) as the router shows it for a route that fails. Rendered on the
 * server side of React: its class error boundaries do not run there, so the failure comes from the route's loader,
 * which the router hands to the same errorElement a render error reaches in the browser.
 */
const renderFailing = async (error: unknown) => {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => createElement('p', null, 'never shown'),
      errorElement: createElement(ErrorBoundaryRoute),
    },
  ]);
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return renderToString(createElement(RouterProvider, { router }));
};

describe('ErrorBoundaryRoute', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Application Error', what failed and a full-page Return to Home, and logs the error", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = await renderFailing(new Error('The stage data did not parse'));
    expect(html).toContain('Application Error');
    expect(html).toContain('The stage data did not parse');
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).not.toContain('never shown');
    expect(logged).toHaveBeenCalledWith('Application Error', expect.objectContaining({ message: 'The stage data did not parse' }));
  });

  it('names a thrown response by its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = await renderFailing(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(html).toContain('503 Service Unavailable');
  });
});
