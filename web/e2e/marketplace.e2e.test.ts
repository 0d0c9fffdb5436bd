import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, screenshotPath, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

const LONG_DESCRIPTION =
  'A tip jar that fills a shared prize pool whenever a visitor shares it with friends, so the page spreads because every share raises the stakes for everyone who already joined in.';
const ALPHA = 'Alpha Tip Jar That Grows With Every Share';
const BETA = 'Beta Streak Challenge';
const GAMMA = 'Gamma Core Idea Only';
const GAMMA_CORE = 'A daily streak page where friends keep each other going, one tap a day.';

/** Publishes an idea from a new project of the page's visitor, through the API as the web app would call it. */
const publish = (page: Page, idea: { title: string; description?: string; coreIdea?: string }) =>
  page.evaluate(async (body) => {
    const post = async (url: string, payload: unknown) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string; project: { id: string } };
    };
    const { project } = await post('/api/projects', {});
    return (await post('/api/marketplace/ideas', { projectId: project.id, coreIdea: `The core of ${body.title}.`, ...body })).id;
  }, idea);

const likeThroughApi = (page: Page, id: string) =>
  page.evaluate(async (ideaId) => {
    const response = await fetch(`/api/marketplace/ideas/${ideaId}/like`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`like: ${response.status}`);
  }, id);

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Ideas' }).getByRole('heading', { level: 2 }).allTextContents();
const LIST_API = '**/api/marketplace/ideas?*';
/** What may take a moment on a busy machine: a live update, a refetch, a page load. */
const LIVE = { timeout: 10_000 };

