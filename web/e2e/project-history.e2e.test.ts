import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addParameter, openPage, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();
const LIVE = { timeout: 10_000 };

const slider = (page: Page) => page.getByRole('slider');
const snapshot = (page: Page) => page.getByRole('region', { name: 'The project after this change' });
const timelineItems = (page: Page) => page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');

describe('the History screen', () => {
  it("scrubs a guided project through time, shows each change's before and after, and filters by kind", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await addParameter(page, 'Common Viral Triggers', 'Scarcity drops');
    const id = await page.evaluate(() => localStorage.getItem('currentProjectId'));
    expect(id).toBeTruthy();

    // From the dashboard's Analytics.
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Analytics' }).click();
    await page.getByRole('link', { name: /Open the full history/ }).click();
    await page.waitForURL(`**/projects/${id}/history`);
    await page.getByRole('heading', { level: 1, name: 'History of New Viral Idea' }).waitFor();

    // The slider starts at the latest change: the project as it is now.
    await expect.poll(() => timelineItems(page).count(), LIVE).toBeGreaterThanOrEqual(2);
    const count = await timelineItems(page).count();
    expect(await slider(page).inputValue()).toBe(String(count - 1));
    await snapshot(page).getByRole('list', { name: 'Common Viral Triggers' }).getByText('Scarcity drops').waitFor(LIVE);
    const latest = page.getByRole('region', { name: 'Time travel' }).getByRole('article');
    await latest.getByText("Added 'Scarcity drops' to viral triggers").waitFor();
    await latest.getByText('Common Viral Triggers', { exact: true }).waitFor();

    // Back to the first change: the project as it was created, without the trigger added later.
    await slider(page).focus();
    await page.keyboard.press('Home');
    expect(await slider(page).inputValue()).toBe('0');
    await page.getByText(`Change 1 of ${count}`).waitFor();
    await expect.poll(() => snapshot(page).getByText('Scarcity drops').count(), LIVE).toBe(0);
    await snapshot(page).getByRole('heading', { level: 2, name: 'New Viral Idea' }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous change' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next change' }).click();
    await page.getByText(`Change 2 of ${count}`).waitFor();
    await screenshotAtWidths(page, 'history-guided');

    // Only parameter changes: every entry is one.
    await page.getByRole('checkbox', { name: 'Parameters' }).check();
    await expect.poll(() => timelineItems(page).allTextContents(), LIVE).toEqual([expect.stringContaining('Scarcity drops')]);
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => timelineItems(page).count(), LIVE).toBe(count);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it('works for the nine-step builder, from its History link (dark, phone width)', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375, { colorScheme: 'dark' });
    await page.goto(`${env.server.url}/game`);
    await page.getByText('Step 1 of 9', { exact: true }).waitFor();
    const coreIdea = page.getByRole('textbox', { name: 'Core Idea' });
    await coreIdea.fill('A wall where every tip pays the next tipper');
    await coreIdea.blur();
    // One AI suggestion taken, the others left: the history says which.
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    const suggestions = page.getByRole('list', { name: 'Technical Framework suggestions' }).getByRole('button');
    await suggestions.first().waitFor(LIVE);
    const offered = (await suggestions.allTextContents()).map((text) => text.trim());
    await suggestions.first().click();
    await expect.poll(() => suggestions.first().isDisabled(), LIVE).toBe(true);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByText('Step 2 of 9', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'History' }).click();
    // Named from its idea (issue 26).
    await page.getByRole('heading', { level: 1, name: 'History of A wall where every tip pays the next tipper' }).waitFor();
    // The idea, and the project's name taken from it.
    await expect.poll(() => snapshot(page).getByText('A wall where every tip pays the next tipper').count(), LIVE).toBe(2);
    await snapshot(page)
      .getByText(/^Step 2 of 9/)
      .waitFor();
    await slider(page).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => snapshot(page).getByText('A wall where every tip pays the next tipper').count(), LIVE).toBe(0);
    await snapshot(page)
      .getByText(/^Step 1 of 9/)
      .waitFor();
    await screenshotAtWidths(page, 'history-builder-dark', { widths: [375, 768] });

    // Where the AI's suggestions went: the first accepted, the rest ignored.
    await page.getByRole('checkbox', { name: 'AI outcomes' }).check();
    const outcomes = page.getByRole('region', { name: 'Timeline' }).getByRole('list', { name: 'What became of each suggestion' });
    await outcomes.waitFor(LIVE);
    await expect
      .poll(() => outcomes.getByRole('listitem').allTextContents(), LIVE)
      .toEqual([`Accepted:${offered[0]}`, ...offered.slice(1).map((value) => `Ignored:${value}`)]);
    await page.getByRole('region', { name: 'Timeline' }).getByText(`1 of ${offered.length} suggestions used`).waitFor();
    await screenshotAtWidths(page, 'history-ai-outcomes-dark', { widths: [375] });
    await page.getByRole('link', { name: 'Back to the builder' }).click();
    await page.waitForURL(/\/game$/);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);
});
