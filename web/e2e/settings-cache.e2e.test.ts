import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

const remainingFreeUses = (page: Page) =>
  page
    .evaluate(() => fetch('/api/subscription/status').then((response) => response.json() as Promise<{ remainingFreeUses: number }>))
    .then((status) => status.remainingFreeUses);

/** One of Ann's devices: a browser of its own, signed in as Ann. */
const annsDevice = async (width: number) => {
  const device = await openPage(env.browser, width);
  await device.page.goto(`${env.server.url}/auth/local?returnTo=/`);
  await device.page.getByLabel('Display name').fill('Ann Lee');
  await device.page.getByLabel('Email').fill('ann@example.com');
  await device.page.getByRole('button', { name: 'Sign in' }).click();
  await device.page.waitForURL(`${env.server.url}/`);
  return device;
};

/** Generate on the research stage; answers the server's answer (`cached` when no play was used). */
const generateResearch = async (page: Page) => {
  await page.goto(`${env.server.url}/generator`);
  await page.getByRole('tab', { name: /^Research/ }).waitFor();
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/process-idea-stage'), { timeout: 30_000 });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const answer = (await (await answered).json()) as { cached?: boolean };
  await expect.poll(() => page.getByRole('tab', { name: /^Research/ }).getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
  await expect.poll(() => page.getByRole('button', { name: 'Generate', exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
  return answer;
};

describe('stored AI results across devices, and clearing them in Settings', () => {
  it('answers the same question on a second device without a play ("cached — no play used"); Settings clears one stage and all', async () => {
    const laptop = await annsDevice(1280);
    await startPlaying(laptop.page, env.server.url);
    const plays = await remainingFreeUses(laptop.page);

    expect((await generateResearch(laptop.page)).cached).toBeUndefined();
    // The play is spent by the command; the status is a read model, which follows it a moment later.
    await expect.poll(() => remainingFreeUses(laptop.page), { timeout: 15_000 }).toBe(plays - 1);

    // Ann's phone: the same project, the same question. The server answers its stored answer, free.
    const phone = await annsDevice(375);
    expect((await generateResearch(phone.page)).cached).toBe(true);
    await phone.page.getByText('cached — no play used', { exact: false }).first().waitFor();
    await expect.poll(() => openToast(phone.page).textContent()).toContain('Cached results');
    await screenshotAtWidths(phone.page, 'generator-cached', { widths: [375], fullPage: false });
    expect(await remainingFreeUses(phone.page)).toBe(plays - 1);

    await phone.page.goto(`${env.server.url}/settings`);
    const stages = phone.page.getByRole('list', { name: 'Cached stages' }).getByRole('listitem');
    await expect.poll(() => stages.count()).toBe(6);
    await phone.page.getByRole('button', { name: 'Clear cache of stage 2: Analysis' }).click();
    await expect.poll(() => openToast(phone.page).textContent()).toContain('Nothing cached');
    await phone.page.getByRole('button', { name: 'Clear cache of stage 1: Research' }).click();
    await expect.poll(() => openToast(phone.page).textContent()).toContain('Stage 1: Research will ask the AI again.');

    // Cleared on the phone: the laptop's Generate asks the AI again and spends a play.
    expect((await generateResearch(laptop.page)).cached).toBeUndefined();
    await expect.poll(() => remainingFreeUses(laptop.page), { timeout: 15_000 }).toBe(plays - 2);

    await laptop.page.goto(`${env.server.url}/settings`);
    await laptop.page.getByRole('region', { name: 'Cache' }).scrollIntoViewIfNeeded();
    await screenshotAtWidths(laptop.page, 'settings-cache', { fullPage: false });
    await laptop.page.getByRole('button', { name: 'Clear All Cache' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Clear all cache?' });
    await dialog.waitFor();
    await screenshotAtWidths(laptop.page, 'settings-cache-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Yes, Clear All Cache' }).click();
    await expect.poll(() => openToast(laptop.page).textContent()).toContain('All cached AI results were removed.');
    expect(await laptop.page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('aiStageCache:')))).toEqual([]);
    expect((await generateResearch(laptop.page)).cached).toBeUndefined();

    expect(laptop.consoleErrors.unexpected()).toEqual([]);
    expect(phone.consoleErrors.unexpected()).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  }, 120_000);
});
