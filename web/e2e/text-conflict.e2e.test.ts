import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshotPath, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** The refused save's answer is expected: the browser reports every 409 on its console. */
const CONFLICT_ANSWER = [/409 \(Conflict\)/];

const conflictOf = (page: Page, label: string) => page.getByRole('alert', { name: `${label}: changed in another tab` });

/** Typed text is saved on leaving the field (Auto Save is on): Tab moves on at once. */
const typeAndLeave = async (page: Page, label: string, text: string) => {
  await page.getByRole('textbox', { name: label }).fill(text);
  await page.getByRole('textbox', { name: label }).press('Tab');
};

describe('two tabs of the same visitor editing texts', () => {
  it("refuses the later save of the same text, shows both versions, and keeps the one chosen; other texts don't collide", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const first = await context.newPage();
    const firstConsole = collectConsoleErrors(first);
    await first.goto(env.server.url);
    await first.getByRole('button', { name: 'Start the Guided Stages' }).click();
    await first.waitForURL(/\/stage-1$/);
    await first.goto(`${env.server.url}/stage-4`);
    await first.getByRole('textbox', { name: 'Reward flow' }).waitFor();

    const second = await context.newPage();
    const secondConsole = collectConsoleErrors(second);
    await second.goto(`${env.server.url}/stage-4`);
    await second.getByRole('textbox', { name: 'Reward flow' }).waitFor();

    // The second tab types first but its save waits for the 2 s debounce; the first tab leaves the field at once.
    await second.getByRole('textbox', { name: 'Reward flow' }).fill('Straight to the creator');
    await typeAndLeave(first, 'Reward flow', 'A pool of tips paid out daily');

    const conflict = conflictOf(second, 'Reward flow');
    await conflict.waitFor({ timeout: 10_000 });
    await conflict.getByText('Changed in another tab').waitFor();
    expect(await conflict.getByRole('figure').allTextContents()).toEqual([
      'Your versionStraight to the creator',
      "Other tab's versionA pool of tips paid out daily",
    ]);
    await conflict.scrollIntoViewIfNeeded();
    await second.screenshot({ path: screenshotPath('text-conflict-1280') });
    // Nothing was overwritten: the first tab still shows its own text.
    expect(await first.getByRole('textbox', { name: 'Reward flow' }).inputValue()).toBe('A pool of tips paid out daily');

    // Keeping one's own version, by keyboard: it is saved on top of the other tab's, which then shows it.
    await conflict.getByRole('button', { name: 'Keep my version' }).focus();
    await second.keyboard.press('Enter');
    await conflict.waitFor({ state: 'detached' });
    await expect.poll(() => first.getByRole('textbox', { name: 'Reward flow' }).inputValue(), { timeout: 10_000 }).toBe('Straight to the creator');

    // The other way round, keeping the other tab's version: the draft is dropped for it.
    await first.getByRole('textbox', { name: 'Reward flow' }).fill('My late idea');
    await typeAndLeave(second, 'Reward flow', 'Tips split between the top three');
    const firstConflict = conflictOf(first, 'Reward flow');
    await firstConflict.waitFor({ timeout: 10_000 });
    await firstConflict.getByRole('button', { name: 'Keep other version' }).click();
    await firstConflict.waitFor({ state: 'detached' });
    expect(await first.getByRole('textbox', { name: 'Reward flow' }).inputValue()).toBe('Tips split between the top three');

    // Two different texts edited at the same time in the two tabs: both survive, no conflict shown.
    await first.getByRole('textbox', { name: 'Reward source' }).fill('A 1.5% fee on every tip');
    await typeAndLeave(second, 'Sustainability check', 'The fee refills the pool');
    await expect.poll(() => second.getByRole('textbox', { name: 'Reward source' }).inputValue(), { timeout: 10_000 }).toBe('A 1.5% fee on every tip');
    await expect
      .poll(() => first.getByRole('textbox', { name: 'Sustainability check' }).inputValue(), { timeout: 10_000 })
      .toBe('The fee refills the pool');
    expect(await first.getByRole('alert', { name: /changed in another tab/ }).count()).toBe(0);
    expect(await second.getByRole('alert', { name: /changed in another tab/ }).count()).toBe(0);

    // What the server kept, as a fresh tab reads it.
    const third = await context.newPage();
    await third.goto(`${env.server.url}/stage-4`);
    await third.getByRole('textbox', { name: 'Reward flow' }).waitFor();
    expect(await third.getByRole('textbox', { name: 'Reward flow' }).inputValue()).toBe('Tips split between the top three');
    expect(await third.getByRole('textbox', { name: 'Reward source' }).inputValue()).toBe('A 1.5% fee on every tip');
    expect(await third.getByRole('textbox', { name: 'Sustainability check' }).inputValue()).toBe('The fee refills the pool');

    expect(firstConsole.unexpected(CONFLICT_ANSWER)).toEqual([]);
    expect(secondConsole.unexpected(CONFLICT_ANSWER)).toEqual([]);
    await context.close();
  }, 90_000);

  it("does the same for the nine-step builder's core idea (/game), and keeps the chosen version", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const first = await context.newPage();
    const firstConsole = collectConsoleErrors(first);
    await first.goto(`${env.server.url}/game`);
    await first.getByText('Step 1 of 9', { exact: true }).waitFor();
    const second = await context.newPage();
    const secondConsole = collectConsoleErrors(second);
    await second.goto(`${env.server.url}/game`);
    await second.getByText('Step 1 of 9', { exact: true }).waitFor();

    // The second tab types first, its save waiting for the debounce; the first tab saves at once on leaving the field.
    await second.getByRole('textbox', { name: 'Core Idea' }).fill('A tip jar for street musicians');
    await typeAndLeave(first, 'Core Idea', 'A wall where every tip pays the next tipper');

    const conflict = conflictOf(second, 'Core Idea');
    await conflict.waitFor({ timeout: 10_000 });
    expect(await conflict.getByRole('figure').allTextContents()).toEqual([
      'Your versionA tip jar for street musicians',
      "Other tab's versionA wall where every tip pays the next tipper",
    ]);
    await second.screenshot({ path: screenshotPath('text-conflict-builder-1280') });
    expect(await first.getByRole('textbox', { name: 'Core Idea' }).inputValue()).toBe('A wall where every tip pays the next tipper');

    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await conflict.waitFor({ state: 'detached' });
    await expect
      .poll(() => first.getByRole('textbox', { name: 'Core Idea' }).inputValue(), { timeout: 10_000 })
      .toBe('A tip jar for street musicians');

    expect(firstConsole.unexpected(CONFLICT_ANSWER)).toEqual([]);
    expect(secondConsole.unexpected(CONFLICT_ANSWER)).toEqual([]);
    await context.close();
  }, 90_000);
});
