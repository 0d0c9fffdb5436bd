import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addParameter,
  chips,
  openPage,
  openToast,
  SCREENSHOT_DIR,
  screenshotAtWidths,
  startPlaying,
  STARTING_TRIGGERS,
  useServerAndBrowser,
} from './browser.ts';
import { addValue, chipTexts, stepText } from './builder-steps.ts';

const env = useServerAndBrowser();
const LIVE = { timeout: 10_000 };

const snapshot = (page: Page) => page.getByRole('region', { name: 'The project after this change' });
const myProjects = (page: Page) => page.getByRole('region', { name: 'My projects' });
const projectNames = (page: Page) => myProjects(page).locator('ul').first().getByRole('listitem').locator('p.font-medium').allTextContents();

/** Types the core idea on stage 1 and leaves the field, which saves it. */
const typeCoreIdea = async (page: Page, text: string) => {
  const field = page.getByRole('textbox', { name: 'Core idea' });
  await field.fill(text);
  await field.blur();
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /Saved|Saving|Unsaved/ })
          .first()
          .getAttribute('data-status'),
      LIVE,
    )
    .toBe('saved');
};

describe('never losing work', () => {
  it('restores a version from the history screen, then undoes the restore', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await typeCoreIdea(page, 'A wall where every tip pays the next tipper');
    await typeCoreIdea(page, 'A jar of roasts');
    const id = await page.evaluate(() => localStorage.getItem('currentProjectId'));

    await page.goto(`${env.server.url}/projects/${id}/history`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('button', { name: /Changed the core idea to 'A wall where every tip/ }).click();
    await snapshot(page).getByText('A wall where every tip pays the next tipper').waitFor(LIVE);
    await screenshotAtWidths(page, 'restore-version', { widths: [1280, 375] });
    await page.getByRole('button', { name: 'Restore this version' }).click();

    const toast = openToast(page);
    await toast.getByText('Version restored').waitFor(LIVE);
    // The slider goes to the restore, the newest change: the old text is the project's again.
    await page
      .getByRole('region', { name: 'Time travel' })
      .getByText(/Restored the version of revision \d+/)
      .waitFor(LIVE);
    await snapshot(page).getByText('A wall where every tip pays the next tipper').waitFor(LIVE);

    // Undo from the keyboard: the toast's button is reachable and named.
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await openToast(page).getByText('Restore undone').waitFor(LIVE);
    // The project took its name from the idea too (issue 26): the text is the name and the core idea.
    await snapshot(page).getByText('A jar of roasts').first().waitFor(LIVE);
    await page.goto(`${env.server.url}/stage-1`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Core idea' }).inputValue(), LIVE).toBe('A jar of roasts');

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it("undoes a Clear All and a chip's removal, values back in their order", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    await startPlaying(page, env.server.url);
    await addParameter(page, 'Common Viral Triggers', 'Scarcity drops');
    const all = [...STARTING_TRIGGERS, 'Scarcity drops'];
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), LIVE).toEqual(all);

    await page.getByRole('button', { name: 'Clear All Common Viral Triggers' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), LIVE).toEqual(['Nothing here yet']);
    const toast = openToast(page);
    await toast.getByText('Cleared 4 from Common Viral Triggers').waitFor(LIVE);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'undo-clear-toast-375.png') });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), LIVE).toEqual(all);

    await page.getByRole('button', { name: 'Remove no physical' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), LIVE).not.toContain('no physical');
    await openToast(page).getByText("Removed 'no physical'").waitFor(LIVE);
    await openToast(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), LIVE).toEqual(all);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it("undoes a builder chip's removal and a Clear All on /game, kept after a reload, the focus on the chips", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/game`);
    await stepText(page, 1);
    const category = 'Technical Framework';
    const all = ['Edge workers', 'Key value store', 'Webhooks'];
    for (const value of all) {
      await addValue(page, category, value);
      await expect.poll(() => chipTexts(page, category), LIVE).toContain(value);
    }
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

    // A chip removed: the keyboard moves to the next chip; Undo within 10 s brings it back and focuses it.
    await page.getByRole('button', { name: 'Remove Key value store' }).click();
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(['Edge workers', 'Webhooks']);
    await expect.poll(focusedName, LIVE).toBe('Remove Webhooks');
    const toast = openToast(page);
    await toast.getByText("Removed 'Key value store'").waitFor(LIVE);
    await screenshotAtWidths(page, 'builder-undo-toast', { widths: [1280, 375], fullPage: false });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(all);
    await expect.poll(focusedName, LIVE).toBe('Remove Key value store');
    await page.reload();
    await stepText(page, 1);
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(all);

    // Clear All: the field takes the focus; Undo puts every value back, in order, kept after a reload.
    await page.getByRole('button', { name: `Clear All ${category}` }).click();
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(['No values set']);
    await expect.poll(focusedName, LIVE).toBe('INPUT');
    await openToast(page).getByText(`Cleared 3 from ${category}`).waitFor(LIVE);
    await openToast(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(all);
    await expect.poll(focusedName, LIVE).toBe('Remove Edge workers');
    await page.reload();
    await stepText(page, 1);
    await expect.poll(() => chipTexts(page, category), LIVE).toEqual(all);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it('deletes a project with Undo, and restores one from the Trash', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/dashboard`);
    await myProjects(page).getByRole('button', { name: 'New Idea' }).click();
    await page.getByRole('dialog', { name: 'New Idea' }).getByLabel('Project name').fill('Roast Pool');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.waitForURL(/\/stage-1$/);
    await page.goto(`${env.server.url}/dashboard`);
    await expect.poll(() => projectNames(page), LIVE).toEqual([expect.stringContaining('Roast Pool'), expect.stringContaining('New Viral Idea')]);

    // Delete, named in the confirmation, then Undo from the toast.
    await myProjects(page).getByRole('button', { name: 'Delete New Viral Idea' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "New Viral Idea"?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => projectNames(page), LIVE).toEqual([expect.stringContaining('Roast Pool')]);
    await openToast(page).getByText('Deleted "New Viral Idea"').waitFor(LIVE);
    await openToast(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => projectNames(page), LIVE).toEqual([expect.stringContaining('Roast Pool'), expect.stringContaining('New Viral Idea')]);

    // Delete again and let the toast go: the project waits in the Trash, and comes back from there.
    await myProjects(page).getByRole('button', { name: 'Delete New Viral Idea' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    const trash = page.getByRole('region', { name: 'Trash' });
    await trash.getByText('New Viral Idea').waitFor(LIVE);
    await screenshotAtWidths(page, 'my-projects-trash', { widths: [1280, 375] });
    await trash.getByRole('button', { name: 'Restore New Viral Idea' }).click();
    await expect.poll(() => projectNames(page), LIVE).toEqual([expect.stringContaining('Roast Pool'), expect.stringContaining('New Viral Idea')]);
    await trash.waitFor({ state: 'detached', ...LIVE });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it('imports a file as a new project, and the old one stays in My projects', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await typeCoreIdea(page, 'A wall where every tip pays the next tipper');
    const file = path.join(SCREENSHOT_DIR, 'import-as-new.json');
    writeFileSync(file, JSON.stringify({ projectName: 'Imported Roasts', coreIdea: 'Roasts by strangers', stages: [] }));

    await page.goto(`${env.server.url}/settings`);
    await page.getByLabel('Project file (JSON)').setInputFiles(file);
    await page.getByRole('button', { name: 'Import Project' }).click();
    await openToast(page).getByText('Project imported').waitFor(LIVE);

    await page.goto(`${env.server.url}/dashboard`);
    await expect
      .poll(() => projectNames(page), LIVE)
      // The old project took its name from its core idea (issue 26).
      .toEqual([expect.stringContaining('Imported Roasts'), expect.stringContaining('A wall where every tip pays the next tipper')]);
    await page.getByRole('heading', { name: 'Imported Roasts', level: 1 }).waitFor(LIVE);

    // Replacing the current project is a second choice that asks first, naming the project.
    await page.goto(`${env.server.url}/settings`);
    await page.getByLabel('Project file (JSON)').setInputFiles(file);
    await page.getByRole('button', { name: 'Replace current project...' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Replace "Imported Roasts"?' });
    await ask.waitFor();
    await screenshotAtWidths(page, 'import-replace-dialog', { fullPage: false, widths: [1280, 375] });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);
});
