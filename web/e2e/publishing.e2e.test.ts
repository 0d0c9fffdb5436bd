import { describe, expect, it } from 'vitest';
import { openPage, openToast, screenshotAtWidths, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** Publishing with intent (issue 26): private links, My ideas, and an empty builder's reason. */
describe('publishing', () => {
  it('opens a private link read-only in another browser, never in the marketplace, and 404s after revoke; My ideas edits and unpublishes', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await startPlaying(page, env.server.url);
    await page.getByRole('textbox', { name: 'Core idea' }).fill('Roast a friend a day; the pool pays the best roast');
    await page.getByRole('textbox', { name: 'Core idea' }).blur();
    await expect.poll(() => page.locator('[data-status]').first().getAttribute('data-status')).toBe('saved');

    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Project Progress' }).waitFor();
    await page.getByRole('button', { name: 'Share Project' }).click();
    const share = page.getByRole('dialog', { name: 'Share Project' });
    await share.getByRole('button', { name: 'Create private link' }).click();
    const linkBox = share.getByRole('list', { name: 'Private links' }).getByRole('textbox');
    await expect.poll(() => linkBox.count()).toBe(1);
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${env.server.url}/shared/[\\w-]+/[\\w-]{32}$`));
    await screenshotAtWidths(page, 'share-dialog', { widths: [1280, 375], fullPage: false });

    const friend = await openPage(env.browser, 375);
    await friend.page.goto(link);
    await friend.page.getByText('Shared with you · read-only').waitFor();
    await friend.page.getByRole('heading', { level: 1, name: 'Roast a friend a day; the pool pays the best roast' }).waitFor();
    expect(await friend.page.getByRole('textbox').count()).toBe(0);
    await screenshotAtWidths(friend.page, 'shared-project', { widths: [375, 1280] });
    const listed = (await (await fetch(`${env.server.url}/api/marketplace/ideas`)).json()) as unknown[];
    expect(listed).toHaveLength(0);

    await share.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => linkBox.count()).toBe(0);
    await friend.page.reload();
    await friend.page.getByRole('heading', { name: 'Link Not Available' }).waitFor();
    expect((await fetch(link.replace('/shared/', '/api/shared/'))).status).toBe(404);
    await share.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => share.count()).toBe(0);

    // Publish, then edit and unpublish it from My ideas.
    await page.getByRole('button', { name: 'Share Project' }).click();
    await share.getByRole('button', { name: 'Publish to the marketplace' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish to the marketplace' });
    await expect.poll(() => publish.getByTestId('publish-description').textContent()).toContain('Roast a friend a day');
    await publish.getByRole('textbox', { name: 'Title' }).fill('   ');
    await publish.getByRole('button', { name: 'Confirm and publish' }).click();
    await publish.getByText('Give your idea a title.').waitFor();
    await publish.getByRole('textbox', { name: 'Title' }).fill('Daily Roast Pool');
    // The refusal was about the blank title: the edited one shows none.
    await expect.poll(() => publish.getByText('Give your idea a title.').count()).toBe(0);
    await screenshotAtWidths(page, 'publish-dialog', { widths: [1280, 375], fullPage: false });
    await publish.getByRole('button', { name: 'Confirm and publish' }).click();
    await page.getByRole('heading', { level: 1, name: 'Daily Roast Pool' }).waitFor();

    await page.goto(`${env.server.url}/marketplace`);
    const mine = page.getByRole('region', { name: 'My ideas' }).or(page.locator('[aria-labelledby="my-ideas-title"]'));
    await mine.getByRole('link', { name: 'Daily Roast Pool' }).waitFor();
    await page.getByRole('article', { name: 'Daily Roast Pool' }).waitFor();
    await mine.getByRole('button', { name: 'Edit Daily Roast Pool' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your idea' });
    await edit.getByRole('textbox', { name: 'Title' }).fill('Roast Pool Daily');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('article', { name: 'Roast Pool Daily' }).waitFor();
    await screenshotAtWidths(page, 'my-ideas', { widths: [1280, 375] });

    await mine.getByRole('button', { name: 'Unpublish Roast Pool Daily' }).click();
    await page.getByRole('dialog', { name: 'Unpublish this idea?' }).getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Your idea is no longer in the marketplace.');
    await expect.poll(() => page.getByRole('article', { name: 'Roast Pool Daily' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'No Ideas Yet' }).waitFor();

    // The blank title's refusal is the one failed request.
    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    expect(friend.consoleErrors.unexpected([/404 \(Not Found\)/])).toEqual([]);
    await friend.context.close();
    await context.close();
  }, 120_000);

  it("refuses to finish an empty builder, showing the server's reason", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 375);
    await page.goto(`${env.server.url}/game`);
    await page.getByRole('heading', { level: 1, name: 'My Viral Idea' }).waitFor();
    // Step 8's finish button, reached through the step grid.
    for (let step = 1; step < 8; step++) {
      await page.getByRole('button', { name: 'Next Step' }).click();
      await page
        .getByText(`Step ${step + 1} of 9`)
        .first()
        .waitFor();
    }
    await page.getByRole('button', { name: 'Finish and View Complete Viral Idea' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Add a core idea on step 1 before finishing');
    expect(await page.getByRole('heading', { name: 'Viral Blueprint Complete!' }).count()).toBe(0);
    await screenshotAtWidths(page, 'builder-empty-finish', { widths: [375], fullPage: false });
    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 60_000);
});
