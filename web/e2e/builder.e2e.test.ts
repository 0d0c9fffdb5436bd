import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, screenshotPath, useServerAndBrowser } from './browser.ts';
import { addValue, chipTexts, next, stepText } from './builder-steps.ts';

const env = useServerAndBrowser();

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
const CORE_IDEA = 'A wall where every tip pays the next tipper';
const MECHANICS = 'Every tip is shown on the wall';

/** Step tile n (1-based). */
const tile = (page: Page, step: number) =>
  page
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .nth(step - 1)
    .getByRole('button');
const builderProjectId = (page: Page) => page.evaluate(() => localStorage.getItem('currentBuilderProjectId'));
const toastText = async (page: Page) => (await openToast(page).textContent()) ?? '';

describe('/game, the nine-step builder', () => {
  it('creates the project, edits every step, finishes, publishes, persists, reopens and starts another', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const base = env.server.url;

    // The project is created while a spinner shows; once, whatever React's effects do.
    let creations = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      creations += 1;
      await released;
      return route.continue();
    });
    await page.goto(`${base}/game`);
    await page.getByRole('status').filter({ hasText: 'Preparing your viral idea...' }).waitFor();
    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'My Viral Idea' }).waitFor();
    await stepText(page, 1);
    expect(creations).toBe(1);
    await page.unrouteAll({ behavior: 'wait' });
    const firstId = await builderProjectId(page);
    expect(firstId).toBeTruthy();

    // The timer ticks in mm:ss.
    const timer = page.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^\d\d:\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe('00:00');

    // Core idea: input beyond 60 words is ignored, the counter stops at 60/60.
    const coreIdea = page.getByRole('textbox', { name: 'Core Idea' });
    await coreIdea.fill(words(70));
    await page.getByText('60/60 words').waitFor();
    expect((await coreIdea.inputValue()).split(' ')).toHaveLength(60);
    await coreIdea.press('End');
    await coreIdea.pressSequentially(' more');
    expect((await coreIdea.inputValue()).trimEnd()).toBe(words(60));
    await page.getByText('60/60 words').waitFor();
    await coreIdea.fill(CORE_IDEA);
    await page.getByText('9/60 words').waitFor();
    const mechanics = page.getByRole('textbox', { name: 'Viral Mechanics' });
    await mechanics.fill(words(45));
    await page.getByText('40/40 words').waitFor();
    await mechanics.fill(MECHANICS);
    await page.getByText('7/40 words').waitFor();

    // Later steps are locked; Previous is disabled on step 1; the server refuses a skipped step.
    expect(await tile(page, 2).isDisabled()).toBe(true);
    expect(await tile(page, 9).isDisabled()).toBe(true);
    expect(await tile(page, 2).getAttribute('data-status')).toBe('locked');
    expect(await page.getByRole('button', { name: 'Previous Step' }).isDisabled()).toBe(true);
    const skipped = await page.evaluate(
      async (id) => (await fetch(`/api/projects/${id}/builder/steps/3/complete`, { method: 'POST' })).status,
      firstId,
    );
    expect(skipped).toBe(400);

    // Chips: the server cuts to three words, drops duplicates and blanks; remove and Clear All.
    const tech = 'Technical Framework';
    expect(await chipTexts(page, tech)).toEqual(['No values set']);
    expect(await page.getByRole('region', { name: tech }).getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await addValue(page, tech, 'Cloudflare Workers with KV storage');
    await expect.poll(() => chipTexts(page, tech)).toEqual(['Cloudflare Workers with']);
    await page.getByText('Only the first 3 words were kept: "Cloudflare Workers with".').waitFor();
    await addValue(page, tech, 'cloudflare workers, with');
    await page.getByText('"cloudflare workers, with" is already in Technical Framework.').waitFor();
    await addValue(page, tech, 'Edge caching');
    await expect.poll(() => chipTexts(page, tech)).toEqual(['Cloudflare Workers with', 'Edge caching']);
    const remove = page.getByRole('button', { name: 'Remove Edge caching' });
    const box = (await remove.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(32);
    expect(box.height).toBeGreaterThanOrEqual(32);
    await remove.click();
    await expect.poll(() => chipTexts(page, tech)).toEqual(['Cloudflare Workers with']);
    await page.getByRole('button', { name: `Clear All ${tech}` }).click();
    await expect.poll(() => chipTexts(page, tech)).toEqual(['No values set']);
    await addValue(page, tech, 'Cloudflare Workers with');
    await expect.poll(() => chipTexts(page, tech)).toEqual(['Cloudflare Workers with']);

    // Generate: the offline generator's suggestions; a chosen one is added and disabled.
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    const suggestions = page.getByRole('list', { name: `${tech} suggestions` }).getByRole('button');
    await suggestions.first().waitFor();
    expect(await suggestions.count()).toBeGreaterThan(0);
    const suggestion = (await suggestions.first().textContent())!.trim();
    await suggestions.first().click();
    await expect.poll(() => chipTexts(page, tech)).toContain(suggestion);
    await expect.poll(() => suggestions.first().isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Regenerate Parameters' }).waitFor();

    // The help disclosure opens and closes with Escape.
    const help = page.getByRole('button', { name: 'Help for Core Idea' });
    await help.click();
    expect(await help.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await screenshotAtWidths(page, 'builder-step1');

    // Walk the steps with Next; step 2's sustainability shows in the summary later.
    await next(page, 2);
    expect(await tile(page, 1).getAttribute('data-status')).toBe('complete');
    await page.getByRole('heading', { level: 2, name: 'Closed Loop System' }).waitFor();
    await addValue(page, 'Sustainability', 'Entry fees fund rewards');
    await expect.poll(() => chipTexts(page, 'Sustainability')).toEqual(['Entry fees fund']);
    await page.getByRole('button', { name: 'Previous Step' }).click();
    await stepText(page, 1);
    expect(await page.getByRole('textbox', { name: 'Core Idea' }).inputValue()).toBe(CORE_IDEA);
    await tile(page, 2).click();
    await stepText(page, 2);
    for (const step of [3, 4, 5, 6, 7, 8]) await next(page, step);

    // Step 8: the enhanced prompt, generated and applied by the server.
    await page.getByRole('heading', { level: 3, name: 'Summary of Your Idea' }).waitFor();
    await page.getByRole('button', { name: 'Generate Enhanced Prompt' }).click();
    await page.getByRole('heading', { level: 3, name: 'Enhanced Prompt' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Enhanced Prompt Generated');
    expect(await page.getByTestId('builder-prompt').textContent()).toContain('Cloudflare Workers with');
    await next(page, 9);
    await page.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    await addValue(page, 'Community', 'Tippers vote on the wall rules');
    await expect.poll(() => chipTexts(page, 'Community')).toEqual(['Tippers vote on the wall rules']);

    // Complete finishes: the completion view with the time and the summaries.
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Awesome job!');
    expect(await page.getByTestId('time-taken').textContent()).toMatch(/^\d\d:\d\d$/);
    const main = page.locator('main');
    for (const text of [CORE_IDEA, MECHANICS, 'Cloudflare Workers with', 'Entry fees fund'])
      await main.getByText(text, { exact: false }).first().waitFor();
    for (const heading of ['Viral Triggers', 'Core Technology', 'Sustainability'])
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    await screenshotAtWidths(page, 'builder-complete');

    // Publish: lands on the new idea.
    const publish = page.getByRole('button', { name: 'Publish to Marketplace' });
    await publish.click();
    // The publish dialog starts from the builder's idea (issue 26).
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(CORE_IDEA);
    await page.getByRole('dialog', { name: 'Publish to the marketplace' }).getByRole('button', { name: 'Confirm and publish' }).click();
    await page.waitForURL(/\/marketplace\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: CORE_IDEA }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Published Successfully!');

    // Back on /game after a reload: still complete. Back to Editor reopens; Finish from step 8 completes again.
    await page.goto(`${base}/game`);
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();
    await page.getByRole('button', { name: 'Back to Editor' }).click();
    await stepText(page, 9);
    await tile(page, 8).click();
    await stepText(page, 8);
    await page.getByRole('button', { name: 'Finish and View Complete Viral Idea' }).click();
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();

    // Create Another Idea: a second builder project, shown at /game.
    await page.getByRole('link', { name: 'Create Another Idea' }).click();
    await page.waitForURL(/\/game$/);
    await stepText(page, 1);
    await page.getByRole('heading', { level: 1, name: 'My Viral Idea' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Core Idea' }).inputValue()).toBe('');
    const secondId = await builderProjectId(page);
    expect(secondId).not.toBe(firstId);
    const kinds = await page.evaluate(async () => {
      const body = (await (await fetch('/api/projects')).json()) as { projects: { kind: string }[] };
      return body.projects.filter((project) => project.kind === 'builder').length;
    });
    expect(kinds).toBe(2);

    expect(consoleErrors.unexpected([/status of 400/])).toEqual([]);
    await context.close();
  }, 120_000);

  it('falls back when the AI fails: built-in suggestions, the toasts and the inline prompt error', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375, { colorScheme: 'dark' });
    await page.route('**/api/generate-parameter', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal","message":"Model unavailable"}' }),
    );
    await page.goto(`${env.server.url}/game`);
    await stepText(page, 1);

    // Step 1: 'Generation failed', no suggestions.
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    await expect.poll(() => toastText(page)).toContain('Generation failed');
    expect(await toastText(page)).toContain('Could not generate technical parameters');
    await page.getByText('No suggestions this time.', { exact: false }).waitFor();

    // Later steps: six fallback suggestions and 'AI Generation Failed'.
    await next(page, 2);
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    await expect.poll(() => toastText(page)).toContain('AI Generation Failed');
    expect(await toastText(page)).toContain('Using fallback parameters instead. Check your API key in settings.');
    const fallbacks = page.getByRole('list', { name: 'Sustainability suggestions' }).getByRole('button');
    expect(await fallbacks.count()).toBe(6);
    const first = (await fallbacks.first().textContent())!.trim();
    await fallbacks.first().click();
    await expect.poll(() => chipTexts(page, 'Sustainability')).toEqual([first.split(' ').slice(0, 3).join(' ')]);
    await expect.poll(() => fallbacks.first().isDisabled()).toBe(true);
    await screenshotAtWidths(page, 'builder-fallback-dark', { widths: [375, 768] });

    // Step 8: the inline error box, then Try Again succeeds.
    for (const step of [3, 4, 5, 6, 7, 8]) await next(page, step);
    let failPrompt = true;
    await page.route('**/api/generate-enhanced-prompt', (route) =>
      failPrompt
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"success":false,"error":"Internal","message":"Prompt service down"}',
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Generate Enhanced Prompt' }).click();
    await page.getByRole('heading', { name: 'Error Generating Prompt' }).waitFor();
    await page.getByRole('alert').getByText('Prompt service down').waitFor();
    await expect.poll(() => toastText(page)).toContain('Generation Failed');
    await page.screenshot({ path: screenshotPath('builder-prompt-error-375'), fullPage: true });
    failPrompt = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 3, name: 'Enhanced Prompt' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Error Generating Prompt' }).count()).toBe(0);

    expect(consoleErrors.unexpected([/status of 500/])).toEqual([]);
    await context.close();
  }, 90_000);

  it('tells a person refused for too many requests when to try again, not to check their API key', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const limited = 'Too many free AI requests from your network. Please try again in 6 minutes, or sign in to keep going now.';
    await page.route('**/api/generate-parameter', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Too many free AI requests', message: limited }),
      }),
    );
    await page.goto(`${env.server.url}/game`);
    await stepText(page, 1);

    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    await expect.poll(() => toastText(page)).toContain('Generation failed');
    expect(await toastText(page)).toContain(limited);
    expect(await toastText(page)).not.toContain('Could not generate technical parameters');

    await next(page, 2);
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    await expect.poll(() => toastText(page)).toContain('AI Generation Failed');
    expect(await toastText(page)).toContain(`${limited} Using fallback parameters instead.`);
    expect(await toastText(page)).not.toContain('Check your API key');
    expect(await page.getByRole('list', { name: 'Sustainability suggestions' }).getByRole('button').count()).toBe(6);

    expect(consoleErrors.unexpected([/status of 429/])).toEqual([]);
    await context.close();
  }, 60_000);
});
