import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROJECT_FULL_MESSAGE } from '@vis/domain';
import { chips, openPage, saveStatus, screenshotPath, startPlaying, STARTING_TRIGGERS, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** The project the page works on, as the server keeps it (read through the page, with its cookies). */
const storedProject = (page: Page) =>
  page.evaluate(async () => {
    const { projects } = (await (await fetch('/api/projects')).json()) as { projects: { id: string }[] };
    const response = await fetch(`/api/projects/${encodeURIComponent(projects[0]!.id)}`);
    return (await response.json()) as { stages: { stageNumber: number; data: Record<string, unknown> }[] };
  });
const storedStage = async (page: Page, stage: number) => (await storedProject(page)).stages.find((item) => item.stageNumber === stage)!.data;

/** Every answer of a given status the page received, and every leave-page prompt it raised. */
const watch = (page: Page) => {
  const conflicts: string[] = [];
  const prompts: Dialog[] = [];
  page.on('response', (response) => response.status() === 409 && conflicts.push(`${response.request().method()} ${response.url()}`));
  page.on('dialog', (dialog) => {
    prompts.push(dialog);
    void dialog.accept();
  });
  return { conflicts, prompts };
};

/** Stage 5's free texts, with the page's four texts (headline, call to action, visual, explanation) among them. */
const STAGE_FIVE_TEXTS = [
  ['Final concept name', ['finalConceptName']],
  ['One-liner pitch', ['oneLinerPitch']],
  ['Detailed description', ['detailedDescription']],
  ['Headline', ['webpageElements', 'headline']],
  ['Call to action', ['webpageElements', 'cta']],
  ['Visual description', ['webpageElements', 'visualDescription']],
  ['Explanation', ['webpageElements', 'explanation']],
  ['Viral loop explained', ['viralLoopExplained']],
  ['Sustainability loop explained', ['sustainabilityLoopExplained']],
  ['Why micro', ['whyMicro']],
  ['Why no externalities', ['whyNoExternalities']],
  ['Key assumptions & risks', ['keyAssumptionsRisks']],
] as const;

const valueAt = (data: Record<string, unknown>, keys: readonly string[]) =>
  keys.reduce<unknown>((item, key) => (item as Record<string, unknown> | undefined)?.[key], data);

/** Each of stage 5's texts filled in turn (leaving each one saves it), as `<label> <round>`. */
const fillStageFiveTexts = async (page: Page, round: number) => {
  for (const [label] of STAGE_FIVE_TEXTS) await page.getByRole('textbox', { name: label, exact: true }).fill(`${label} ${round}`);
};

/** Waits until the server keeps every one of stage 5's texts as `fillStageFiveTexts` typed them. */
const expectStageFiveTexts = (page: Page, round: number) =>
  expect
    .poll(
      async () => {
        const stored = await storedStage(page, 5);
        return STAGE_FIVE_TEXTS.map(([, keys]) => valueAt(stored, keys));
      },
      { timeout: 10_000 },
    )
    .toEqual(STAGE_FIVE_TEXTS.map(([label]) => `${label} ${round}`));

describe('nothing typed is lost when the page is left at once', () => {
  it('keeps text typed just before a reload, ten times in a row, without asking before leaving', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-4`);
    const field = page.getByRole('textbox', { name: 'Reward flow' });
    for (let round = 1; round <= 10; round++) {
      const text = `A pool of tips paid out daily, try ${round}`;
      await field.click();
      await field.fill(text);
      // Well inside the 2 s debounce: only the page-leaving send can save it.
      expect(await saveStatus(page)).toBe('unsaved');
      await page.reload();
      await expect.poll(async () => (await storedStage(page, 4)).rewardFlow, { timeout: 10_000 }).toBe(text);
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(text);
    }
    expect(await storedStage(page, 4)).toMatchObject({ rewardFlow: 'A pool of tips paid out daily, try 10' });
    await page.screenshot({ path: screenshotPath('save-on-reload-1280') });
    expect(prompts.map((dialog) => dialog.type())).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps text typed just before an address-bar navigation, ten times in a row', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    for (let round = 1; round <= 10; round++) {
      await page.goto(`${env.server.url}/stage-4`);
      const field = page.getByRole('textbox', { name: 'Sustainability check' });
      const text = `The fee refills the pool, try ${round}`;
      await field.click();
      await field.pressSequentially(text.slice(0, 8));
      await field.fill(text);
      await page.goto(`${env.server.url}/dashboard`);
      await expect.poll(async () => (await storedStage(page, 4)).sustainabilityCheck, { timeout: 10_000 }).toBe(text);
    }
    expect(prompts.map((dialog) => dialog.type())).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('every autosaved text', () => {
  /** Types into a field, reloads at once, and finds the text after the reload. */
  const typeAndReload = async (page: Page, url: string, label: string, text: string) => {
    await page.goto(url);
    const field = page.getByRole('textbox', { name: label, exact: true });
    await field.click();
    await field.fill(text);
    await page.reload();
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(text);
  };

  it('is kept through an immediate reload on stages 1, 2, 4 and 5 and in Settings', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    const url = env.server.url;
    await typeAndReload(page, `${url}/stage-1`, 'Core idea', 'A wall where every tip pays the next tipper');
    await typeAndReload(page, `${url}/stage-2`, 'Key insights', 'People tip more when they see the pool grow');
    await typeAndReload(page, `${url}/stage-4`, 'Selected idea name', 'Tip Wall');
    await typeAndReload(page, `${url}/stage-5`, 'Why micro', 'One page, one action');
    await typeAndReload(page, `${url}/settings`, 'Project name', 'Tip Wall project');
    await typeAndReload(page, `${url}/settings`, 'Core idea', 'A wall of tips');
    expect(prompts).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);

  it("is kept through an immediate reload in the nine-step builder's texts", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    const { conflicts, prompts } = watch(page);
    await page.goto(`${env.server.url}/game`);
    await page.getByText('Step 1 of 9', { exact: true }).waitFor();
    await typeAndReload(page, `${env.server.url}/game`, 'Core Idea', 'A tip jar for street musicians');
    await typeAndReload(page, `${env.server.url}/game`, 'Viral Mechanics', 'Every tip shows on the wall');
    expect(prompts).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('typing fast across every text of one stage', () => {
  it("saves all of stage 5's texts, the page's four among them, with no conflict: ten times, leaving by See My Results or the address bar", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    for (let round = 1; round <= 10; round++) {
      await page.goto(`${env.server.url}/stage-5`);
      await page.getByRole('textbox', { name: 'Headline' }).waitFor();
      // Typed, then left at once for the next one: the blur saves overlap, each made on the same loaded revision;
      // the last one is still waiting for its debounce when the page is left.
      await fillStageFiveTexts(page, round);
      expect(await page.getByRole('alert', { name: /changed in another tab/ }).count()).toBe(0);
      if (round % 2 === 1) {
        await page.getByRole('button', { name: 'See My Results' }).click();
        await page.waitForURL(/\/summary$/);
      } else {
        await page.goto(`${env.server.url}/dashboard`);
      }
      await expectStageFiveTexts(page, round);
    }
    expect(conflicts).toEqual([]);
    expect(prompts.map((dialog) => dialog.type())).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('on a slow network', () => {
  /**
   * Every request of the page takes `latency` ms more, as on a phone's mobile connection (Chromium's own throttling),
   * and goes out at `uploadBytesPerSecond` if given.
   */
  const slowNetwork = async (page: Page, latency: number, uploadBytesPerSecond = -1) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: uploadBytesPerSecond });
  };

  it('keeps a parameter added just before the page is left, while its request is still going out on a slow uplink', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), { timeout: 10_000 }).toEqual(STARTING_TRIGGERS);
    // 2 KB a second up: the command's request (its headers and cookies, its body) takes about half a second to go,
    // and the page is left long before that.
    await slowNetwork(page, 100, 2_000);
    const added: string[] = [];
    for (let round = 1; round <= 3; round++) {
      await page.goto(`${env.server.url}/stage-1`);
      const input = page.getByRole('textbox', { name: 'Add your own parameter to Common Viral Triggers' });
      await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), { timeout: 15_000 }).toEqual([...STARTING_TRIGGERS, ...added]);
      const value = `shareable ${round}`;
      await input.fill(value);
      await input.press('Enter');
      added.push(value);
      await page.goto(`${env.server.url}/dashboard`);
      await expect.poll(async () => (await storedStage(page, 1)).viralParameters, { timeout: 15_000 }).toEqual([...STARTING_TRIGGERS, ...added]);
    }
    expect(conflicts).toEqual([]);
    expect(prompts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);

  it("keeps all of stage 5's texts when the page is left while their saves are still on their way or queued", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    const { conflicts, prompts } = watch(page);
    await startPlaying(page, env.server.url);
    await slowNetwork(page, 300);
    for (let round = 1; round <= 3; round++) {
      await page.goto(`${env.server.url}/stage-5`);
      await page.getByRole('textbox', { name: 'Headline' }).waitFor();
      // Each blur saves, one request at a time: when the page goes, one is unanswered and most wait behind it.
      await fillStageFiveTexts(page, round);
      await page.goto(`${env.server.url}/dashboard`);
      await expectStageFiveTexts(page, round);
    }
    expect(conflicts).toEqual([]);
    expect(prompts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);

  it("keeps the nine-step builder's texts when the page is left for another site while their saves are on their way", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const { conflicts, prompts } = watch(page);
    await page.goto(`${env.server.url}/game`);
    await page.getByText('Step 1 of 9', { exact: true }).waitFor();
    await slowNetwork(page, 1000);
    const stored = () =>
      page.evaluate(async () => {
        const { projects } = (await (await fetch('/api/projects')).json()) as { projects: { id: string }[] };
        const project = (await (await fetch(`/api/projects/${encodeURIComponent(projects[0]!.id)}`)).json()) as {
          builder: { coreIdea: string; viralMechanics: string };
        };
        return [project.builder.coreIdea, project.builder.viralMechanics];
      });
    for (let round = 1; round <= 2; round++) {
      const texts = [`A tip jar for street musicians, take ${round}`, `Every tip shows on the wall, take ${round}`];
      await page.getByRole('textbox', { name: 'Core Idea' }).fill(texts[0]!);
      await page.getByRole('textbox', { name: 'Viral Mechanics' }).fill(texts[1]!);
      // Leaving each field saved it: both requests are on their way as the page goes to another site, which
      // needs nothing of this server to show.
      await page.getByRole('textbox', { name: 'Core Idea' }).click();
      await page.goto('about:blank');
      await page.goto(`${env.server.url}/game`);
      await expect.poll(stored, { timeout: 15_000 }).toEqual(texts);
      await expect.poll(() => page.getByRole('textbox', { name: 'Core Idea' }).inputValue(), { timeout: 15_000 }).toBe(texts[0]);
    }
    expect(conflicts).toEqual([]);
    expect(prompts).toEqual([]);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the leave-page prompt', () => {
  it('is not there when everything was sent, and is when a save failed, until it goes through', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const { prompts } = watch(page);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-4`);
    const field = page.getByRole('textbox', { name: 'Reward source' });

    // Saved: leaving asks nothing.
    await field.click();
    await field.fill('A 1.5% fee on every tip');
    await field.press('Tab');
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('saved');
    // Whether the page would ask: a listener cancels a cancelable beforeunload.
    const hasPrompt = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await hasPrompt()).toBe(false);

    // The server cannot be reached: the save fails, the text stays unsaved, and leaving asks first.
    await page.route('**/stages/4/notes', (route) => route.abort('connectionrefused'));
    await field.click();
    await field.fill('A 2% fee on every tip');
    await field.press('Tab');
    await page.getByText('Failed to save project').first().waitFor();
    expect(await saveStatus(page)).toBe('unsaved');
    expect(await hasPrompt()).toBe(true);
    await page.screenshot({ path: screenshotPath('save-failed-prompt-1280') });

    // The real prompt, as a closing tab raises it: staying keeps the page and its text.
    const closing = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    await page.close({ runBeforeUnload: true });
    const prompt = await closing;
    expect(prompt.type()).toBe('beforeunload');

    expect(prompts.length).toBe(1);
    expect(consoleErrors.unexpected([/Failed to load resource/, /ERR_CONNECTION_REFUSED/])).toEqual([]);
    await context.close();
  }, 90_000);

  it('goes away once the failed save is sent again', async () => {
    const { context, page } = await openPage(env.browser, 375);
    const { prompts } = watch(page);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-4`);
    const field = page.getByRole('textbox', { name: 'Reward source' });
    await page.route('**/stages/4/notes', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"Unavailable","message":"Try again"}' }),
    );
    await field.click();
    await field.fill('A 2% fee on every tip');
    await field.press('Tab');
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('unsaved');
    await page.unroute('**/stages/4/notes');
    await field.click();
    await field.press('Tab');
    await expect.poll(() => saveStatus(page), { timeout: 10_000 }).toBe('saved');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(prompts).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('a save the server refuses', () => {
  it("shows the server's reason (a full project), and the text stays unsaved", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await startPlaying(page, env.server.url);
    await page.goto(`${env.server.url}/stage-4`);
    // Filled through the API to a few kB short of the limit (texts of at most 20,000 characters, in requests under 1 MB).
    const { id } = await page.evaluate(async () => ((await (await fetch('/api/projects')).json()) as { projects: { id: string }[] }).projects[0]!);
    const patch = async (stage: number, fields: object) =>
      (await page.request.patch(`${env.server.url}/api/projects/${id}/stages/${stage}/notes`, { data: { fields } })).status();
    const texts = (count: number) => Array.from({ length: count }, () => 'x'.repeat(20_000));
    expect(await patch(2, { caseStudies: texts(44).map((summary) => ({ projectName: 'Tip Wall', summary })) })).toBe(200);
    expect(await patch(5, { targetAudience: texts(44) })).toBe(200);
    // The rest to the last byte: as many whole texts as fit, then the longest last one still taken (a refused write
    // changes nothing), so that no 20,000-character text fits any more.
    const elements = (whole: number, last = 0) => ({
      webpageElements: { otherElements: [...texts(whole), 'x'.repeat(last)].map((description) => ({ name: 'Wall', description })) },
    });
    let whole = 10;
    while ((await patch(5, elements(whole + 1))) === 200) whole++;
    let [taken, refused] = [0, 20_000];
    while (refused - taken > 1) {
      const length = Math.floor((taken + refused) / 2);
      if ((await patch(5, elements(whole, length))) === 200) taken = length;
      else refused = length;
    }
    expect(await patch(5, elements(whole, taken))).toBe(200);
    await page.reload();

    const field = page.getByRole('textbox', { name: 'Messaging strategy' });
    await field.click();
    await field.fill('y'.repeat(20_000));
    await field.press('Tab');
    await page.getByText(PROJECT_FULL_MESSAGE).first().waitFor();
    expect(await saveStatus(page)).toBe('unsaved');
    expect((await storedStage(page, 4)).messagingStrategy ?? '').toBe('');
    await page.screenshot({ path: screenshotPath('save-refused-full-1280') });
    expect(consoleErrors.unexpected([/Failed to load resource/])).toEqual([]);
    await context.close();
  }, 90_000);
});
