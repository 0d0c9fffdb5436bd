import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addParameter, chips, openPage, openToast, saveStatus, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** The browser's current project as the API reads it. */
const currentProject = (page: Page) =>
  page.evaluate(async () => {
    const { projects } = (await (await fetch('/api/projects')).json()) as { projects: { id: string }[] };
    const { project } = (await (await fetch(`/api/projects/${projects[0]!.id}`)).json()) as { project: { currentStageIndex: number } };
    return project;
  });

/** What has the keyboard's focus: its accessible label or text, or 'BODY' when the focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    if (element.tagName === 'INPUT') return 'INPUT';
    return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
  });

describe('issue 26: smaller things the walk and the audit saw', () => {
  it('an untouched project is 0% with no stage complete; the current stage follows the route, not the generator tabs', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await expect.poll(() => chips(page, 'Common Viral Triggers').count()).toBe(3);
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByLabel('0% complete').waitFor();
    await page.getByRole('link', { name: /^Stage 1 Research.*, not complete$/ }).waitFor();
    expect(await page.getByRole('link', { name: /, complete$/ }).count()).toBe(0);

    // Opening a stage's address makes it current, a locked one included (spec 02 §2.1).
    await page.goto(`${env.server.url}/stage-3`);
    await page.getByRole('heading', { name: 'Stage 3: Ideation' }).waitFor();
    await expect.poll(async () => (await currentProject(page)).currentStageIndex).toBe(3);
    await page.goto(`${env.server.url}/stage-2`);
    await page.getByRole('heading', { name: /^Stage 2:/ }).waitFor();
    await expect.poll(async () => (await currentProject(page)).currentStageIndex).toBe(2);

    // A generator tab shows a stage without moving the project's current stage.
    await page.goto(`${env.server.url}/generator`);
    await page.getByRole('tab', { name: /^Research/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^Research/ }).getAttribute('aria-selected')).toBe('true');
    await page.waitForTimeout(500);
    expect((await currentProject(page)).currentStageIndex).toBe(2);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps the keyboard focus after Generate, Add, and removing a chip; refuses a duplicate in another case', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    const list = 'Successful Microsites';
    const region = page.getByRole('region', { name: list });
    const generate = region.getByRole('button', { name: 'Generate', exact: true });
    await generate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chips(page, list).count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await expect.poll(() => region.getByRole('button', { name: 'Generate', exact: true }).getAttribute('aria-disabled')).toBe(null);
    expect(await focused(page)).toBe('Generate');

    // Add with its button: the field has the focus again.
    const input = page.getByRole('textbox', { name: `Add your own parameter to ${list}` });
    await input.fill('Pixel Wall');
    await region.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => chips(page, list).allTextContents()).toContain('Pixel Wall');
    expect(await focused(page)).toBe('INPUT');

    // The same words in another case are refused, and said why.
    await input.fill('pixel wall');
    await input.press('Enter');
    await expect.poll(() => openToast(page).textContent()).toContain('This parameter is already in the list');
    expect(await chips(page, list).allTextContents()).not.toContain('pixel wall');

    // Removing a chip: the next chip's remove button, else the field.
    const values = await chips(page, list).allTextContents();
    await page.getByRole('button', { name: `Remove ${values[0]}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`Remove ${values[1]}`);
    await page.getByRole('button', { name: 'Clear All Common Viral Triggers' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(['Nothing here yet']);
    await addParameter(page, 'Common Viral Triggers', 'FOMO');
    await page.getByRole('button', { name: 'Remove FOMO' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('INPUT');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByRole('textbox', { name: 'Add your own parameter to Common Viral Triggers' }).getAttribute('id'),
    );
    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 90_000);

  it("saves stage 2's specific mechanics and reward integration points; stage 5's context shows stage 4's messaging strategy", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-2`);
    await page.getByRole('textbox', { name: 'Specific mechanics' }).fill('Each tip adds 1.5% to the pool');
    await page.getByRole('textbox', { name: 'Reward integration points' }).fill('The tip button and the daily draw');
    await page.getByRole('textbox', { name: 'Reward integration points' }).blur();
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('saved');
    await page.goto(`${env.server.url}/stage-4`);
    const messaging = page.getByRole('textbox', { name: 'Messaging strategy' });
    await messaging.fill('Tip once, see your name glow all day');
    await messaging.blur();
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('saved');
    await screenshotAtWidths(page, 'stage-4-messaging', { widths: [1280, 375] });

    await page.goto(`${env.server.url}/stage-2`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Specific mechanics' }).inputValue()).toBe('Each tip adds 1.5% to the pool');
    expect(await page.getByRole('textbox', { name: 'Reward integration points' }).inputValue()).toBe('The tip button and the daily draw');
    await screenshotAtWidths(page, 'stage-2-mechanics', { widths: [1280, 375] });
    await page.goto(`${env.server.url}/stage-5`);
    await page.locator('p', { hasText: 'Messaging strategy:' }).filter({ hasText: 'Tip once, see your name glow all day' }).waitFor();
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it("counts the builder's time from its start on the server, so a reload keeps it", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/game`);
    const timer = page.getByTestId('elapsed');
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toBe('00:03');
    await page.reload();
    await timer.waitFor();
    // A timer that restarted would read 00:00 or 00:01 here.
    const seconds = (text: string | null) => Number(text!.split(':')[0]) * 60 + Number(text!.split(':')[1]);
    await expect.poll(async () => seconds(await timer.textContent())).toBeGreaterThanOrEqual(3);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 60_000);

  it('moves the layout in 0.45 s when the sidebar expands (spec 02 §9), at once under reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
      const page = await context.newPage();
      await page.goto(`${env.server.url}/dashboard`);
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.waitFor();
      const motion = () =>
        Promise.all(
          ['aside[aria-label="Sidebar"]', 'main#main'].map((selector) =>
            page.locator(selector).evaluate((element) => {
              const style = getComputedStyle(element);
              return `${style.transitionProperty} ${style.transitionDuration}`;
            }),
          ),
        );
      if (reducedMotion === 'reduce') expect(await motion()).toEqual(['none 0.45s', 'none 0.45s']);
      else expect(await motion()).toEqual(['width 0.45s', 'padding 0.45s']);
      // The running transitions right after the click: the sidebar's width for 450 ms, or none under reduced motion.
      const running = await page.evaluate(async () => {
        document.querySelector<HTMLButtonElement>('button[aria-label="Expand sidebar"]')!.click();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return document
          .querySelector('aside[aria-label="Sidebar"]')!
          .getAnimations()
          .map((animation) => animation.effect?.getTiming().duration);
      });
      expect(running).toEqual(reducedMotion === 'reduce' ? [] : [450]);
      await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(288);
      await context.close();
    }
  }, 60_000);
});
