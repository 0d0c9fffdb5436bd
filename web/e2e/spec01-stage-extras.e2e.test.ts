import { describe, expect, it } from 'vitest';
import { addParameter, chips, openPage, openToast, screenshotAtWidths, startPlaying, STARTING_TRIGGERS, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('spec 01 §4/§9 on the stage screens', () => {
  it('starts stage 1 with three triggers and resets a stage in two steps back to them', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(STARTING_TRIGGERS);
    await addParameter(page, 'Common Viral Triggers', 'FOMO');
    await addParameter(page, 'Successful Microsites', 'Million Dollar Homepage');

    // The first click only asks; Cancel keeps everything.
    await page.getByRole('button', { name: 'Reset this stage' }).click();
    const confirm = page.getByRole('alert').filter({ hasText: 'Reset stage 1?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await chips(page, 'Common Viral Triggers').allTextContents()).toEqual([...STARTING_TRIGGERS, 'FOMO']);

    await page.getByRole('button', { name: 'Reset this stage' }).click();
    await confirm.getByRole('button', { name: 'Yes, Reset Stage' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Stage 1 is back to its defaults.');
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(STARTING_TRIGGERS);
    await expect.poll(() => chips(page, 'Successful Microsites').allTextContents()).toEqual(['Nothing here yet']);
    await page.reload();
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual(STARTING_TRIGGERS);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it("shows spec 01 §1's sustainability model as an example, not as data, and offers §3's suggested parameters in Add Parameter", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    const model = 'a daily reward pool of 10% of new contributions from the last 24 hours, and a 1.5% transaction fee paid into the reward pool';
    const coreIdea = page.getByRole('textbox', { name: 'Core idea' });
    await expect
      .poll(() => coreIdea.getAttribute('placeholder'))
      .toBe(`Example: A closed-loop, self-sustaining one-page site built around the XNO cryptocurrency: ${model}.`);
    expect(await coreIdea.inputValue()).toBe('');

    await page.goto(`${env.server.url}/stage-2`);
    const sustainability = page.getByRole('region', { name: 'Sustainability Check' });
    await sustainability.getByText(`Example: ${model}`, { exact: true }).waitFor();
    expect(await chips(page, 'Sustainability Check').allTextContents()).toEqual(['Nothing here yet']);
    // The example is for lists still empty: once the person adds one, it makes room.
    await addParameter(page, 'Sustainability Check', 'Fee-funded pool');
    await expect.poll(() => sustainability.getByText(`Example: ${model}`).count()).toBe(0);

    await page.goto(`${env.server.url}/generator`);
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Parameter' });
    const suggested = dialog.getByRole('group', { name: 'Suggested parameters' }).getByRole('button');
    // A new project holds Viral, Simple Page and No Externalities already: only the other two are offered.
    await expect.poll(() => suggested.allTextContents()).toEqual(['XNO Crypto', 'Self-Funded']);
    await screenshotAtWidths(page, 'add-parameter-suggestions', { fullPage: false, widths: [375] });
    await dialog.getByRole('button', { name: 'XNO Crypto' }).click();
    await dialog.getByText(/Current parameters: .*XNO Crypto/).waitFor();
    await expect.poll(() => suggested.allTextContents()).toEqual(['Self-Funded']);
    await dialog.getByRole('button', { name: 'Self-Funded' }).click();
    await dialog.getByText(/Current parameters: .*Self-Funded/).waitFor();
    await expect.poll(() => dialog.getByRole('group', { name: 'Suggested parameters' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    await dialog.getByText('Current parameters: Viral, Simple Page, No Externalities, XNO Crypto, Self-Funded', { exact: true }).waitFor();

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it("adds, edits and removes the final concept's other webpage elements", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-5`);
    const card = page.getByRole('region', { name: 'Other Elements' });
    await card.getByText('Nothing here yet').waitFor();

    await card.getByRole('textbox', { name: 'Element name' }).fill('Leaderboard');
    await card.getByRole('textbox', { name: 'What it does' }).fill('Top tippers of the day');
    await card.getByRole('button', { name: 'Add Element' }).click();
    const items = card.getByRole('list', { name: 'Other Elements' }).getByRole('listitem');
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringContaining('Leaderboard')]);
    expect(await card.getByRole('textbox', { name: 'Element name' }).inputValue()).toBe('');

    await card.getByRole('button', { name: 'Edit Leaderboard' }).click();
    const name = card.getByRole('textbox', { name: 'Element name' });
    expect(await name.inputValue()).toBe('Leaderboard');
    expect(await card.getByRole('textbox', { name: 'What it does' }).inputValue()).toBe('Top tippers of the day');
    await name.fill('Live leaderboard');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringContaining('Live leaderboard')]);
    await card.getByRole('button', { name: 'Add Element' }).waitFor();

    await page.reload();
    await expect.poll(() => items.allTextContents()).toEqual(['Live leaderboardTop tippers of the day']);
    await card.getByRole('button', { name: 'Remove Live leaderboard' }).click();
    await card.getByText('Nothing here yet').waitFor();

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('names the collapsed sidebar icons and the theme toggle in tooltips after 700 ms', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('heading', { name: 'Game Settings' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByRole('link', { name: 'Settings' }).getAttribute('title')).toBeNull();

    await sidebar.getByRole('link', { name: 'Settings' }).hover();
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Settings');
    // Within the 300 ms skip delay of one closing, the next opens without the 700 ms wait.
    await page.mouse.move(700, 450, { steps: 5 });
    await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 1000, interval: 20 }).toBe(0);
    await sidebar.getByRole('link', { name: 'Account & Billing' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 500, interval: 20 }).toBe('Account & Billing');
    await page.mouse.move(700, 450, { steps: 5 });
    // Closed before the next trigger is pointed at (CI: on a loaded machine the next one opened, within the skip
    // delay, while this one was still in the page, and the text read below matched two tooltips).
    await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 5000 }).toBe(0);

    await sidebar.getByRole('button', { name: 'Switch to dark mode' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Switch to dark mode');
    await screenshotAtWidths(page, 'tooltip-sidebar', { fullPage: false, widths: [1280] });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('leaves no tooltip open after the pointer sweeps across an icon', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('heading', { name: 'Game Settings' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    // The tooltips' code arrives with the first one pointed at; the other icons' triggers are then rendered anew.
    await sidebar.getByRole('link', { name: 'Settings' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Settings');
    await page.mouse.move(700, 450);
    await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 5000 }).toBe(0);
    await page.waitForTimeout(400);

    // On and off at once: the trigger is rendered anew under the pointer, which has already left it.
    const dashboard = (await sidebar.getByRole('link', { name: 'Dashboard' }).boundingBox())!;
    await Promise.all([page.mouse.move(dashboard.x + dashboard.width / 2, dashboard.y + dashboard.height / 2), page.mouse.move(700, 450)]);
    await page.waitForTimeout(1200);
    expect(await page.getByRole('tooltip').count()).toBe(0);

    // Resting on it after that still names it.
    await sidebar.getByRole('link', { name: 'Dashboard' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 3000 }).toBe('Dashboard');

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('moves on to the results 2 s after the technical report, unless the user stays or turned it off', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-6`);
    const generate = page.getByRole('button', { name: 'Generate Technical Report' });

    await generate.click();
    const notice = page.getByRole('status').filter({ hasText: 'Moving on to your results in 2 s' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/stage-6');

    await generate.click();
    await notice.waitFor();
    await page.waitForURL(/\/summary$/, { timeout: 5000 });

    // Off in Settings: the report is kept, nobody moves.
    await page.goto(`${env.server.url}/settings`);
    const toggle = page.getByRole('switch', { name: 'Auto Progress' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.goto(`${env.server.url}/stage-6`);
    await generate.click();
    await expect.poll(() => openToast(page).textContent()).toContain('Report ready');
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/stage-6');
    expect(await notice.count()).toBe(0);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('shows the local copy read-only when the server cannot be reached', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.getByRole('textbox', { name: 'Core idea' }).fill('A page that pays visitors in XNO');
    await page.getByRole('textbox', { name: 'Core idea' }).blur();
    await addParameter(page, 'Common Viral Triggers', 'FOMO');

    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: "The server can't be reached." });
    await notice.waitFor();
    // The project took its name from the core idea (issue 26).
    expect(await notice.textContent()).toContain("'A page that pays visitors in XNO'");
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents()).toEqual([...STARTING_TRIGGERS, 'FOMO']);
    expect(await page.getByRole('textbox', { name: 'Core idea' }).inputValue()).toBe('A page that pays visitors in XNO');
    expect(await page.getByRole('textbox', { name: 'Core idea' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reset this stage' }).isDisabled()).toBe(true);
    await screenshotAtWidths(page, 'offline-copy', { fullPage: false });

    // Back online: Try again shows the live project, editable.
    await context.unroute('**/api/**');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Core idea' }).isDisabled()).toBe(false);

    expect(consoleErrors.unexpected([/ERR_CONNECTION_REFUSED|Failed to load resource|WebSocket/])).toEqual([]);
    await context.close();
  });

  it('has an extra small layout under 480 px', async () => {
    const { context, page } = await openPage(env.browser, 400);
    await startPlaying(page, env.server.url);
    // The stage's texts show while its project loads, then the loaded screen renders its own heading: measured once
    // the project is there, so the element measured is the one that stays.
    await page.getByRole('button', { name: 'Reset this stage' }).waitFor();
    const heading = page.getByRole('heading', { name: 'Stage 1: Research & Understanding' });
    const fontSize = () => heading.evaluate((element) => getComputedStyle(element).fontSize);
    expect(await fontSize()).toBe('20px');
    await page.setViewportSize({ width: 600, height: 900 });
    await expect.poll(fontSize).toBe('24px');

    await page.setViewportSize({ width: 400, height: 900 });
    await page.getByRole('button', { name: 'Reset this stage' }).click();
    const confirm = page.getByRole('alert').filter({ hasText: 'Reset stage 1?' });
    const yes = await confirm.getByRole('button', { name: 'Yes, Reset Stage' }).boundingBox();
    const cancel = await confirm.getByRole('button', { name: 'Cancel' }).boundingBox();
    // Stacked: one button under the other.
    expect(cancel!.y).toBeGreaterThan(yes!.y + yes!.height - 1);
    await screenshotAtWidths(page, 'stage-1-extra-small', { fullPage: false, widths: [400] });
    await context.close();
  });
});
