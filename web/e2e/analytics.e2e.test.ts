import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { httpClient } from '../../server/testing-client.ts';
// eslint-disable-next-line vis/no-relative-packages -- as above
import { startTestServer } from '../../server/testing.ts';
import { launchBrowser, openPage, screenshotAtWidths, takePolicyViolations } from './browser.ts';

const OPS_TOKEN = 'ops-token-for-analytics-e2e-0123456789';
const LIVE = { timeout: 15_000 };
/** A chart's drawing (its legend's icons are SVGs of their own). */
const CHART = '.recharts-wrapper > svg.recharts-surface';
const env = {} as { server: Awaited<ReturnType<typeof startTestServer>>; browser: Browser };
let ideaId = '';
let projectId = '';
let ann: ReturnType<typeof httpClient>;

beforeAll(async () => {
  env.server = await startTestServer({ opsToken: OPS_TOKEN, config: { OPERATOR_EMAILS: ['ops@example.com'], LOCAL_SIGN_IN_OPERATORS: true } });
  env.browser = await launchBrowser();

  // Real activity through the API: two guided projects, one taken to stage 3 without validating stages 1 and 2,
  // an AI call on a free play, a 10-point coupon, an AI call paid with a point, an idea published, liked twice, viewed once.
  const ok = <T extends { status: number; body: any }>(res: T) => {
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res;
  };
  ann = httpClient(env.server.url);
  const bo = httpClient(env.server.url);
  const cy = httpClient(env.server.url);
  projectId = ok(await ann.call('POST', '/api/projects', {})).body.project.id;
  ok(await bo.call('POST', '/api/projects', {}));
  ok(await ann.call('POST', `/api/projects/${projectId}/advance`, { fromStage: 1, continueAnyway: true }));
  ok(await ann.call('POST', `/api/projects/${projectId}/advance`, { fromStage: 2, continueAnyway: true }));
  ok(await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId }));
  ok(
    await httpClient(env.server.url).call(
      'POST',
      '/api/ops/coupons',
      { code: 'GIFT10', kind: 'points', points: 10 },
      { authorization: `Bearer ${OPS_TOKEN}` },
    ),
  );
  ok(await ann.call('POST', '/api/redeem-coupon', { couponCode: 'gift10' }));
  ok(await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId }));
  ideaId = ok(await ann.call('POST', '/api/marketplace/ideas', { projectId, title: 'The Tip Wall', coreIdea: 'Fans tip creators on a wall' })).body
    .id;
  ok(await bo.call('POST', `/api/marketplace/ideas/${ideaId}/like`, {}));
  ok(await cy.call('POST', `/api/marketplace/ideas/${ideaId}/like`, {}));
  ok(await bo.call('POST', `/api/marketplace/ideas/${ideaId}/view`, {}));
}, 90_000);
afterEach(() => {
  if (env.browser) expect(takePolicyViolations(env.browser), 'Content-Security-Policy violations').toEqual([]);
});
afterAll(async () => {
  await env.browser?.close();
  await env.server?.close();
});

