import { describe, expect, it } from 'vitest';
import { clearStartingTriggers, collectConsoleErrors, screenshotPath, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('two tabs of the same visitor', () => {
  it('shows a parameter added in one tab live in the other', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    const firstConsole = collectConsoleErrors(first);
    await first.goto(env.server.url);
    await first.getByRole('button', { name: 'Start the Guided Stages' }).click();
    await first.waitForURL(/\/stage-1$/);
    const triggers = first.getByRole('list', { name: 'Common Viral Triggers' });
    await triggers.waitFor();
    await clearStartingTriggers(first);

    const second = await context.newPage();
    const secondConsole = collectConsoleErrors(second);
    await second.goto(`${env.server.url}/stage-1`);
    const secondTriggers = second.getByRole('list', { name: 'Common Viral Triggers' });
    await secondTriggers.waitFor();
    expect(await secondTriggers.getByRole('listitem').allTextContents()).toEqual(['Nothing here yet']);

    const input = first.getByRole('textbox', { name: 'Add your own parameter to Common Viral Triggers' });
    await input.fill('Scarcity loop');
    await input.press('Enter');
    await expect.poll(() => triggers.getByRole('listitem').allTextContents()).toEqual(['Scarcity loop']);

    // The second tab did nothing: only the live update can bring the new parameter in.
    await expect.poll(() => secondTriggers.getByRole('listitem').allTextContents(), { timeout: 10_000 }).toEqual(['Scarcity loop']);

    // And back the other way: a removal in the second tab empties the first.
    await second.getByRole('button', { name: 'Remove Scarcity loop' }).click();
    await expect.poll(() => triggers.getByRole('listitem').allTextContents(), { timeout: 10_000 }).toEqual(['Nothing here yet']);

    // Typed text arrives in the other tab once its debounce has sent it.
    await first.getByRole('textbox', { name: 'Core idea' }).fill('A page that pays its visitors');
    await expect
      .poll(() => second.getByRole('textbox', { name: 'Core idea' }).inputValue(), { timeout: 10_000 })
      .toBe('A page that pays its visitors');
    await second.screenshot({ path: screenshotPath('live-second-tab-1280') });

    expect(firstConsole.unexpected()).toEqual([]);
    expect(secondConsole.unexpected()).toEqual([]);
    await context.close();
  });

  it('shows the data-missing screen for a project that is not there', async () => {
    const page = await env.browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${env.server.url}/projects/does-not-exist`);
    await page.getByRole('heading', { name: 'Oops! Data Missing' }).waitFor();
    await page.getByText('Failed to load project').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    await page.screenshot({ path: screenshotPath('data-missing-375') });
    await page.close();
  });
});
