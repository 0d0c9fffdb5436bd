import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { NGINX_PATH, startTopology } from '../../server/testing/topology.ts';
import {
  addParameter,
  chips,
  clearStartingTriggers,
  collectConsoleErrors,
  launchBrowser,
  openToast,
  recordApiRequests,
  screenshotPath,
  takePolicyViolations,
} from './browser.ts';

// npm test installs Debian's nginx beside Chromium (scripts/test.mjs); elsewhere this says why it cannot run.
const hasNginx = existsSync(NGINX_PATH);

/**
 * The compose topology as far as this machine allows: three service processes, compiled, on one embedded data
 * directory (the event log appended by command-api and followed by the others, read models shared through their
 * change log), behind nginx with the project's own site file. One command goes in through nginx and comes back as
 * a live update to another tab.
 */
describe.skipIf(!hasNginx)('the services apart, behind nginx', { timeout: 180_000 }, () => {
  let topology: Awaited<ReturnType<typeof startTopology>>;
  let browser: Browser;

  beforeAll(async () => {
    topology = await startTopology();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await topology?.close();
  });

  it('takes a command through nginx to command-api and brings it back live to another tab through projections and query-api', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    const firstConsole = collectConsoleErrors(first);
    const firstRequests = recordApiRequests(first);
    // nginx serves the page without a session, so the landing's first calls find none. One that answers late
    // (here the public coupon, held until Start has sent its POST, or 3 s) must not leave the browser a different
    // visitor from the one Start creates a project for: that showed on CI as "Project not found", one start in
    // seven under load. The call is made here with the cookies the browser has when it sends it.
    const posted = first.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/projects', {
      timeout: 3_000,
    });
    await first.route('**/api/public-coupon', async (route) => {
      const cookies = (await context.cookies(topology.url)).map(({ name, value }) => `${name}=${value}`).join('; ');
      const response = await fetch(route.request().url(), { headers: { accept: 'application/json', cookie: cookies } });
      const body = Buffer.from(await response.arrayBuffer());
      await posted.catch(() => undefined);
      const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'set-cookie'));
      await route.fulfill({ status: response.status, headers: { ...headers, 'set-cookie': response.headers.getSetCookie().join('\n') }, body });
    });
    await first.goto(topology.url);
    await first.getByRole('button', { name: 'Start the Guided Stages' }).click();
    // Start resolves the visitor's project (list, create, set its stage: three requests through nginx) and then
    // navigates, or shows a toast saying why it could not: whichever comes first, with what each request answered.
    const started = await Promise.race([
      first.waitForURL(/\/stage-1$/, { timeout: 90_000 }).then(() => 'on /stage-1'),
      openToast(first)
        .waitFor({ timeout: 90_000 })
        .then(async () => `toast: ${await openToast(first).innerText()}`),
    ]).catch((error: unknown) => String(error));
    expect(started, `${firstRequests.summary()}\n${topology.logs()}`).toBe('on /stage-1');
    await clearStartingTriggers(first);

    const second = await context.newPage();
    const secondConsole = collectConsoleErrors(second);
    await second.goto(`${topology.url}/stage-1`);
    await expect.poll(() => chips(second, 'Common Viral Triggers').allTextContents(), { timeout: 15_000 }).toEqual(['Nothing here yet']);

    await addParameter(first, 'Common Viral Triggers', 'Scarcity loop');
    // The second tab did nothing: the change reaches it only as a live update over /ws, through nginx, from
    // query-api, which heard it from the read model projections wrote in another process.
    await expect.poll(() => chips(second, 'Common Viral Triggers').allTextContents(), { timeout: 15_000 }).toEqual(['Scarcity loop']);
    await second.screenshot({ path: screenshotPath('topology-live-second-tab-1280') });
    // And back: the first tab opened its socket on the landing page, before it had a session (nginx's page starts
    // none), so that socket was nobody's; it must hear its own project once the visitor exists.
    await addParameter(second, 'Common Viral Triggers', 'Echo loop');
    await expect.poll(() => chips(first, 'Common Viral Triggers').allTextContents(), { timeout: 15_000 }).toEqual(['Scarcity loop', 'Echo loop']);

    // Each process did its part: the command was appended by command-api, projected by projections.
    const status = await fetch(`${topology.url}/api/ops/projections`, { headers: { Authorization: `Bearer topology-test-ops-token-0123456789` } });
    expect(status.status, topology.logs()).toBe(200);

    expect(firstConsole.unexpected()).toEqual([]);
    expect(secondConsole.unexpected()).toEqual([]);
    expect(takePolicyViolations(browser)).toEqual([]);
    await context.close();
  });
});
