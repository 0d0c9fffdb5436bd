import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/testing.ts';
import { launchBrowser, screenshotPath } from './browser.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a project page in the browser', () => {
  it('adds a parameter and shows it live in a second tab of the same visitor', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const consoleErrors: string[] = [];
    const watchConsole = (message: ConsoleMessage) => message.type() === 'error' && consoleErrors.push(message.text());

    const first = await context.newPage();
    first.on('console', watchConsole);
    await first.goto(server.url);
    await first.getByRole('heading', { name: 'Viral Idea Game' }).waitFor();
    await first.screenshot({ path: screenshotPath('slice-landing-1280') });
    await first.getByRole('button', { name: 'Start Playing Now!' }).click();
    await first.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const parameters = first.getByRole('list', { name: 'Parameters' });
    await expect.poll(() => parameters.locator('li').allTextContents()).toEqual(['Viral', 'Simple Page', 'No Externalities']);

    const second = await context.newPage();
    second.on('console', watchConsole);
    await second.goto(first.url());
    const secondParameters = second.getByRole('list', { name: 'Parameters' });
    await expect.poll(() => secondParameters.locator('li').count()).toBe(3);

    const input = first.getByPlaceholder('Add your own parameter');
    const add = first.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await input.fill('Scarcity loop');
    await input.press('Enter');
    await expect.poll(() => parameters.locator('li').allTextContents()).toContain('Scarcity loop');
    expect(await input.inputValue()).toBe('');

    // The second tab did nothing: only the live update can bring the new parameter in.
    await expect.poll(() => secondParameters.locator('li').allTextContents(), { timeout: 5000 }).toContain('Scarcity loop');

    await input.fill('x');
    await add.click();
    await expect.poll(() => first.getByRole('alert').textContent()).toBe('Parameter must be at least 2 characters');
    await first.screenshot({ path: screenshotPath('slice-project-1280') });
    await second.screenshot({ path: screenshotPath('slice-project-second-tab-1280') });

    // The rejected parameter is the only failed request, and the browser logs it as a failed resource.
    expect(consoleErrors.filter((text) => !text.includes('400 (Bad Request)'))).toEqual([]);
    await context.close();
  });

  it('shows the data-missing screen for a project that is not there', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${server.url}/projects/does-not-exist`);
    await page.getByRole('heading', { name: 'Oops! Data Missing' }).waitFor();
    expect(await page.getByText('Failed to load project').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('slice-missing-375') });
    await page.close();
  });
});
