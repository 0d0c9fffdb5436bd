import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, useServerAndBrowser } from './browser.ts';
import { addValue, chipTexts, next, stepText } from './builder-steps.ts';

const env = useServerAndBrowser();

const CORE_IDEA = 'A wall where every tip joins a pool that pays the best message daily';
const MECHANICS = 'Winners get a trophy card that dares friends to beat them';
/** One value per parameter step, each distinct, so the prompt can be checked for every one. */
const VALUES: [step: number, category: string, value: string][] = [
  [1, 'Technical Framework', 'XNO payments'],
  [2, 'Sustainability', 'Fee recycling'],
  [3, 'Social Currency', 'Top tipper crown on the wall'],
  [4, 'Emotion', 'Thrill of the daily draw'],
  [5, 'Public', 'Live ticker of new tips'],
  [6, 'Practical Value', 'Learn which messages people love'],
  [7, 'Stories', 'The underdog message that won the pot'],
];
const COMMUNITY = 'Members vote on the daily theme';

/** Adds a value and waits for its chip. */
const addChip = async (page: Page, category: string, value: string) => {
  await addValue(page, category, value);
  await expect.poll(() => chipTexts(page, category)).toContain(value);
};
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toastText = async (page: Page) => (await openToast(page).textContent()) ?? '';

describe("/game: the builder's enhanced prompt is the builder", () => {
  it('fills all nine steps; the prompt names every step, copies and downloads on step 8 and on the completion view', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280, { acceptDownloads: true });
    const base = env.server.url;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });

    await page.goto(`${base}/game`);
    await stepText(page, 1);
    await page.getByRole('textbox', { name: 'Core Idea' }).fill(CORE_IDEA);
    await page.getByRole('textbox', { name: 'Viral Mechanics' }).fill(MECHANICS);
    for (const [step, category, value] of VALUES) {
      if (step > 1) await next(page, step);
      await addChip(page, category, value);
    }

    // Single-selection mode (spec 02 §5): choosing a suggestion adds it and clears the input and the list.
    const stories = page.getByRole('region', { name: 'Stories' });
    await stories.getByRole('button', { name: 'Generate Parameters' }).click();
    const suggestions = page.getByRole('list', { name: 'Stories suggestions' }).getByRole('button');
    await suggestions.first().waitFor();
    await stories.getByRole('checkbox', { name: 'Single selection' }).check();
    await page.getByRole('textbox', { name: 'Add a value to Stories' }).fill('half typed');
    const chosen = (await suggestions.first().textContent())!.trim();
    await suggestions.first().click();
    await expect.poll(() => chipTexts(page, 'Stories')).toContain(chosen);
    await expect.poll(() => suggestions.count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Add a value to Stories' }).inputValue()).toBe('');
    await stories.getByRole('button', { name: 'Generate Parameters' }).waitFor();

    // Step 8: the enhanced prompt names the core idea, the viral mechanics and every step's values.
    await next(page, 8);
    await page.getByRole('button', { name: 'Generate Enhanced Prompt' }).click();
    await page.getByRole('heading', { level: 3, name: 'Enhanced Prompt' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Enhanced Prompt Generated');
    const prompt = (await page.getByTestId('builder-prompt').textContent()) ?? '';
    for (const text of [CORE_IDEA, MECHANICS, ...VALUES.map(([, , value]) => value), chosen]) expect(prompt).toContain(text);
    for (const heading of ['Social currency', 'Emotion', 'Public', 'Practical value', 'Stories']) expect(prompt).toContain(`## ${heading}`);

    // The analysis report shows beside it.
    await page.getByRole('heading', { level: 3, name: 'AI Analysis Report' }).waitFor();
    expect(await page.getByTestId('builder-analysis').textContent()).toMatch(/Viral strength: 5 of 6/);

    // Copy puts the whole prompt on the clipboard; Download saves it under the project's name.
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect.poll(() => clipboard(page)).toBe(prompt);
    await expect.poll(() => toastText(page)).toContain('The enhanced prompt is on your clipboard.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Prompt' }).click()]);
    // Named after the project, which took its name from the idea (issue 26).
    expect(download.suggestedFilename()).toMatch(/^a-wall-where-every-tip-joins-a-pool-that-[a-z-]+-enhanced-prompt\.txt$/);
    await screenshotAtWidths(page, 'builder-prompt-step8', { widths: [1280, 375] });

    // Step 9, then Complete: the completion view shows the prompt with Copy and Download too.
    await next(page, 9);
    await addChip(page, 'Community', COMMUNITY);
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Enhanced Prompt' }).waitFor();
    expect(await page.getByTestId('completion-prompt').textContent()).toBe(prompt);
    // Step 9 came after the prompt: the view says the prompt does not include it yet.
    await page.getByRole('note').filter({ hasText: 'Some choices changed after this prompt was generated' }).waitFor();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect.poll(() => clipboard(page)).toBe(prompt);
    await page.getByRole('heading', { level: 3, name: 'AI Analysis Report' }).waitFor();
    await screenshotAtWidths(page, 'builder-prompt-complete', { widths: [1280, 375] });

    // Back to Editor, Regenerate on step 8: the prompt now names step 9 too, and is current.
    await page.getByRole('button', { name: 'Back to Editor' }).click();
    await stepText(page, 9);
    await page.getByRole('list', { name: 'Steps' }).getByRole('listitem').nth(7).getByRole('button').click();
    await stepText(page, 8);
    await page.getByRole('note').filter({ hasText: 'Your choices changed after this prompt was generated' }).waitFor();
    await page.getByRole('button', { name: 'Regenerate Enhanced Prompt' }).click();
    await expect.poll(async () => (await page.getByTestId('builder-prompt').textContent()) ?? '').toContain(COMMUNITY);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.getByTestId('builder-analysis').textContent()).toMatch(/Viral strength: 6 of 6/);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
