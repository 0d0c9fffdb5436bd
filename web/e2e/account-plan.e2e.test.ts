import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshotPath, screenshotAtWidths, useServerAndBrowser } from './browser.ts';

/**
 * Issue 26, one truth about the account: the server's plan label on every screen, and the phone's top bar with
 * the free-plays counter and the project switcher.
 */
const env = useServerAndBrowser();

const desktopHeader = (page: Page) => page.getByRole('banner').filter({ has: page.getByRole('navigation', { name: 'Header' }) });
/** What contradicted the coupon's unlimited access before, on one screen or another. */
const CONTRADICTIONS = ['Active Subscription', 'Subscription: Free', 'You have no points', 'Please subscribe', 'free plays left'];
const contradictionsOn = async (page: Page) => {
  const text = await page.locator('body').innerText();
  return CONTRADICTIONS.filter((words) => text.includes(words));
};

describe('the plan label', () => {
  it('says "Unlimited by coupon" on every screen for a visitor who redeemed the public coupon and signed in', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const base = env.server.url;
    const { code } = (await (await page.request.get(`${base}/api/public-coupon`)).json()) as { code: string };

    // A visitor: Free with the free plays counter and Subscribe, until the public coupon.
    await page.goto(`${base}/billing`);
    const header = desktopHeader(page);
    await header.getByRole('link', { name: 'Free · 3 free plays left' }).waitFor();
    await header.getByRole('link', { name: 'Subscribe' }).waitFor();
    const account = page.getByRole('region', { name: 'Account Status' });
    await account.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await account.getByRole('button', { name: 'Apply' }).click();
    await header.getByRole('link', { name: 'Unlimited by coupon' }).waitFor();
    // Nothing left to buy: the header no longer offers it.
    expect(await header.getByRole('link', { name: 'Subscribe' }).count()).toBe(0);

    await header.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
    await page.getByLabel('Display name').fill('Uma Lind');
    await page.getByLabel('Email').fill('uma@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/billing$/);

    // Header and Billing.
    await header.getByRole('button', { name: 'Account menu for Uma Lind' }).waitFor();
    await header.getByRole('link', { name: 'Unlimited by coupon' }).waitFor();
    const subscription = account.locator('dt', { hasText: 'Subscription' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => subscription.innerText()).toBe('Unlimited by coupon');
    expect(await contradictionsOn(page)).toEqual([]);
    await screenshotAtWidths(page, 'plan-coupon-billing', { widths: [1280, 375] });

    // The user menu: no subscription exists, and the plan is the same.
    await header.getByRole('button', { name: 'Account menu for Uma Lind' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Plan: Unlimited by coupon').waitFor();
    await menu.getByText('Inactive Subscription').waitFor();
    expect(await contradictionsOn(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('plan-coupon-user-menu-1280') });
    await page.keyboard.press('Escape');

    // The dashboard's points card: the plan, and no warning about points a coupon user never spends.
    await page.goto(`${base}/dashboard`);
    const points = page.getByRole('region', { name: 'AI points' });
    await points.getByText('Plan: Unlimited by coupon').waitFor();
    expect(await contradictionsOn(page)).toEqual([]);
    await screenshotAtWidths(page, 'plan-coupon-dashboard', { widths: [1280, 375] });

    // The subscription page.
    await page.goto(`${base}/subscription`);
    await page.getByRole('heading', { name: 'Unlimited Access' }).waitFor();
    await page.getByText('Status: Unlimited by coupon').waitFor();
    expect(await contradictionsOn(page)).toEqual([]);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('the top bar on a phone (375 px)', () => {
  it('carries the free-plays counter and the project switcher without overflow, and a tap leaves no tooltip open', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${env.server.url}/dashboard`);

    const bar = page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Open sidebar' }) });
    const counter = bar.getByRole('link', { name: 'Free · 3 free plays left' });
    const switcher = bar.getByRole('button', { name: /^My projects/ });
    await counter.waitFor();
    await switcher.waitFor();
    const inView = async (locator: typeof counter) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375 && box.width > 40;
    };
    expect(await inView(counter)).toBe(true);
    expect(await inView(switcher)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A tap on the theme toggle switches the theme and opens no tooltip over Save and Sign In; nor does a second.
    const toggle = bar.getByRole('button', { name: 'Switch to dark mode' });
    await toggle.tap();
    await bar.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await page.waitForTimeout(1200);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await bar.getByRole('button', { name: 'Switch to light mode' }).tap();
    await page.waitForTimeout(1200);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    // Save and Sign In are what a tap there reaches.
    for (const name of ['Save', 'Sign In']) {
      const control = bar.getByRole(name === 'Save' ? 'button' : 'link', { name, exact: true });
      const box = (await control.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a, button')?.textContent?.trim() ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit).toBe(name);
    }
    await page.screenshot({ path: screenshotPath('phone-top-bar-375') });

    // The switcher opens its menu on a phone too.
    await switcher.tap();
    await page.getByRole('menu').waitFor();
    await page.screenshot({ path: screenshotPath('phone-project-switcher-375') });

    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("the theme toggle's tooltip", () => {
  it("still names the toggle for a keyboard's focus", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('heading', { name: 'Game Settings' }).waitFor();
    await page.keyboard.press('Tab');
    // A focus given after a key press is a keyboard's (:focus-visible), as Tab's own would be.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Switch to dark mode' }).focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Switch to dark mode');
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
