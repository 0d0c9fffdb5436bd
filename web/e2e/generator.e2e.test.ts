import { describe, expect, it } from 'vitest';
import { clearStartingTriggers, openPage, openToast, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('the idea generator with the offline AI', () => {
  it('locks stages behind their dependencies and runs all six in quick mode; Add Parameter and Quick Start', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    // Six stages and a quick idea are more than the three free plays: the public coupon makes the visitor unlimited.
    const redeemed = await page.evaluate(() =>
      fetch('/api/redeem-coupon', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ couponCode: 'VIRALFREE' }),
      }).then((response) => response.status),
    );
    expect(redeemed).toBe(200);
    // Research counts as done once stage 1 has a viral trigger: without the starting ones, Analysis starts locked.
    await clearStartingTriggers(page);

    await page.getByRole('link', { name: 'Idea Generator' }).click();
    await page.waitForURL(/\/generator$/);
    const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab('Research').waitFor();
    expect(await tab('Research').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Analysis, locked').isDisabled()).toBe(true);
    await screenshotAtWidths(page, 'generator-start');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Cannot proceed');
    // The lock is the server's too: generating a locked stage is refused (409) before anything is charged.
    const locked = await page.evaluate(async () => {
      const { projects } = (await fetch('/api/projects').then((response) => response.json())) as { projects: { id: string }[] };
      const generated = await fetch('/api/process-idea-stage', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ projectId: projects[0]!.id, stage: 'ideation', prompt: 'Concepts' }),
      });
      return [generated.status, ((await generated.json()) as { error: string }).error];
    });
    expect(locked).toEqual([409, 'Cannot proceed']);

    const prompt = page.getByRole('textbox', { name: 'Prompt' });
    const defaultPrompt = await prompt.inputValue();

    // Tailor prompt (one play, said on the button) asks generate-prompt-sequence for this project's prompts.
    const tailorButton = page.getByRole('button', { name: /^Tailor prompt/ });
    expect(await tailorButton.textContent()).toContain('1 play');
    await tailorButton.click();
    await expect.poll(() => prompt.inputValue(), { timeout: 15_000 }).not.toBe(defaultPrompt);
    await page.getByText('Tailored to this project by the AI.', { exact: false }).waitFor();
    // A failed request falls back silently to the stage's default prompt (spec 01 §8): no toast.
    await page.route('**/api/generate-prompt-sequence', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'down' }) }),
    );
    await tailorButton.click();
    await expect.poll(() => prompt.inputValue(), { timeout: 15_000 }).toBe(defaultPrompt);
    expect((await openToast(page).allTextContents()).join(' ')).not.toMatch(/Error|Failed/);
    await page.unroute('**/api/generate-prompt-sequence');

    // Ask about this stage: process-query's answer is shown; its failures are logged only.
    await page.getByRole('textbox', { name: 'Question' }).fill('How do people find the wall?');
    await page.getByRole('button', { name: /^Ask/ }).click();
    await page.getByLabel('Answer').waitFor({ timeout: 15_000 });
    expect((await page.getByLabel('Answer').textContent())!.length).toBeGreaterThan(10);
    await prompt.fill('');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Please enter a prompt to generate ideas.');
    await prompt.fill(defaultPrompt);

    await page.getByRole('button', { name: 'Advanced Options' }).click();
    await page.getByRole('spinbutton', { name: 'Iterations (1–5)' }).fill('9');
    expect(await page.getByRole('spinbutton', { name: 'Iterations (1–5)' }).inputValue()).toBe('5');
    await page.getByRole('spinbutton', { name: 'Iterations (1–5)' }).fill('1');

    // Quick mode: each success moves on by itself after 1.5 s, until the optional technical stage.
    await page.getByRole('switch', { name: 'Quick mode' }).click();
    for (const name of ['Research', 'Analysis', 'Ideation', 'Mechanics', 'Refinement', 'Technical']) {
      await expect.poll(() => tab(name).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect.poll(() => tab(name).getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
    }
    await page.getByText('100%').waitFor();
    await screenshotAtWidths(page, 'generator-done');
    expect(await page.getByRole('tab', { name: /, done$/ }).count()).toBe(6);

    // The results landed in the guided stages.
    await page.goto(`${env.server.url}/stage-3`);
    await expect.poll(() => page.getByRole('radio').count()).toBeGreaterThan(0);
    await page.goto(`${env.server.url}/generator`);

    await page.getByRole('button', { name: 'Add Parameter' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Parameter' });
    expect(await addDialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await addDialog.getByRole('textbox', { name: 'Parameter' }).fill('Scarcity');
    await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => addDialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    await addDialog.getByText(/Current parameters: .*Scarcity/).waitFor();
    await page.keyboard.press('Escape');

    const projectCount = () => page.evaluate(async () => ((await (await fetch('/api/projects')).json()) as { projects: unknown[] }).projects.length);
    const projects = await projectCount();
    await page.getByRole('button', { name: 'Quick Start' }).click();
    const quickDialog = page.getByRole('dialog', { name: 'Quick Start' });
    await quickDialog.getByRole('button', { name: 'Generate Idea' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Please enter a core idea to get started.');
    await quickDialog.getByRole('textbox', { name: 'Core idea' }).fill('A daily coin flip that pays from its own pool');
    // "Fill this project" is the default; the server writes the idea in the request that pays for it.
    expect(await quickDialog.getByRole('radio', { name: /Fill this project/ }).isChecked()).toBe(true);
    await screenshotAtWidths(page, 'generator-quick-start', { fullPage: false });
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await quickDialog.getByRole('button', { name: 'Generate Idea' }).click();
    await expect.poll(() => openToast(page).textContent(), { timeout: 15_000 }).toContain('The empty parts of this project are filled in.');
    await expect.poll(() => quickDialog.count()).toBe(0);
    // Filled, not made anew: the default name ("New Viral Idea", nobody typed it) is the only text replaced.
    expect(await projectCount()).toBe(projects);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('New Viral Idea');

    await page.getByRole('button', { name: 'Quick Start' }).click();
    await quickDialog.getByRole('textbox', { name: 'Core idea' }).fill('A daily coin flip that pays from its own pool');
    await quickDialog.getByRole('radio', { name: /Start a new project/ }).check();
    await quickDialog.getByRole('button', { name: 'Generate Idea' }).click();
    await expect.poll(() => openToast(page).textContent(), { timeout: 15_000 }).toContain('is your current project now');
    await expect.poll(() => quickDialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('tab', { name: /, done$/ }).count()).toBeGreaterThan(2);
    expect(await projectCount()).toBe(projects + 1);
    // One request each: no second call saved the idea (no POST /api/projects, no stage results).
    expect(writes.filter((write) => write.startsWith('POST /api/'))).toEqual(['POST /api/quick-generate-idea', 'POST /api/quick-generate-idea']);

    expect(consoleErrors.unexpected([/500 \(Internal Server Error\)/, /409 \(Conflict\)/])).toEqual([]);
    await context.close();
  }, 120_000);
});
