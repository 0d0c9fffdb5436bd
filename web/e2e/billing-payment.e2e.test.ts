import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** The local sign-in page (no Google client in tests): any name and email, then back where the link said. */
const signInOnLocalPage = async (page: Page, name: string, email: string) => {
  await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** An operator's points coupon, issued with the ops token as account.e2e.test.ts does. */
const issuePointsCoupon = async (page: Page, code: string, points: number) => {
  const issued = await page.request.post(`${env.server.url}/api/ops/coupons`, {
    data: { code, kind: 'points', points },
    headers: env.server.operator,
  });
  expect(issued.status()).toBe(201);
};

const pointsBar = (page: Page) => page.getByRole('region', { name: 'Account Status' }).getByRole('progressbar', { name: 'AI Points' });

describe('Account & Billing (/billing)', () => {
  it('shows a visitor their plan, points and free plays, refuses an empty and a wrong coupon, and signs in back to /billing', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/billing`);
    await page.getByRole('heading', { level: 1, name: 'Account & Billing' }).waitFor();
    const card = page.getByRole('region', { name: 'Account Status' });
    await card.getByText("You're browsing as a visitor.").waitFor();
    expect(await card.getByText('Free', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Premium', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('definition').nth(1).textContent()).toBe('3');
    expect(await pointsBar(page).getAttribute('aria-valuenow')).toBe('0');
    expect(await pointsBar(page).getAttribute('aria-valuemax')).toBe('300');

    // Not subscribed and under 3 points: the hint, with its way to the subscription page.
    const hint = card.getByRole('note');
    await hint.getByText('Need more AI points?', { exact: true }).waitFor();
    expect(await hint.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscription');

    // An empty code never reaches the server.
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Error');
    expect(await openToast(page).textContent()).toContain('Please enter a coupon code.');

    // A wrong code: the server's sentence under 'Failed to redeem coupon'.
    await card.getByRole('textbox', { name: 'Coupon code' }).fill('NOT-A-CODE');
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Failed to redeem coupon');
    expect(await openToast(page).textContent()).toContain('Invalid coupon code');
    await screenshotAtWidths(page, 'billing-visitor');

    // Sign In is a full-page navigation to the sign-in route, which brings the user back here.
    const signIn = card.getByRole('link', { name: 'Sign In' });
    expect(await signIn.getAttribute('href')).toBe('/auth/google?returnTo=/billing');
    await signIn.click();
    await signInOnLocalPage(page, 'Bea Rossi', 'bea@example.com');
    await page.waitForURL(/\/billing$/);
    await card.getByText('Signed in as Bea Rossi (bea@example.com)').waitFor();
    expect(await card.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  });

  it('redeems a points coupon for a signed-in user: the bar moves, the hint goes, and the bar stops at 100%', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/auth/google?returnTo=/billing`);
    await signInOnLocalPage(page, 'Cal Diaz', 'cal@example.com');
    await page.waitForURL(/\/billing$/);
    const card = page.getByRole('region', { name: 'Account Status' });
    await card.getByText('Signed in as Cal Diaz (cal@example.com)').waitFor();
    expect(await pointsBar(page).getAttribute('aria-valuenow')).toBe('0');
    await card.getByText('Need more AI points?', { exact: true }).waitFor();

    await issuePointsCoupon(page, 'BILLING150', 150);
    const code = card.getByRole('textbox', { name: 'Coupon code' });
    await code.fill('billing150');
    await code.press('Enter');
    await expect.poll(() => openToast(page).textContent()).toContain('Coupon redeemed!');
    expect(await openToast(page).textContent()).toContain('Points have been added to your account.');
    // The points are refetched: half of the 300 bar, and enough points for the hint to go.
    await expect.poll(() => pointsBar(page).getAttribute('aria-valuenow')).toBe('150');
    expect(await pointsBar(page).getAttribute('aria-valuetext')).toBe('150 of 300 points');
    await expect.poll(() => card.getByText('Need more AI points?').count()).toBe(0);
    expect(await code.inputValue()).toBe('');
    await screenshotAtWidths(page, 'billing-signed-in');

    // The same coupon twice is refused with the server's sentence.
    await code.fill('BILLING150');
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('You have already redeemed this coupon');

    // Past 300 the number keeps counting while the bar stays full.
    await issuePointsCoupon(page, 'BILLING400', 400);
    await code.fill('BILLING400');
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => card.getByText('550', { exact: true }).count()).toBe(1);
    expect(await pointsBar(page).getAttribute('aria-valuenow')).toBe('300');

    expect(consoleErrors.unexpected([/400 \(Bad Request\)/, /409 \(Conflict\)/])).toEqual([]);
    await context.close();
  });

  it('reads well in dark mode', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280, { colorScheme: 'dark' });
    await page.goto(`${env.server.url}/billing`);
    await page.getByRole('region', { name: 'Account Status' }).getByText('Need more AI points?').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshotAtWidths(page, 'billing-dark');
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});

