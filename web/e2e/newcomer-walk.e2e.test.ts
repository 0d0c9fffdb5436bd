import { createPaymentsGateway } from '@vis/command-api';
import { signedWebhook, startFakeStripe, type FakeStripe } from '@vis/command-api/testing';
import { silentLogger } from '@vis/infrastructure';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { startTestServer } from '../../server/testing.ts';
import { launchBrowser, openPage, openToast, screenshotAtWidths, takePolicyViolations } from './browser.ts';
import { FAKE_STRIPE_JS } from './fixtures/fake-stripe-js.ts';

/**
 * Issue 13's "Done means", as one person walks it on one server: the other browser tests check each screen in
 * depth; this one checks that the screens join up, in the order a newcomer meets them.
 */
const WEBHOOK_SECRET = 'whsec_e2e_walk_0123456789';
const LIVE = { timeout: 10_000 };

let fake: FakeStripe;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  fake = await startFakeStripe();
  const payments = createPaymentsGateway({
    stripe: fake.client(),
    priceId: fake.addPrice().id,
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: 'pk_test_e2e_walk',
    logger: silentLogger(),
  });
  [server, browser] = await Promise.all([startTestServer({ overrides: { payments } }), launchBrowser()]);
});
afterEach(() => {
  if (browser) expect(takePolicyViolations(browser), 'Content-Security-Policy violations').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

const header = (page: Page) => page.getByRole('banner').filter({ has: page.getByRole('navigation', { name: 'Header' }) });
const toastText = (page: Page) => openToast(page).innerText();
const stepText = (page: Page, n: number) => page.getByText(`Step ${n} of 9`, { exact: true }).waitFor();
const chipTexts = (page: Page, category: string) => page.getByRole('list', { name: category, exact: true }).getByRole('listitem').allTextContents();
const addValue = async (page: Page, category: string, value: string) => {
  const input = page.getByRole('textbox', { name: `Add a value to ${category}` });
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => chipTexts(page, category), LIVE).toContain(value);
};
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

describe("a newcomer's first visit, end to end", () => {
  it('plays as a visitor, signs in, builds and publishes an idea another visitor likes live, then pays, cancels and logs out', async () => {
    const { context, page, consoleErrors } = await openPage(browser, 1280);
    const base = server.url;

    // A visitor sees their free plays before they hit the wall, and an empty marketplace says so.
    await page.goto(`${base}/`);
    await header(page).getByText('3 free plays left').waitFor();
    await page.goto(`${base}/marketplace`);
    await page.getByRole('heading', { level: 2, name: 'No Ideas Yet' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Create Your Idea' }).getAttribute('href')).toBe('/game');

    // Sign in from the header: the local sign-in page, then back where they were.
    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
    await page.getByLabel('Display name').fill('Nia Okafor');
    await page.getByLabel('Email').fill('nia@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/marketplace$/);
    await header(page).getByRole('button', { name: 'Account menu for Nia Okafor' }).waitFor();
    await header(page).getByRole('link', { name: 'Free · 3 free plays left' }).waitFor();

    // Two guided projects, both reachable from the switcher.
    await page.goto(`${base}/dashboard`);
    const myProjects = page.getByRole('region', { name: 'My projects' });
    for (const name of ['Tip Wall', 'Quiet Hour']) {
      await myProjects.getByRole('button', { name: 'New Idea' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Idea' });
      await dialog.getByLabel('Project name').fill(name);
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await page.waitForURL(/\/stage-1$/);
      await page.goto(`${base}/dashboard`);
    }
    await header(page).getByRole('button', { name: 'My projects (current: Quiet Hour)' }).click();
    await page.getByRole('menuitem', { name: /Tip Wall/ }).click();
    await page.getByRole('heading', { name: 'Tip Wall', level: 1 }).waitFor();
    await header(page).getByRole('button', { name: 'My projects (current: Tip Wall)' }).click();
    await page.getByRole('menuitem', { name: /Quiet Hour/ }).click();
    await page.getByRole('heading', { name: 'Quiet Hour', level: 1 }).waitFor();

    // The nine-step builder: word limits, generation, all nine steps.
    await page.goto(`${base}/game`);
    await stepText(page, 1);
    const coreIdea = page.getByRole('textbox', { name: 'Core Idea' });
    await coreIdea.fill(words(61));
    await page.getByText('60/60 words').waitFor();
    await coreIdea.fill('A wall where every tip pays the next tipper');
    await page.getByText('9/60 words').waitFor();
    await page.getByRole('textbox', { name: 'Viral Mechanics' }).fill(words(41));
    await page.getByText('40/40 words').waitFor();
    await page.getByRole('textbox', { name: 'Viral Mechanics' }).fill('Every tip is shown on the wall');
    await addValue(page, 'Technical Framework', 'Edge functions');
    await page.getByRole('button', { name: 'Generate Parameters' }).click();
    const suggestions = page.getByRole('list', { name: 'Technical Framework suggestions' }).getByRole('button');
    await suggestions.first().waitFor();
    const suggestion = (await suggestions.first().textContent())!.trim();
    await suggestions.first().click();
    await expect.poll(() => chipTexts(page, 'Technical Framework'), LIVE).toContain(suggestion);
    for (const step of [2, 3, 4, 5, 6, 7, 8]) {
      await page.getByRole('button', { name: 'Next Step' }).click();
      await stepText(page, step);
    }
    await page.getByRole('button', { name: 'Generate Enhanced Prompt' }).click();
    await page.getByRole('heading', { level: 3, name: 'Enhanced Prompt' }).waitFor();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await stepText(page, 9);
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Viral Blueprint Complete!' }).waitFor();

    // Publish: lands on the idea's own page.
    await page.getByRole('button', { name: 'Publish to Marketplace' }).click();
    await page.getByRole('dialog', { name: 'Publish to the marketplace' }).getByRole('button', { name: 'Confirm and publish' }).click();
    await page.waitForURL(/\/marketplace\/[^/]+$/);
    const ideaUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'A wall where every tip pays the next tipper' }).waitFor();
    await page.getByRole('button', { name: 'Like (0)' }).waitFor();

    // Someone else likes it; the author's page moves without a reload.
    const other = await openPage(browser, 375);
    await other.page.goto(ideaUrl);
    await other.page.getByRole('button', { name: 'Like (0)' }).click();
    await other.page.getByRole('button', { name: 'Like (1)' }).waitFor(LIVE);
    await page.getByRole('button', { name: 'Like (1)' }).waitFor(LIVE);
    // A page taller than the window: the sidebar's background runs the document's whole length.
    await page.setViewportSize({ width: 1280, height: 600 });
    const [backdropHeight, documentHeight] = await page.evaluate(() => [
      document.querySelector('[data-sidebar-backdrop]')!.getBoundingClientRect().height,
      document.documentElement.scrollHeight,
    ]);
    expect(documentHeight).toBeGreaterThan(600);
    expect(Math.ceil(backdropHeight)).toBeGreaterThanOrEqual(documentHeight);
    await screenshotAtWidths(page, 'walk-idea-liked');

    // The list's states: skeletons while it loads, the error (the query side unreachable) with Try Again, then cards.
    // Every request for the list waits while `held` is set: a live update (the like just now) may refetch the list
    // while the first request is held, and that one must wait and fail like it.
    let held: (() => void)[] | null = [];
    let refuse = false;
    await page.route('**/api/marketplace/ideas?*', async (route) => {
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return refuse ? route.abort('connectionrefused') : route.continue();
    });
    await page.goto(`${base}/marketplace`);
    await expect.poll(() => page.locator('[data-skeleton]').count(), LIVE).toBe(6);
    refuse = true;
    const waiting = held;
    held = null;
    waiting.forEach((release) => release());
    await page.getByRole('heading', { level: 2, name: 'Error Loading Ideas' }).waitFor(LIVE);
    refuse = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    const cards = page.getByRole('list', { name: 'Ideas' }).getByRole('article');
    await expect.poll(() => cards.count(), LIVE).toBe(1);
    await cards.first().getByText('1 like', { exact: true }).waitFor();
    await page.unrouteAll({ behavior: 'wait' });

    // Billing: a points coupon moves the bar.
    const issued = await page.request.post(`${base}/api/ops/coupons`, {
      data: { code: 'WALK-POINTS-90', kind: 'points', points: 90 },
      headers: server.operator,
    });
    expect(issued.status()).toBe(201);
    await page.goto(`${base}/billing`);
    const account = page.getByRole('region', { name: 'Account Status' });
    const bar = account.getByRole('progressbar', { name: 'AI Points' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    await account.getByRole('textbox', { name: 'Coupon code' }).fill('WALK-POINTS-90');
    await account.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => bar.getAttribute('aria-valuenow'), LIVE).toBe('90');
    await header(page).getByRole('link', { name: 'Free with 90 points' }).waitFor(LIVE);

    // Subscription: Stripe.js from the local stand-in, the fake Stripe behind the server; pay, then cancel.
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
    );
    await header(page).getByRole('link', { name: 'Subscription' }).click();
    await page.getByRole('heading', { name: 'Subscribe to Viral Idea Generator' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Payment - $4/month' }).click();
    const form = page.getByRole('form', { name: 'Payment details' });
    await expect.poll(() => form.getByRole('status').first().innerText(), LIVE).toBe('Ready');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => toastText(page), LIVE).toContain('Payment Successful!');
    const [subscriptionId] = [...fake.subscriptions.keys()];
    const { payload, signature } = signedWebhook(fake.event('invoice.paid', fake.payLatestInvoice(subscriptionId!)), WEBHOOK_SECRET);
    const webhook = await fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(webhook.status).toBe(200);
    await page.waitForURL(/\/dashboard$/, LIVE);
    await page.goto(`${base}/subscription`);
    await page.getByRole('heading', { name: 'Subscription Active' }).waitFor(LIVE);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel Subscription?' }).getByRole('button', { name: 'Confirm Cancel' }).click();
    await page
      .getByText(/Your subscription will end on/)
      .first()
      .waitFor(LIVE);
    expect(fake.subscriptions.get(subscriptionId!)!.cancel_at_period_end).toBe(true);

    // The crypto payment page: choose, 'process', back to the dashboard; no money moves.
    await page.goto(`${base}/payment`);
    await page.getByRole('main').getByRole('note').getByText('This page is a demonstration.').waitFor();
    await page.getByRole('radio', { name: /^Lightning/ }).check();
    expect(await page.getByTestId('payment-total').textContent()).toBe('$3.80 USD');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect.poll(() => toastText(page), { timeout: 5000 }).toContain('Payment initiated');
    await page.waitForURL(/\/dashboard$/);

    // Log out from the menu: a visitor again, the user's project no longer shown.
    await header(page).getByRole('button', { name: 'Account menu for Nia Okafor' }).click();
    await page.getByRole('menu').getByText('Active Subscription').waitFor();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor(LIVE);
    expect(await page.getByText('Quiet Hour').count()).toBe(0);

    expect(consoleErrors.unexpected([/ERR_CONNECTION_REFUSED/])).toEqual([]);
    expect(other.consoleErrors.unexpected()).toEqual([]);
    await other.context.close();
    await context.close();
  }, 180_000);
});
