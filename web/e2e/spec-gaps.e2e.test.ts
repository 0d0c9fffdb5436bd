import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addParameter, openPage, openToast, screenshotPath, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

const feedbackButton = (page: Page) => page.getByRole('button', { name: 'Send feedback' });

/**
 * The page's visible controls the floating feedback button hides (by their names), in the viewport as it is
 * scrolled now: those whose centre it lies on or a quarter of which it covers. (A sliver of a full-width button's
 * padding under the phone's edge tab leaves the button usable.)
 */
const controlsUnderFeedbackButton = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[aria-label="Send feedback"]');
    if (!button) throw new Error('no feedback button');
    const box = button.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, [role="switch"], [role="combobox"]')]
      .filter((element) => element !== button && getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        const width = Math.min(rect.right, box.right) - Math.max(rect.left, box.left);
        const height = Math.min(rect.bottom, box.bottom) - Math.max(rect.top, box.top);
        if (width <= 0 || height <= 0) return false;
        const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
        const centreCovered = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
        return centreCovered || width * height >= 0.25 * rect.width * rect.height;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName);
  });

/** The same, at every scroll position of the page, a screen's height apart (less a little), top to bottom. */
const controlsUnderFeedbackButtonWhileScrolling = async (page: Page) => {
  const covered = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top < height; top += 300) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
    for (const name of await controlsUnderFeedbackButton(page)) covered.add(`${name} (scrolled to ${top})`);
  }
  return [...covered];
};

