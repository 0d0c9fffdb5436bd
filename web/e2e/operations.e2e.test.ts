import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { startTestServer } from '../../server/testing.ts';
import { launchBrowser, openPage, screenshotAtWidths, takePolicyViolations } from './browser.ts';

const OPS_TOKEN = 'ops-token-for-operations-e2e-0123456789';
const env = {} as { server: Awaited<ReturnType<typeof startTestServer>>; browser: Browser };

beforeAll(async () => {
  env.server = await startTestServer({ opsToken: OPS_TOKEN, config: { OPERATOR_EMAILS: ['ops@example.com'], LOCAL_SIGN_IN_OPERATORS: true } });
  env.browser = await launchBrowser();
}, 90_000);
afterEach(() => {
  if (env.browser) expect(takePolicyViolations(env.browser), 'Content-Security-Policy violations').toEqual([]);
});
afterAll(async () => {
  await env.browser?.close();
  await env.server?.close();
});

const signInAsOperator = async (page: Page) => {
  await page.goto(`${env.server.url}/operations`);
  await page.getByRole('heading', { name: 'Operations is for operators' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Display name').fill('Olive Ops');
  await page.getByLabel('Email').fill('ops@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/operations$/);
};

const card = (page: Page, name: string) => page.getByRole('region', { name });

describe('the Operations screen', () => {
  it('shows an operator every projection live, verifies one, rebuilds one into a new collection, and resumes a stopped one past its event', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    page.setDefaultTimeout(60_000);
    await signInAsOperator(page);

    const projects = card(page, 'projects');
    await expect.poll(() => projects.getByText('Following').count()).toBe(1);
    await projects.getByText('Caught up').waitFor();
    // Which projections process holds its lease: the embedded server's one process owns them all.
    await projects.getByText('Run by').waitFor();
    await projects.getByText('embedded', { exact: true }).waitFor();
    const names = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual(expect.arrayContaining(['projects', 'project_summaries', 'balances', 'feedback', 'stage_funnel', 'project_history']));

    // The account menu leads here and to Analytics.
    await page.getByRole('button', { name: /Account menu for Olive Ops/ }).click();
    await page.getByRole('menuitem', { name: 'Analytics' }).waitFor();
    await page.getByRole('menuitem', { name: 'Operations' }).click();

    await projects.getByRole('button', { name: 'Verify projects' }).click();
    await projects.getByText(/No differences: \d+ documents match the log/).waitFor();

    const collectionBefore = await projects.locator('code').first().textContent();
    await projects.getByRole('button', { name: 'Rebuild projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebuild projects?' });
    await dialog.getByText(/It will read \d+ events/).waitFor();
    await dialog.getByRole('button', { name: 'Start rebuild' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Back to following, in a new collection.
    await expect.poll(async () => (await projects.locator('code').first().textContent()) !== collectionBefore, { timeout: 30_000 }).toBe(true);
    await projects.getByText('Following').waitFor();

    // A poison event: one the code cannot read stops the projections at it; the screen says which and where.
    const { position } = await env.server.eventStore.appendToStream('feedback-poison', [
      { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { message: 42 } },
    ]);
    const feedback = card(page, 'feedback');
    await feedback.getByText('Failed').or(feedback.getByText('Stopped')).first().waitFor({ timeout: 30_000 });
    await feedback.getByRole('alert').getByText(`Stopped at position ${position}`).waitFor();
    await screenshotAtWidths(page, 'operations-stopped');

    await feedback.getByRole('button', { name: 'Skip this event and resume' }).click();
    const skip = page.getByRole('dialog', { name: `Skip the event at position ${position}?` });
    await expect(skip.getByRole('button', { name: 'Skip and resume' }).isDisabled()).resolves.toBe(true);
    await skip.getByLabel('Your name').fill('Olive');
    await skip.getByRole('button', { name: 'Skip and resume' }).click();
    await feedback.getByText('Following').waitFor({ timeout: 30_000 });
    await feedback.getByText('Skipped events (1)').click();
    await feedback.getByText(`Position ${position} (FeedbackSubmitted), by Olive via the ops API`).waitFor();

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('tells a signed-in user who is not an operator what the screen is and who may see it', async () => {
    const { context, page } = await openPage(env.browser, 375);
    await page.goto(`${env.server.url}/operations`);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Display name').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Operations is for operators' }).waitFor();
    await page.getByText('Your account is not an operator.').waitFor();
    await context.close();
  });
});
