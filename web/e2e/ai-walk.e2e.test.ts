import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chips, openPage, openToast, saveStatus, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();
const LIVE = { timeout: 15_000 };
const idea = 'A tip wall where every XNO tip joins a pool that pays the best message of the day';

/** A list's Generate (stages 1 and 2): its suggestions join the list on the server. */
const generateList = async (page: Page, list: string, before: number) => {
  const values = async () => (await chips(page, list).allTextContents()).filter((text) => text !== 'Nothing here yet').map((text) => text.trim());
  await expect.poll(async () => (await values()).length, LIVE).toBe(before);
  await page.getByRole('region', { name: list }).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(async () => (await values()).length, LIVE).toBeGreaterThan(before);
  return values();
};
const textOf = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).inputValue();
/** Before and after Generate, at a desktop and a phone width: web/test-results/stage-N-before-1280.png and so on. */
const shots = (page: Page, name: string) => screenshotAtWidths(page, name, { widths: [1280, 375] });

describe('a new visitor develops an idea with the AI on every stage', () => {
  it('walks from the landing page to a final prompt that names the selected concept and values from every stage', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);

    // Stage 1: the core idea, then the AI's viral triggers (free play 1).
    await page.getByRole('textbox', { name: 'Core idea' }).fill(idea);
    await page.getByRole('textbox', { name: 'Core idea' }).blur();
    await expect.poll(() => saveStatus(page), LIVE).toBe('saved');
    const triggers = await generateList(page, 'Common Viral Triggers', 3);
    const trigger = triggers.find((value) => !['one-page', 'no physical', 'realistic'].includes(value))!;
    expect(trigger).toBeTruthy();
    await page.getByRole('button', { name: 'Next Part' }).click();

    // Stage 2: the AI's reward source and flow (free plays 2 and 3).
    await page.waitForURL(/\/stage-2$/);
    const sources = await generateList(page, 'Reward Source', 0);
    const flows = await generateList(page, 'Reward Flow', 0);
    await page.getByRole('button', { name: 'Next Part' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue Anyway' }).click();

    // Stage 3: no free play is left, so Generate Concepts opens the subscription modal; the public coupon goes on.
    await page.waitForURL(/\/stage-3$/);
    await page.getByRole('heading', { name: 'Stage 3: Ideation' }).waitFor();
    await shots(page, 'stage-3-before');
    await page.getByRole('button', { name: 'Generate Concepts' }).click();
    const modal = page.getByRole('dialog', { name: 'Subscribe to Viral Idea Generator' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => openToast(page).textContent(), LIVE).toContain('Coupon redeemed!');
    await expect.poll(() => modal.count(), LIVE).toBe(0);
    // The Generate Concepts that met the paywall runs again by itself once the coupon is on.
    const radios = page.getByRole('radio');
    await expect.poll(() => radios.count(), LIVE).toBe(3);
    await shots(page, 'stage-3-after');

    // Each concept can be edited, removed or selected; a name another concept has is refused with the form's message.
    const names = await page.getByRole('group', { name: 'Selected concept' }).locator('label .font-semibold').allTextContents();
    expect(names).toHaveLength(3);
    await page.getByRole('button', { name: `Remove ${names[2]}` }).click();
    await expect.poll(() => radios.count(), LIVE).toBe(2);
    await page.getByRole('button', { name: `Edit ${names[1]}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${names[1]}` });
    await editor.getByRole('textbox', { name: 'Concept name' }).fill(names[0]!);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('A concept with this name already exists').waitFor();
    await shots(page, 'stage-3-edit');
    await editor.getByRole('textbox', { name: 'Concept name' }).fill(`${names[1]} Live`);
    await editor.getByRole('button', { name: 'Save' }).click();
    const selected = `${names[1]} Live`;
    await page.getByRole('radio', { name: new RegExp(selected) }).check();
    await expect.poll(() => page.getByRole('radio', { name: new RegExp(selected) }).isChecked(), LIVE).toBe(true);
    // The browser's own check names a repeated name before anything is sent.
    await page.getByRole('textbox', { name: 'Concept name' }).fill(selected);
    await page.getByRole('button', { name: 'Add Concept' }).click();
    await page.getByText('A concept with this name already exists').waitFor();
    await page.getByRole('button', { name: 'Next Part' }).click();

    // Stage 4: the selection started the idea name; stage 2's values are offered as chips; the AI drafts the rest.
    await page.waitForURL(/\/stage-4$/);
    await page.getByRole('heading', { name: 'Stage 4: Mechanics' }).waitFor();
    await expect.poll(() => textOf(page, 'Selected idea name'), LIVE).toBe(selected);
    await page.getByRole('button', { name: `Insert ${sources[0]}` }).click();
    await expect.poll(() => textOf(page, 'Reward source'), LIVE).toBe(sources[0]);
    await shots(page, 'stage-4-before');
    await page.getByRole('button', { name: 'Generate Mechanics' }).click();
    await expect.poll(() => textOf(page, 'Reward flow'), LIVE).not.toBe('');
    // What the visitor put in the reward source stays; the AI's version waits beside it.
    const sourceSuggestion = page.getByRole('group', { name: 'AI suggestion for Reward source' });
    await sourceSuggestion.waitFor(LIVE);
    expect(await textOf(page, 'Reward source')).toBe(sources[0]);
    await shots(page, 'stage-4-after');
    // A reload still shows the waiting suggestion (the project holds it); Append adds it after the visitor's text.
    await page.reload();
    await sourceSuggestion.waitFor(LIVE);
    await sourceSuggestion.getByRole('button', { name: 'Append' }).click();
    await expect.poll(() => sourceSuggestion.count(), LIVE).toBe(0);
    await expect.poll(() => textOf(page, 'Reward source'), LIVE).toMatch(new RegExp(`^${sources[0]}\\n\\n.+`));
    const rewardFlow = await textOf(page, 'Reward flow');
    await page.getByRole('button', { name: 'Next Part' }).click();

    // Stage 5: the final concept name starts from the selected concept; Generate fills the empty fields.
    await page.waitForURL(/\/stage-5$/);
    await page.getByRole('heading', { name: 'Stage 5: Refinement' }).waitFor();
    await expect.poll(() => textOf(page, 'Final concept name'), LIVE).toBe(selected);
    await shots(page, 'stage-5-before');
    await page.getByRole('button', { name: 'Generate Refinement' }).click();
    await expect.poll(() => textOf(page, 'One-liner pitch'), LIVE).not.toBe('');
    // The reasoning fields are drafted too, in the project's words.
    await expect.poll(() => textOf(page, 'Why micro'), LIVE).toContain(selected);
    expect(await textOf(page, 'Key assumptions & risks')).not.toBe('');
    // And the page's own texts, inside its webpage elements.
    expect(await textOf(page, 'Headline')).toContain(selected);
    expect(await textOf(page, 'Call to action')).not.toBe('');
    // The visitor writes their own pitch; Suggest shows the AI's beside it, and Keep mine leaves theirs as it was.
    await page.getByRole('textbox', { name: 'One-liner pitch', exact: true }).fill('One page, one button.');
    await page.getByRole('textbox', { name: 'One-liner pitch', exact: true }).blur();
    await expect.poll(() => saveStatus(page), LIVE).toBe('saved');
    await page.getByRole('button', { name: 'Suggest One-liner pitch' }).click();
    const pitchSuggestion = page.getByRole('group', { name: 'AI suggestion for One-liner pitch' });
    await pitchSuggestion.waitFor(LIVE);
    await shots(page, 'stage-5-after');
    await pitchSuggestion.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => pitchSuggestion.count(), LIVE).toBe(0);
    expect(await textOf(page, 'One-liner pitch')).toBe('One page, one button.');

    // The summary's final prompt carries the whole walk.
    await page.getByRole('button', { name: 'See My Results' }).click();
    await page.waitForURL(/\/summary$/);
    await page.getByRole('button', { name: 'Generate Final Prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Final Prompt' });
    await dialog.waitFor(LIVE);
    const prompt = (await dialog.getByLabel('Final prompt').textContent())!;
    for (const value of [selected, trigger, sources[0]!, flows[0]!, rewardFlow.slice(0, 40), 'One page, one button.'])
      expect(prompt).toContain(value);

    expect(consoleErrors.unexpected([/402 \(Payment Required\)/, /400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 180_000);
});