describe('spec gaps from the audit', () => {
  it('links the header (and the phone drawer) to the authentication test page', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(env.server.url);
    await page.getByRole('navigation', { name: 'Header' }).getByRole('link', { name: 'Auth Test' }).click();
    await page.waitForURL(/\/auth-test$/);
    await page.getByRole('heading', { name: 'Authentication Test' }).waitFor();
    await page.getByText('Not Authenticated').first().waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(env.server.url);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('dialog', { name: 'Sidebar' }).getByRole('link', { name: 'Auth Test' }).click();
    await page.waitForURL(/\/auth-test$/);
    await page.getByRole('heading', { name: 'Authentication Test' }).waitFor();
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 60_000);

  it('has no toast area on the landing page: outcomes show inline under the header, and as toasts elsewhere', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const busy = 'The studio is busy, try again in a minute';
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: 'Unavailable', message: busy }),
          })
        : route.continue(),
    );
    await page.goto(env.server.url);
    await page.getByRole('heading', { name: 'Viral Idea Game' }).waitFor();
    // Spec 02 §2.1: no toast area on /, not even once the page has loaded (when other pages mount it).
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(500);
    expect(await page.locator('[data-toast-area]').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Notifications (F8)' }).count()).toBe(0);

    // An error is an alert in the page, in the toast's words, and it closes.
    await page.getByRole('button', { name: 'Start the Guided Stages' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(`Error${busy}`);
    expect(await alert.locator('[data-inline-toast]').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('landing-inline-error-1280') });
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => alert.textContent()).toBe('');
    // Any other outcome is a polite status; closed from the keyboard, the focus goes back to what made it.
    await page.setViewportSize({ width: 375, height: 800 });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const status = page
      .getByRole('main')
      .getByRole('status')
      .filter({ has: page.locator('[data-inline-toast]') });
    await expect.poll(() => status.textContent()).toBe('SavedYour progress has been saved.');
    await status.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);

    // Inside a dialog (which hides the page), the outcome shows in the dialog; it goes by itself, as a toast does.
    await feedbackButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Please enter your feedback message');
    await page.screenshot({ path: screenshotPath('landing-inline-dialog-error-375') });
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 8_000 }).toBe('');
    expect(await page.locator('[data-toast-area]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');

    // Any other page: the toast area is back, and the same outcome is a toast.
    await page.unrouteAll({ behavior: 'wait' });
    await startPlaying(page, env.server.url);
    await page.locator('[data-toast-area]').waitFor({ state: 'attached' });
    await feedbackButton(page).click();
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Please enter your feedback message');
    expect(await page.locator('[data-inline-toast]').count()).toBe(0);
    expect(consoleErrors.unexpected([/503/])).toEqual([]);
    await context.close();
  }, 60_000);

  it('puts the feedback button in the corner chosen in Settings, on a phone too, clear of the page controls', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    await startPlaying(page, env.server.url);
    // The default corner, bottom-right, on a phone: a tab on the screen's edge, under which no control of the page
    // comes, wherever the page is scrolled.
    await feedbackButton(page).waitFor();
    let box = (await feedbackButton(page).boundingBox())!;
    expect(box.x + box.width).toBe(375);
    expect(box.y + box.height).toBeGreaterThan(800 - 30);
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    for (const path of ['/', '/stage-1', '/stage-2', '/settings', '/dashboard']) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(300);
      expect(await controlsUnderFeedbackButtonWhileScrolling(page), path).toEqual([]);
    }
    await page.screenshot({ path: screenshotPath('feedback-corner-bottom-right-375') });

    // Settings → Feedback button → Top left: kept in local storage with the other settings, and the button moves.
    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('radio', { name: 'Top left' }).check();
    expect(await page.evaluate(() => localStorage.getItem('feedbackCorner'))).toBe('top-left');
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Top left' }).isChecked()).toBe(true);
    for (const path of ['/stage-1', '/settings', '/dashboard']) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      box = (await feedbackButton(page).boundingBox())!;
      // Below the phone's top bar (56 px), on the left edge; nothing of the top bar or the page under it.
      expect(box.y).toBeGreaterThanOrEqual(56);
      expect(box.x).toBe(0);
      await page.waitForTimeout(300);
      expect(await controlsUnderFeedbackButtonWhileScrolling(page), path).toEqual([]);
    }
    await page.screenshot({ path: screenshotPath('feedback-corner-top-left-375') });

    // Wide, top-left sits beside the sidebar and below the header, whether the sidebar is collapsed or expanded.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${env.server.url}/stage-1`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const expand of [false, true]) {
      if (expand) await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await page.waitForTimeout(300);
      box = (await feedbackButton(page).boundingBox())!;
      const side = (await sidebar.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(side.x + side.width);
      expect(box.y).toBeGreaterThanOrEqual(56);
      expect(await controlsUnderFeedbackButton(page)).toEqual([]);
    }
    await page.screenshot({ path: screenshotPath('feedback-corner-top-left-1280') });
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);

  it("follows what is done in the dashboard's Next Steps", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await addParameter(page, 'Successful Microsites', 'Million Dollar Homepage');
    await page.goto(`${env.server.url}/stage-2`);
    await addParameter(page, 'Sustainability Check', 'fee-funded pool');
    await page.goto(`${env.server.url}/dashboard`);
    const steps = page.getByRole('region', { name: 'Next Steps' }).getByRole('listitem');
    // Stages 1 and 2 are done: the next is stage 3, two more follow, and the done stages are not listed again.
    await expect.poll(() => steps.allTextContents(), { timeout: 10_000 }).toContain('Continue with Stage 3: Ideation, then 2 more stages.');
    expect((await steps.allTextContents()).join(' ')).not.toMatch(/Stage 1|Stage 2/);
    await page.screenshot({ path: screenshotPath('next-steps-1280'), fullPage: true });
    await steps.getByRole('link', { name: 'Stage 3: Ideation' }).click();
    await page.waitForURL(/\/stage-3$/);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it('runs the Generate that met the paywall again, once, after a coupon is redeemed there', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const answers: number[] = [];
    page.on('response', (response) => response.url().endsWith('/api/generate-parameters') && answers.push(response.status()));
    await startPlaying(page, env.server.url);
    // The three free plays, spent for real.
    const triggers = page.getByRole('region', { name: 'Common Viral Triggers' });
    for (let play = 1; play <= 3; play++) {
      await triggers.getByRole('button', { name: 'Generate' }).click();
      await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(play);
      await triggers.getByRole('button', { name: 'Generate' }).waitFor();
    }
    const microsites = page.getByRole('region', { name: 'Successful Microsites' });
    expect(await microsites.getByRole('listitem').allTextContents()).toEqual(['Nothing here yet']);
    await microsites.getByRole('button', { name: 'Generate' }).click();
    const modal = page.getByRole('dialog', { name: 'Subscribe to Viral Idea Generator' });
    await modal.waitFor();
    expect(answers).toEqual([200, 200, 200, 402]);

    await expect.poll(() => modal.getByRole('textbox', { name: 'Coupon code' }).inputValue()).not.toBe('');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    // The Generate that met the paywall runs again by itself, and its ideas arrive in the list it was pressed in.
    await expect.poll(() => answers, { timeout: 15_000 }).toEqual([200, 200, 200, 402, 200]);
    await expect.poll(() => microsites.getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.screenshot({ path: screenshotPath('paywall-retried-1280') });
    // Once: nothing asks again afterwards.
    await page.waitForTimeout(1500);
    expect(answers).toHaveLength(5);
    expect(consoleErrors.unexpected([/402 \(Payment Required\)/])).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps the local application log and the AI process log in the browser, the last 100 entries, with no secrets; Settings shows, exports and clears them', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280, { acceptDownloads: true });
    await startPlaying(page, env.server.url);
    // A full log: 100 older entries, so the next one pushes the oldest out.
    await page.evaluate(() =>
      localStorage.setItem(
        'appLogs',
        JSON.stringify(
          Array.from({ length: 100 }, (_, index) => ({
            timestamp: new Date().toISOString(),
            level: 'info',
            context: 'seed',
            message: `old ${index}`,
          })),
        ),
      ),
    );
    // A failed call is logged (method, path and status, never the body): an idea that does not exist.
    await page.goto(`${env.server.url}/marketplace/no-such-idea`);
    await page.getByRole('heading', { name: /Idea Not Found|Error Loading Idea/ }).waitFor();
    const appLogs = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('appLogs') ?? '[]') as { level: string; context: string; message: string }[]);
    await expect.poll(async () => (await appLogs()).at(-1)?.message).toBe('GET /api/marketplace/ideas/no-such-idea answered 404');
    expect(await appLogs()).toHaveLength(100);
    expect((await appLogs())[0]!.message).not.toBe('old 0');
    expect((await appLogs()).at(-1)).toMatchObject({ level: 'warn', context: 'api' });

    // A Gemini key sent to be verified stays out of the log, even when an answer repeats it.
    const secret = 'AIzaSyDONOTLOG1234567890abcdefghij';
    await page.route('**/api/verify-api-key', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: `The key ${secret} was refused` }),
      }),
    );
    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('textbox', { name: 'API key', exact: true }).fill(secret);
    await page.getByRole('button', { name: 'Verify Key' }).click();
    await expect.poll(async () => (await appLogs()).at(-1)?.message).toBe('POST /api/verify-api-key answered 400');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(secret);

    // The AI's progress messages while the generator works are the AI process log.
    await page.goto(`${env.server.url}/generator`);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const aiLog = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('aiProcessLog') ?? '[]') as { type: string; content: string; status: string }[]);
    await expect.poll(async () => (await aiLog()).map((entry) => entry.status), { timeout: 15_000 }).toContain('complete');
    expect(Object.keys((await aiLog())[0]!).sort()).toEqual(['content', 'status', 'timestamp', 'type']);

    // Settings shows both, newest first; Export downloads each as JSON; Clear empties it.
    await page.goto(`${env.server.url}/settings`);
    const logs = page.getByRole('region', { name: 'Logs' });
    const applicationLog = logs.getByRole('list', { name: 'Application log' });
    await expect.poll(() => applicationLog.getByRole('listitem').first().textContent()).toContain('POST /api/verify-api-key answered 400');
    expect(await applicationLog.getByRole('listitem').count()).toBe(100);
    await logs.getByText('100 of the last 100 entries, kept in this browser only.').waitFor();
    expect(await logs.getByRole('list', { name: 'AI process log' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await logs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-logs-1280') });
    await page.setViewportSize({ width: 375, height: 800 });
    await logs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-logs-375') });
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([page.waitForEvent('download'), logs.getByRole('button', { name: 'Export Application log' }).click()]);
    expect(download.suggestedFilename()).toBe('application-log.json');
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as unknown[];
    expect(exported).toHaveLength(100);
    await logs.getByRole('button', { name: 'Clear Application log' }).click();
    await logs.getByText('Nothing logged yet.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('appLogs'))).toBeNull();
    await logs.getByRole('button', { name: 'Clear AI process log' }).click();
    expect(await logs.getByText('Nothing logged yet.').count()).toBe(2);
    expect(consoleErrors.unexpected([/404 \(Not Found\)/, /400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 120_000);
});