describe('/marketplace', () => {
  it('shows six skeletons while loading, the error state with a working Try Again, then the empty state', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);

    // The first answer is late: the skeletons show meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(LIST_API, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${env.server.url}/marketplace`);
    await page.getByRole('heading', { level: 1, name: 'Viral Idea Marketplace' }).waitFor();
    await page.getByRole('status', { name: 'Loading ideas' }).waitFor();
    expect(await page.locator('[data-skeleton]').count()).toBe(6);
    await screenshotAtWidths(page, 'marketplace-loading', { widths: [375] });
    release();
    await page.getByRole('heading', { level: 2, name: 'No Ideas Yet' }).waitFor();
    await page.unrouteAll({ behavior: 'wait' });

    // The list fails: the error state, and Try Again recovers once the server answers again.
    let failing = true;
    await page.route(LIST_API, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal","message":"Something broke."}' })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Error Loading Ideas' }).waitFor();
    await page.getByText('Something broke.').waitFor();
    await screenshotAtWidths(page, 'marketplace-error', { widths: [375] });
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 2, name: 'No Ideas Yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);

    // The empty state and the header's links.
    expect(await page.getByRole('link', { name: 'Create Your Idea' }).getAttribute('href')).toBe('/game');
    expect(await page.getByRole('link', { name: 'Back to Generator' }).getAttribute('href')).toBe('/generator');
    await screenshotAtWidths(page, 'marketplace-empty');

    expect(consoleErrors.unexpected([/status of 500/])).toEqual([]);
    await context.close();
  }, 60_000);

  it('lists published ideas as cards, sorts by most liked, likes from a card and hears another visitor’s like live', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/marketplace`);
    await page.getByRole('heading', { level: 2, name: 'No Ideas Yet' }).waitFor();
    const alpha = await publish(page, { title: ALPHA, description: LONG_DESCRIPTION });
    const beta = await publish(page, { title: BETA, description: 'Keep a streak with friends.' });

    // The page was open: the new ideas arrive live, newest first.
    await expect.poll(() => cardTitles(page), LIVE).toEqual([BETA, ALPHA]);
    const alphaCard = card(page, ALPHA);
    // No image: the placeholder shows the title's first 20 characters.
    expect(await alphaCard.locator('[data-placeholder]').textContent()).toBe(ALPHA.slice(0, 20));
    expect(await alphaCard.getByText('0 views').count()).toBe(1);
    expect(await alphaCard.getByText('0 likes').count()).toBe(1);
    expect(await alphaCard.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await alphaCard.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/marketplace/${alpha}`);
    // Over 150 characters: clamped, with Show more / Show less; the short one has neither.
    expect(await card(page, BETA).getByRole('button', { name: 'Show more' }).count()).toBe(0);
    const description = alphaCard.getByText(LONG_DESCRIPTION);
    expect(await description.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe('3');
    await alphaCard.getByRole('button', { name: 'Show more' }).click();
    expect(await description.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe('none');
    await alphaCard.getByRole('button', { name: 'Show less' }).click();
    await alphaCard.getByRole('button', { name: 'Show more' }).waitFor();

    // Like from the card: the spec's toast and the count moves.
    await alphaCard.getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => openToast(page).textContent(), LIVE).toContain('Success!You liked this idea.');
    await alphaCard.getByText('1 like', { exact: true }).waitFor();

    // Most liked first; the order is kept in the address.
    await page.getByLabel('Sort by').selectOption('likes');
    await expect.poll(() => cardTitles(page), LIVE).toEqual([ALPHA, BETA]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('likes');

    // Another visitor likes Beta twice over: this page did nothing, the live update moves the count and the order.
    const other = await openPage(env.browser, 375);
    await other.page.goto(`${env.server.url}/marketplace`);
    await card(other.page, BETA).waitFor();
    await likeThroughApi(other.page, beta);
    const third = await openPage(env.browser, 768);
    await third.page.goto(`${env.server.url}/marketplace`);
    await card(third.page, BETA).getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => openToast(third.page).textContent(), LIVE).toContain('Success!You liked this idea.');
    await card(page, BETA).getByText('2 likes').waitFor({ timeout: 10_000 });
    await expect.poll(() => cardTitles(page), LIVE).toEqual([BETA, ALPHA]);
    await card(other.page, BETA).getByText('2 likes').waitFor({ timeout: 10_000 });

    await page.getByLabel('Sort by').selectOption('newest');
    await expect.poll(() => cardTitles(page), LIVE).toEqual([BETA, ALPHA]);
    await screenshotAtWidths(page, 'marketplace-cards');
    const dark = await openPage(env.browser, 1280, { colorScheme: 'dark' });
    await dark.page.goto(`${env.server.url}/marketplace`);
    await card(dark.page, ALPHA).waitFor();
    await dark.page.screenshot({ path: screenshotPath('marketplace-cards-dark-1280'), fullPage: true });

    expect(consoleErrors.unexpected()).toEqual([]);
    expect(other.consoleErrors.unexpected()).toEqual([]);
    expect(third.consoleErrors.unexpected()).toEqual([]);
    expect(dark.consoleErrors.unexpected()).toEqual([]);
    await Promise.all([other.context.close(), third.context.close(), dark.context.close()]);
    await context.close();
  }, 90_000);

  it('opens an idea with View Details, shows a description equal to the core idea once, and goes Back to Marketplace', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    await page.goto(`${env.server.url}/marketplace`);
    await card(page, ALPHA).waitFor();
    const gamma = await publish(page, { title: GAMMA, coreIdea: GAMMA_CORE });
    const gammaCard = card(page, GAMMA);
    await gammaCard.waitFor({ timeout: 10_000 });
    // The card's keyboard path: Tab reaches View Details, Enter opens it.
    await gammaCard.getByRole('link', { name: 'View Details' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/marketplace/${gamma}`);
    await page.getByRole('heading', { level: 1, name: GAMMA }).waitFor();
    // The description defaults to the core idea: shown once, under Description.
    await page.getByRole('heading', { level: 2, name: 'Description' }).waitFor();
    expect(await page.getByText(GAMMA_CORE).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Core Idea', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create New Idea' }).getAttribute('href')).toBe('/game');

    await page.getByRole('link', { name: 'Back to Marketplace' }).click();
    await page.waitForURL(/\/marketplace$/);
    await page.getByRole('heading', { level: 1, name: 'Viral Idea Marketplace' }).waitFor();
    // The view the detail page counted shows on the card.
    await card(page, GAMMA).getByText('1 view', { exact: true }).waitFor({ timeout: 10_000 });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 60_000);

  it("shows 'Idea Not Found' for a missing idea, without Try Again and without counting a view", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 768);
    const viewPosts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/view') && viewPosts.push(request.url()));
    await page.goto(`${env.server.url}/marketplace/no-such-idea`);
    await page.getByRole('heading', { name: 'Idea Not Found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    const back = page.getByRole('link', { name: 'Back to Marketplace' });
    expect(await back.getAttribute('href')).toBe('/marketplace');
    await page.waitForTimeout(300);
    expect(viewPosts).toEqual([]);
    await back.click();
    await page.getByRole('heading', { level: 1, name: 'Viral Idea Marketplace' }).waitFor();

    expect(consoleErrors.unexpected([/404 \(Not Found\)/])).toEqual([]);
    await context.close();
  }, 60_000);

  it('loads the next page when the end of the grid scrolls into view, and with Load more', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/marketplace`);
    await card(page, ALPHA).waitFor();
    // 3 ideas so far; 24 more make 27: pages of 12, 12 and 3.
    for (let index = 1; index <= 24; index++) await publish(page, { title: `Paged Idea ${String(index).padStart(2, '0')}` });
    await page.reload();
    const cards = page.getByRole('list', { name: 'Ideas' }).getByRole('article');
    await expect.poll(() => cards.count(), LIVE).toBe(12);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.waitFor();

    // Scrolling to the end loads the second page.
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), LIVE).toBeGreaterThanOrEqual(24);

    // The button alone, in a browser that reports no intersections: a keyboard user's way to the last page.
    const keyboard = await openPage(env.browser, 375);
    await keyboard.page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
    await keyboard.page.goto(`${env.server.url}/marketplace`);
    const keyboardCards = keyboard.page.getByRole('list', { name: 'Ideas' }).getByRole('article');
    await expect.poll(() => keyboardCards.count(), LIVE).toBe(12);
    await keyboard.page.getByRole('button', { name: 'Load more' }).focus();
    await keyboard.page.keyboard.press('Enter');
    await expect.poll(() => keyboardCards.count(), LIVE).toBeGreaterThanOrEqual(24);
    await keyboard.page.getByRole('button', { name: 'Load more' }).focus();
    await keyboard.page.keyboard.press('Enter');
    await expect.poll(() => keyboardCards.count(), LIVE).toBe(27);
    expect(await keyboard.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(new Set(await keyboard.page.getByRole('list', { name: 'Ideas' }).getByRole('heading', { level: 2 }).allTextContents()).size).toBe(27);

    expect(consoleErrors.unexpected()).toEqual([]);
    expect(keyboard.consoleErrors.unexpected()).toEqual([]);
    await keyboard.context.close();
    await context.close();
  }, 90_000);
});
