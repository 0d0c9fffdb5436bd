import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

const remainingFreeUses = (page: Page) =>
  page
    .evaluate(() => fetch('/api/subscription/status').then((response) => response.json() as Promise<{ remainingFreeUses: number }>))
    .then((status) => status.remainingFreeUses);

const generateResearch = async (page: Page, { asksTheAi }: { asksTheAi: boolean }) => {
  await page.goto(`${env.server.url}/generator`);
  await page.getByRole('tab', { name: /^Research/ }).waitFor();
  // The charge is recorded before the answer reaches the page, which caches it only then: wait for the answer.
  const answered = asksTheAi ? page.waitForResponse((response) => response.url().endsWith('/api/process-idea-stage'), { timeout: 30_000 }) : null;
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await answered;
  await expect.poll(() => page.getByRole('tab', { name: /^Research/ }).getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
  await expect.poll(() => page.getByRole('button', { name: 'Generate', exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
};

describe('settings cache clearing', () => {
  it('reuses a stage’s cached AI results without spending a play; Settings shows Cached, clears one stage and all after confirming', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    expect(await remainingFreeUses(page)).toBe(3);

    await generateResearch(page, { asksTheAi: true });
    // The play is spent by the command; the status is a read model, which follows it a moment later.
    await expect.poll(() => remainingFreeUses(page), { timeout: 15_000 }).toBe(2);
    // The same question again: answered from the cache, no play spent.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Cached results');
    expect(await remainingFreeUses(page)).toBe(2);

    await page.goto(`${env.server.url}/settings`);
    const stages = page.getByRole('list', { name: 'Cached stages' }).getByRole('listitem');
    await expect.poll(() => stages.count()).toBe(6);
    expect(await stages.filter({ hasText: 'Cached' }).allTextContents()).toEqual([expect.stringContaining('Stage 1: Research')]);
    expect(await page.getByRole('button', { name: 'Clear cache of stage 2: Analysis' }).isDisabled()).toBe(true);
    await page.getByRole('region', { name: 'Cache' }).scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'settings-cache', { fullPage: false });

    await page.getByRole('button', { name: 'Clear cache of stage 1: Research' }).click();
    await expect.poll(() => stages.filter({ hasText: 'Cached' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear All Cache' }).isDisabled()).toBe(true);

    // Cleared: Generate asks the AI again and spends a play, and caches anew.
    await generateResearch(page, { asksTheAi: true });
    // The tab is already marked done by the project's research from the first run, so wait for the charge itself.
    await expect.poll(() => remainingFreeUses(page), { timeout: 15_000 }).toBe(1);

    await page.goto(`${env.server.url}/settings`);
    await expect.poll(() => stages.filter({ hasText: 'Cached' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear All Cache' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all cache?' });
    await dialog.waitFor();
    await screenshotAtWidths(page, 'settings-cache-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await stages.filter({ hasText: 'Cached' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear All Cache' }).click();
    await dialog.getByRole('button', { name: 'Yes, Clear All Cache' }).click();
    await expect.poll(() => stages.filter({ hasText: 'Cached' }).count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('aiStageCache:')))).toEqual([]);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);
});