describe('Payment method (/payment)', () => {
  it('asks for a method, shows the Lightning discount, simulates 1.5 s of processing and lands on the dashboard', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/payment`);
    await page.getByRole('heading', { level: 1, name: 'Payment', exact: true }).waitFor();
    await page.getByRole('main').getByRole('note').getByText('This page is a demonstration.').waitFor();
    expect(await page.getByRole('link', { name: /^support@/ }).getAttribute('href')).toMatch(/^mailto:support@/);
    const total = page.getByTestId('payment-total');
    expect(await total.textContent()).toBe('$4.00 USD');

    const proceed = page.getByRole('button', { name: 'Continue to Payment' });
    await proceed.click();
    await expect.poll(() => openToast(page).textContent()).toContain('Select a payment method');
    expect(page.url()).toMatch(/\/payment$/);

    // A radio group: the arrow keys move between methods.
    const methods = page.getByRole('group', { name: 'Choose a Payment Method' });
    await methods.getByRole('radio', { name: /^Bitcoin/ }).check();
    expect(await total.textContent()).toBe('$4.00 USD');
    await page.keyboard.press('ArrowUp');
    expect(await methods.getByRole('radio', { name: /^Lightning/ }).isChecked()).toBe(true);
    expect(await total.textContent()).toBe('$3.80 USD');
    await page.getByText('Lightning discount (5%)').waitFor();
    await page.getByText('-$0.20').waitFor();
    await screenshotAtWidths(page, 'payment-lightning');

    await proceed.click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    const started = Date.now();
    await expect.poll(() => openToast(page).textContent(), { timeout: 5000 }).toContain('Payment initiated');
    await page.waitForURL(/\/dashboard$/);
    expect(Date.now() - started).toBeGreaterThan(1000);

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});

describe('Authentication test (/auth-test)', () => {
  it('shows the user object signed out, signs in with the link, and logs out with the POST form', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/auth-test`);
    await page.getByRole('heading', { level: 1, name: 'Authentication Test' }).waitFor();
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await status.getByText('Not Authenticated', { exact: true }).waitFor();
    const data = page.getByLabel('User object');
    expect(JSON.parse((await data.textContent())!)).toMatchObject({ isAuthenticated: false, id: null, remainingFreeUses: 3 });
    await screenshotAtWidths(page, 'auth-test-signed-out');

    const signIn = status.getByRole('link', { name: 'Sign in with Google' });
    expect(await signIn.getAttribute('href')).toBe('/auth/google?returnTo=%2Fauth-test');
    await signIn.click();
    await signInOnLocalPage(page, 'Dee Park', 'dee@example.com');
    await page.waitForURL(/\/auth-test$/);
    await status.getByText('Authenticated', { exact: true }).waitFor();
    expect(JSON.parse((await data.textContent())!)).toMatchObject({
      isAuthenticated: true,
      email: 'dee@example.com',
      displayName: 'Dee Park',
      subscriptionStatus: 'Free',
    });
    await screenshotAtWidths(page, 'auth-test-signed-in');

    // Log Out posts the form (logout changes state, so never a GET) and the server sends us back here.
    const logOut = status.getByRole('button', { name: 'Log Out', exact: true });
    expect(await logOut.evaluate((button) => [(button as HTMLButtonElement).form?.method, (button as HTMLButtonElement).form?.action])).toEqual([
      'post',
      `${env.server.url}/auth/logout?returnTo=%2Fauth-test`,
    ]);
    await logOut.click();
    await page.waitForURL(/\/auth-test$/);
    await status.getByText('Not Authenticated', { exact: true }).waitFor();
    expect(JSON.parse((await data.textContent())!)).toMatchObject({ isAuthenticated: false });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
