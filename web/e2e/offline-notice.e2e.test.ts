import { describe, expect, it } from 'vitest';
import { chips, openPage, screenshotAtWidths, startPlaying, STARTING_TRIGGERS, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('the offline generator says who wrote its suggestions', () => {
  it('tells the person once per screen, after the first offline answer there, and points to Settings', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    const notice = page.getByTestId('offline-ai-notice');
    // Nothing is said before the AI has answered anything on this screen.
    expect(await notice.count()).toBe(0);

    const triggers = page.getByRole('region', { name: 'Common Viral Triggers' });
    await triggers.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(async () => (await chips(page, 'Common Viral Triggers').count()) > STARTING_TRIGGERS.length).toBe(true);
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Offline AI — add a Gemini key in Settings for richer ideas');
    expect(await notice.getByRole('link', { name: 'add a Gemini key in Settings' }).getAttribute('href')).toBe('/settings');
    await screenshotAtWidths(page, 'offline-notice', { fullPage: false, widths: [1280, 375] });

    // A second answer on the same screen does not repeat it.
    await page.getByRole('region', { name: 'Successful Microsites' }).getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => chips(page, 'Successful Microsites').count()).toBeGreaterThan(1);
    expect(await notice.count()).toBe(1);

    // Closed, it stays closed on this screen; another screen has had no answer yet.
    await page.getByRole('button', { name: 'Close the offline AI notice' }).click();
    expect(await notice.count()).toBe(0);
    await page
      .getByRole('link', { name: /Reward & Sustainability/ })
      .first()
      .click();
    await page.waitForURL(/\/stage-2$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    // Its first offline answer there says it again.
    await page.getByRole('region', { name: 'Reward Source' }).getByRole('button', { name: 'Generate', exact: true }).click();
    await notice.waitFor();

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