const signInAt = async (page: Page, email: string, name: string) => {
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

const figure = (page: Page, name: string) => page.getByRole('region', { name });

describe('the Analytics screen', () => {
  it('shows an operator the funnel, the AI calls, the spending and the top ideas of real activity, live', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    page.setDefaultTimeout(60_000);
    await page.goto(`${env.server.url}/analytics`);
    await page.getByRole('heading', { name: 'Analytics is for operators' }).waitFor();
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Analytics is for operators' }) })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await signInAt(page, 'ops@example.com', 'Olive Ops');
    await page.waitForURL(/\/analytics$/);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();

    const funnel = figure(page, 'Stage funnel');
    await funnel
      .getByText('2 guided projects. Reached: stage 1 2, stage 2 1, stage 3 1, stage 4 0, stage 5 0, stage 6 0.', { exact: false })
      .waitFor();
    await funnel.getByText('Continued without validation: from stage 1 1, from stage 2 1.', { exact: false }).waitFor();
    // The chart itself: one bar per stage and series, drawn by recharts (hidden from screen readers, the text speaks for it).
    expect(await funnel.locator(CHART).count()).toBe(1);
    // Bars of zero are not drawn: stages 1–3 reached (2, 1, 1), stages 1 and 2 left without validation (1, 1).
    expect(await funnel.locator('.recharts-bar-rectangle').count()).toBe(5);
    await funnel.getByText('Show as a table').click();
    const funnelRows = funnel.getByRole('table', { name: 'Projects per stage' }).getByRole('row');
    expect(await funnelRows.nth(1).innerText()).toMatch(/Stage 1:.*\t2\t1$/);

    const calls = figure(page, 'AI calls');
    await calls.getByText('All providers: 2 succeeded, 0 failed.', { exact: false }).waitFor();
    await calls.getByLabel('Provider').selectOption('gemini');
    await calls.getByText('Gemini: 0 succeeded, 0 failed.', { exact: false }).waitFor();
    await calls.getByLabel('Provider').selectOption('offline');
    await calls.getByText('Offline generator: 2 succeeded, 0 failed.', { exact: false }).waitFor();

    const spending = figure(page, 'Points and coupons');
    await spending.getByText('1 points spent on AI, 10 added by 1 coupon redemption, 0 granted.').waitFor();
    const coupons = spending.getByRole('table', { name: 'Coupons redeemed by code' });
    expect(await coupons.getByRole('row').nth(1).innerText()).toBe('GIFT10\tPoints\t1\t10');
    const payments = spending.getByRole('table', { name: 'AI requests charged and refunded by payment' });
    expect((await payments.getByRole('row').allInnerTexts()).slice(1)).toEqual(['Points\t1\t0', 'Free plays\t1\t0']);

    const top = figure(page, 'Most liked and most viewed ideas');
    const liked = top.getByRole('table', { name: 'Most liked' });
    expect(await liked.getByRole('link', { name: 'The Tip Wall' }).getAttribute('href')).toBe(`/marketplace/${ideaId}`);
    expect(await liked.getByRole('row').nth(1).innerText()).toMatch(/^1\.\s*The Tip Wall\s*\t2\t1\t/);
    expect(await top.getByRole('table', { name: 'Most viewed' }).getByRole('row').count()).toBe(2);

    // Live: another AI call and another view show up without a reload.
    await calls.getByLabel('Provider').selectOption('all');
    await httpClient(env.server.url).call('POST', `/api/marketplace/ideas/${ideaId}/view`, {});
    expect((await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId })).status).toBe(200);
    await calls.getByText('All providers: 3 succeeded, 0 failed.', { exact: false }).waitFor(LIVE);
    await spending.getByText('2 points spent on AI', { exact: false }).waitFor(LIVE);
    await expect.poll(() => top.getByRole('table', { name: 'Most viewed' }).getByRole('row').nth(1).innerText(), LIVE).toMatch(/\t2\t2\t/);

    // The range: the last 24 hours in hourly buckets, kept in the address.
    await page.getByLabel('Range').selectOption('24h');
    await page.waitForURL(/range=24h$/);
    await calls.getByText('AI calls', { exact: true }).waitFor();
    await calls.getByText('All providers: 3 succeeded, 0 failed.', { exact: false }).waitFor();
    await page.getByLabel('Range').selectOption('7d');

    // No accessibility violations (the charts are images to a screen reader; their text and tables are not).
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await screenshotAtWidths(page, 'analytics', { widths: [1280, 375] });
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('offers Try Again when a figure fails to load, and works in dark mode at 375 px', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375, { colorScheme: 'dark' });
    page.setDefaultTimeout(60_000);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${env.server.url}/auth/local?returnTo=/analytics`);
    await signInAt(page, 'ops@example.com', 'Olive Ops');
    await page.waitForURL(/\/analytics$/);

    let failing = true;
    await page.route('**/api/analytics/spending?*', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'The read model is rebuilding.' }),
          })
        : route.continue(),
    );
    await page.reload();
    const spending = figure(page, 'Points and coupons');
    await spending.getByRole('alert').getByText('The read model is rebuilding.').waitFor();
    failing = false;
    await spending.getByRole('button', { name: 'Try Again' }).click();
    await spending.getByText(/^\d+ points spent on AI, /).waitFor();
    await figure(page, 'Stage funnel').locator(CHART).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotAtWidths(page, 'analytics-dark', { widths: [375] });
    expect(consoleErrors.unexpected([/500 \(Internal Server Error\)/])).toEqual([]);
    await context.close();
  });

  it('tells anyone else that Analytics is for operators', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/auth/local?returnTo=/analytics`);
    await signInAt(page, 'ann@example.com', 'Ann Lee');
    await page.waitForURL(/\/analytics$/);
    await page.getByRole('heading', { name: 'Analytics is for operators' }).waitFor();
    await page.getByText('Your account is not an operator.', { exact: false }).waitFor();
    expect(await page.locator(CHART).count()).toBe(0);
    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
