import { describe, expect, it } from 'vitest';
import { openPage, screenshotAtWidths, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('a signed-in user', () => {
  it('signs in on the local sign-in page, lands where they came from, and sees the AI points card move live', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Project Progress' }).waitFor();
    // Visitors have no points card (spec 01 §2: signed-in users only).
    expect(await page.getByRole('region', { name: 'AI points' }).count()).toBe(0);

    await page.goto(`${env.server.url}/auth/google?returnTo=/dashboard`);
    await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
    await page.getByLabel('Display name').fill('Ann Lee');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);

    const card = page.getByRole('region', { name: 'AI points' });
    await card.getByText('You have no points. Please subscribe to get more points.').waitFor();

    // An operator's points coupon, redeemed by this user: the card follows the balance over /ws, no reload.
    const issued = await page.request.post(`${env.server.url}/api/ops/coupons`, {
      data: { code: 'WELCOME40', kind: 'points', points: 40 },
      headers: env.server.operator,
    });
    expect(issued.status()).toBe(201);
    const redeemed = await page.request.post(`${env.server.url}/api/redeem-coupon`, { data: { couponCode: 'welcome40' } });
    expect(await redeemed.json()).toMatchObject({ success: true, points: 40 });
    await card.getByText('Your points are running low. Consider subscribing to get more.').waitFor();
    expect(await card.getByText('40', { exact: true }).count()).toBe(1);
    await screenshotAtWidths(page, 'dashboard-signed-in');

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
