import { describe, expect, it } from 'vitest';
import { openPage, startPlaying, takePolicyViolations, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('the web app under its Content-Security-Policy', () => {
  it('runs with no violation, its sockets to /ws and /ws/ai-process connecting under connect-src self', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const heard = new Map<string, string[]>();
    page.on('websocket', (socket) => {
      const path = new URL(socket.url()).pathname;
      heard.set(path, []);
      socket.on('framereceived', ({ payload }) => heard.get(path)!.push(String(payload)));
    });
    const response = await page.goto(env.server.url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await startPlaying(page, env.server.url);
    await expect.poll(() => heard.get('/ws')?.some((frame) => frame.includes('"subscribed"'))).toBe(true);
    await page.goto(`${env.server.url}/generator`);
    await expect.poll(() => heard.get('/ws/ai-process')?.some((frame) => frame.includes('ai_process_ready'))).toBe(true);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('refuses an injected inline script, and the e2e check reports it whatever a test allows', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(env.server.url);
    await page.getByRole('link', { name: 'Start Playing Now!' }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    await expect.poll(() => consoleErrors.unexpected([/./])).toEqual([expect.stringContaining('Content Security Policy')]);
    // Taken here, so that this test's afterEach (which fails any test on a violation) finds none left.
    expect(takePolicyViolations(env.browser)).toEqual([
      expect.stringMatching(/inline script violates the following Content Security Policy directive 'script-src 'self''/),
    ]);
    await context.close();
  });

  it('sets a stored dark theme before the app runs, from the theme file in <head>', async () => {
    const { context, page } = await openPage(env.browser, 375, { colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Without the app's module, only the theme file can have set it.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(env.server.url);
    expect(await page.evaluate(() => [document.documentElement.className, document.documentElement.style.colorScheme])).toEqual(['dark', 'dark']);
    await context.close();
  });
});

describe('signing in and out, as a browser does it', () => {
  it('posts the local sign-in form and the Log out button to this site, and both are accepted', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 768);
    await page.goto(`${env.server.url}/auth/local?returnTo=/dashboard`);
    await page.getByRole('textbox', { name: 'Display name' }).fill('Ann');
    await page.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    // The sign-in pages may fetch nothing (default-src 'none'): ask as the browser's cookie jar, from outside the page.
    const user = async () => (await context.request.get(`${env.server.url}/api/auth/user`)).json();
    expect(await user()).toMatchObject({ isAuthenticated: true, email: 'ann@example.com' });

    // An old link to GET /auth/logout signs nobody out: it asks.
    await page.goto(`${env.server.url}/auth/logout?returnTo=/summary`);
    await page.getByRole('heading', { name: 'Log out' }).waitFor();
    expect(await user()).toMatchObject({ isAuthenticated: true });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/summary$/);
    expect(await user()).toMatchObject({ isAuthenticated: false });
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
