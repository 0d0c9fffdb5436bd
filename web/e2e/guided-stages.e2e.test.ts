import { describe, expect, it } from 'vitest';
import {
  addParameter,
  chips,
  clearStartingTriggers,
  collectConsoleErrors,
  openToast,
  saveStatus,
  screenshotAtWidths,
  useServerAndBrowser,
} from './browser.ts';

const env = useServerAndBrowser();

describe('the guided stages in the browser', () => {
  it('walks landing → stage 1 → stage 2 (incomplete) → continue anyway → stages 3 to 5', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const consoleErrors = collectConsoleErrors(page);

    await page.goto(env.server.url);
    await page.getByRole('heading', { name: 'Viral Idea Game' }).waitFor();
    await page.getByRole('main').getByText('3 FREE PLAYS').waitFor();
    await page.getByText('VIRALFREE').waitFor();
    await screenshotAtWidths(page, 'landing-light');
    // Spec 02 §2.1: the landing's main button opens the nine-step builder; the guided stages are beside it.
    expect(await page.getByRole('link', { name: 'Start Playing Now!' }).getAttribute('href')).toBe('/game');

    await page.getByRole('button', { name: 'Start the Guided Stages' }).click();
    await page.waitForURL(/\/stage-1$/);
    await page.getByRole('heading', { name: 'Stage 1: Research & Understanding' }).waitFor();
    for (const text of ['What This Part Does:', "You'll Get:", 'AI Helper:']) await page.getByText(text).waitFor();

    // Stage 1 starts with three viral triggers; once they are cleared, Add is disabled on an empty field, Clear All
    // on an empty list; Enter adds; a chip removes itself.
    await clearStartingTriggers(page);
    const triggerInput = page.getByRole('textbox', { name: 'Add your own parameter to Common Viral Triggers' });
    const triggersCard = page.getByRole('region', { name: 'Common Viral Triggers' });
    expect(await triggersCard.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Clear All Common Viral Triggers' }).isDisabled()).toBe(true);
    expect(await triggersCard.getByRole('button', { name: 'Add More' }).isDisabled()).toBe(true);
    await addParameter(page, 'Common Viral Triggers', 'FOMO');
    await addParameter(page, 'Common Viral Triggers', 'Social proof');
    await addParameter(page, 'Successful Microsites', 'Million Dollar Homepage');
    await page.getByRole('button', { name: 'Remove Social proof' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(['FOMO']);

    // Typed words beyond the list's limit are cut; a one-letter idea is refused with the spec's toast.
    await triggerInput.fill('very long trigger phrase here');
    await page.getByText('Only the first 3 words are kept.').waitFor();
    await triggerInput.press('Enter');
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(['FOMO', 'very long trigger']);
    await triggerInput.fill('x');
    await triggerInput.press('Enter');
    await expect.poll(() => openToast(page).textContent()).toContain('Parameter must be at least 2 characters');
    expect(await openToast(page).textContent()).toContain('Invalid parameter');
    await page.getByRole('button', { name: 'Clear All Successful Microsites' }).click();
    await expect.poll(() => chips(page, 'Successful Microsites').allTextContents()).toEqual(['Nothing here yet']);

    // A key resource needs its URL; it then shows in the next stage's context.
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('URL is required').waitFor();
    // Only a web address is a link anyone can follow.
    await page.getByRole('textbox', { name: 'Resource URL' }).fill('not a url');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Enter a web address starting with https://').waitFor();
    await page.getByRole('textbox', { name: 'Resource URL' }).fill('https://nano.org');
    await page.getByRole('textbox', { name: 'What it is' }).fill('XNO docs');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByRole('link', { name: 'https://nano.org' }).waitFor();

    await page.getByRole('textbox', { name: 'Core idea' }).fill('A one-page game that pays players in XNO');
    await expect.poll(() => saveStatus(page)).toBe('unsaved');
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('saved');
    await screenshotAtWidths(page, 'stage-1-light');

    // Stage 1 is complete (core idea, a trigger): Next moves on without a warning, to the top of the next stage.
    const next = page.getByRole('button', { name: 'Next Part' });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await next.click();
    await page.waitForURL(/\/stage-2$/);
    await page.getByRole('heading', { name: 'Stage 2: Reward & Sustainability Analysis' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Context from Previous Stages' }).waitFor();
    await page.getByText('FOMO, very long trigger').waitFor();
    await page.getByText('Key resources: XNO docs').waitFor();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Million Dollar Homepage');
    await page.getByRole('textbox', { name: 'Summary' }).fill('Sold pixels, one page');
    await page.getByRole('button', { name: 'Add Case Study' }).click();
    await page.getByRole('list', { name: 'Case Studies' }).getByText('Million Dollar Homepage').waitFor();

    // An audience segment without its required fields names each one.
    await page.getByRole('button', { name: 'Add Segment' }).click();
    for (const message of ['Name is required', 'Description is required', 'Reach strategy is required']) {
      await page.getByText(message).waitFor();
    }
    await page.getByRole('textbox', { name: 'Segment name' }).fill('Crypto gamers');
    expect(await page.getByText('Name is required').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Players who like small stakes');
    await page.getByRole('textbox', { name: 'Motivations', exact: true }).fill('fun, small wins');
    await screenshotAtWidths(page, 'stage-2-invalid-segment-light');

    // Stage 2 lacks a reward source and a segment: the warning dialog lists both.
    await page.getByRole('button', { name: 'Next Part' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const problems = await dialog.getByRole('list', { name: 'Problems' }).getByRole('listitem').allTextContents();
    expect(problems.join(' | ')).toMatch(/reward source/i);
    await screenshotAtWidths(page, 'stage-2-warning-dialog-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Go Back & Complete' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toMatch(/\/stage-2$/);
    await page.getByRole('button', { name: 'Next Part' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue Anyway' }).click();
    await page.waitForURL(/\/stage-3$/);

    // Stage 3: two concepts, the second selected.
    await page.getByRole('heading', { name: 'Stage 3: Ideation' }).waitFor();
    await page.getByText('Case studies: Million Dollar Homepage').waitFor();
    await page.getByRole('button', { name: 'Add Concept' }).click();
    await page.getByText('Concept name is required').waitFor();
    await page.getByRole('textbox', { name: 'Concept name' }).fill('Tap to Earn');
    await page.getByRole('combobox', { name: 'Simplicity score (0–5)' }).selectOption('5');
    await page.getByRole('textbox', { name: 'Core action' }).fill('Tap a button once a day');
    await page.getByRole('textbox', { name: 'Viral hook' }).fill('Share your streak');
    await page.getByRole('button', { name: 'Add Concept' }).click();
    await page.getByRole('radio', { name: /Tap to Earn/ }).waitFor();
    await page.getByRole('textbox', { name: 'Concept name' }).fill('Pool Lottery');
    await page.getByRole('button', { name: 'Add Concept' }).click();
    await page.getByRole('radio', { name: /Pool Lottery/ }).waitFor();
    await page.getByRole('radio', { name: /Tap to Earn/ }).check();
    await expect.poll(() => page.getByText('Selected', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Tap to Earn/ }).isChecked()).toBe(true);
    await screenshotAtWidths(page, 'stage-3-light');

    await page.getByRole('button', { name: 'Next Part' }).click();
    await page.waitForURL(/\/stage-4$/);
    await page.getByRole('heading', { name: 'Stage 4: Mechanics' }).waitFor();
    await page.getByText('Selected on stage 3: Tap to Earn').waitFor();
    await page.getByRole('textbox', { name: 'Reward source' }).fill('1.5% fee on every transaction');
    await page.getByRole('textbox', { name: 'Reward flow' }).fill('10% of the last 24 hours paid out daily');
    await screenshotAtWidths(page, 'stage-4-light');

    // Next sends what is still held back by the debounce before it advances.
    await page.getByRole('button', { name: 'Next Part' }).click();
    await page.waitForURL(/\/stage-5$/);
    await page.getByRole('heading', { name: 'Stage 5: Refinement' }).waitFor();
    await page.getByText('10% of the last 24 hours paid out daily').waitFor();
    await page.getByRole('textbox', { name: 'One-liner pitch' }).fill('Tap once a day, win from the pool');
    await page.getByRole('textbox', { name: 'Target audience' }).fill('Students');
    await page.getByRole('textbox', { name: 'Target audience' }).press('Enter');
    await expect.poll(() => page.getByRole('list', { name: 'Target audience' }).getByRole('listitem').allTextContents()).toEqual(['Students']);
    await page.getByRole('button', { name: 'See My Results' }).waitFor();
    await screenshotAtWidths(page, 'stage-5-light');

    // Everything above reached the server: a reload shows it. The current stage follows the route (spec 02 §2.1), so
    // back on stage 4 the sidebar badges show four stages reached.
    await page.getByRole('button', { name: 'Previous Part' }).click();
    await page.waitForURL(/\/stage-4$/);
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Reward source' }).inputValue()).toBe('1.5% fee on every transaction');
    await expect.poll(() => page.locator('aside [data-reached="true"]').count()).toBe(4);

    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the stages in dark mode at every width', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(env.server.url);
    await page.getByRole('heading', { name: 'Viral Idea Game' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshotAtWidths(page, 'landing-dark');
    await page.getByRole('button', { name: 'Start the Guided Stages' }).click();
    await page.waitForURL(/\/stage-1$/);
    await addParameter(page, 'Common Viral Triggers', 'Curiosity');
    await screenshotAtWidths(page, 'stage-1-dark');
    await page.goto(`${env.server.url}/stage-2`);
    await page.getByRole('heading', { name: 'Stage 2: Reward & Sustainability Analysis' }).waitFor();
    await page.getByRole('button', { name: 'Add Segment' }).click();
    await screenshotAtWidths(page, 'stage-2-dark');
    await page.getByRole('button', { name: 'Next Part' }).click();
    await page.getByRole('alertdialog').waitFor();
    await screenshotAtWidths(page, 'stage-2-warning-dialog-dark', { fullPage: false });
    // Escape closes the dialog and keeps the user on the stage.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 60_000);
});
