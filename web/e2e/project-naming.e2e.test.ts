import { describe, expect, it } from 'vitest';
import { openPage, screenshotAtWidths, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** Issue 26: a project is named from its core idea; a private link's address is shown once. */
describe('a project named from its core idea', () => {
  it('shows the name taken from the first core idea in the header, the project switcher and My projects', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/stage-1`);
    const switcher = page.getByRole('button', { name: /^My projects/ }).first();
    const coreIdea = page.getByRole('textbox', { name: 'Core idea' });
    await coreIdea.fill('daily roast pool. Everyone posts a coffee photo and strangers roast it.');
    await coreIdea.blur();
    await expect.poll(() => switcher.getAttribute('aria-label'), { timeout: 10_000 }).toBe('My projects (current: Daily roast pool)');
    await screenshotAtWidths(page, 'named-from-core-idea', { widths: [1280, 375], fullPage: false });

    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Rename Daily roast pool' }).waitFor();
    await screenshotAtWidths(page, 'named-my-projects', { widths: [1280, 375] });

    const share = page.getByRole('dialog', { name: 'Share Project' });
    await page.getByRole('button', { name: 'Share Project' }).click();
    await share.getByRole('button', { name: 'Create private link' }).click();
    const links = share.getByRole('list', { name: 'Private links' });
    await links.getByText('Copy it now: for your safety, this link is shown only once.').waitFor();
    expect(await links.getByRole('textbox').inputValue()).toMatch(new RegExp(`^${env.server.url}/shared/[\\w-]+/[\\w-]{32}$`));
    await screenshotAtWidths(page, 'share-link-made', { widths: [1280, 375], fullPage: false });
    await share.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Share Project' }).click();
    await links.getByText('Its address was shown once, when it was made.').waitFor();
    expect(await links.getByRole('textbox').count()).toBe(0);
    await screenshotAtWidths(page, 'share-link-listed', { widths: [1280, 375], fullPage: false });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
