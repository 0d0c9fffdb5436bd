import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { startTestServer } from '../../server/testing.ts';
import { launchBrowser, openPage, screenshotPath, takePolicyViolations } from './browser.ts';

/** A network that has made too many new visitors in the last hour: what the next one sees, and the way out. */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ config: { RATE_LIMIT_NEW_VISITORS_PER_HOUR: 1 } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('over the new-visitor limit', () => {
  it('tells the next visitor why their project cannot load, when to try again, and offers sign-in', async () => {
    const first = await openPage(browser, 1280);
    await first.page.goto(`${server.url}/stage-1`);
    // The loaded stage, not its title alone (shown while the project loads): only then has this visitor been counted.
    await first.page.getByLabel('Core idea', { exact: true }).waitFor();
    await first.context.close();

    const next = await openPage(browser, 1280);
    await next.page.goto(`${server.url}/stage-1`);
    await expect
      .poll(() =>
        next.page.getByText(/Too many new visitors from your network\. Please try again in \d+ minutes?, or sign in to continue now\./).count(),
      )
      .toBe(1);
    const signIn = next.page.getByRole('main').getByRole('link', { name: 'Sign In' });
    expect(await signIn.getAttribute('href')).toBe('/auth/google?returnTo=%2Fstage-1');
    await next.page.screenshot({ path: screenshotPath('new-visitor-limit-1280') });
    await signIn.click();
    // Signing in lifts the limit: the local sign-in (no Google client here) takes them back to their stage.
    await next.page.getByLabel('Email').fill('dee@example.com');
    await next.page.getByRole('button', { name: /sign in/i }).click();
    await next.page.waitForURL(/\/stage-1$/);
    await expect.poll(() => next.page.getByText(/Too many new visitors/).count()).toBe(0);
    await next.page.getByLabel('Core idea', { exact: true }).waitFor();
    expect(takePolicyViolations(browser)).toEqual([]);
    await next.context.close();
  });
});
