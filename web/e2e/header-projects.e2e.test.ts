import { describe, expect, it } from 'vitest';
import { openPage, screenshotAtWidths, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

describe('the header', () => {
  it('shows a visitor their free plays, signs them in from the header, and logs them out from the user menu', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/dashboard`);
    const header = page.getByRole('banner').filter({ has: page.getByRole('navigation', { name: 'Header' }) });
    await header.getByText('3 free plays left').waitFor();
    await header.getByRole('link', { name: 'Subscribe' }).waitFor();
    expect(await header.getByRole('link', { name: 'Marketplace' }).getAttribute('href')).toBe('/marketplace');
    await screenshotAtWidths(page, 'header-visitor', { fullPage: false });

    await header.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
    await page.getByLabel('Display name').fill('Ann Lee');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);

    // The same plan label as before signing in: a user has the visitor's free plays and no points yet.
    await header.getByRole('link', { name: 'Free · 3 free plays left' }).waitFor();
    await header.getByRole('button', { name: 'Account menu for Ann Lee' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('ann@example.com').waitFor();
    await menu.getByText('Inactive Subscription').waitFor();
    expect(await menu.getByText('Plan: Free', { exact: true }).count()).toBe(1);
    await menu.getByRole('menuitem', { name: 'Manage Subscription' }).waitFor();
    await screenshotAtWidths(page, 'header-user-menu', { fullPage: false, widths: [1280] });

    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/dashboard$/);
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    const user = await (await page.request.get(`${env.server.url}/api/auth/user`)).json();
    expect(user).toMatchObject({ isAuthenticated: false });

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it("keeps a visitor's idea on screen through signing in: the page's first reads wait for the move to the user", async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/stage-1`);
    const coreIdea = page.getByRole('textbox', { name: 'Core idea' });
    await coreIdea.fill('A jar that tips back');
    await expect.poll(() => page.locator('[data-status]').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');

    await page
      .getByRole('banner')
      .filter({ has: page.getByRole('navigation', { name: 'Header' }) })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await page.getByRole('heading', { name: 'Local sign-in (development)' }).waitFor();
    const projectReads: { minPosition: number }[] = [];
    page.on('request', (request) => {
      if (/^\/api\/projects\/[^/]+$/.test(new URL(request.url()).pathname)) {
        projectReads.push({ minPosition: Number(request.headers()['x-min-position'] ?? 0) });
      }
    });
    await page.getByLabel('Display name').fill('Tia Moss');
    await page.getByLabel('Email').fill('tia@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/stage-1$/);

    // The same project, not a new one started because the user's first read found it still the visitor's.
    await expect.poll(() => coreIdea.inputValue()).toBe('A jar that tips back');
    const transferred = (await (await page.request.get(`${env.server.url}/api/projects`)).json()) as { projects: unknown[] };
    expect(transferred.projects).toHaveLength(1);
    // The page's first read of the project already waited for the sign-in's writes, the move included; the page
    // took the cookie that told it away once read.
    const [transfer] = (await env.server.eventStore.readAll()).filter((event) => event.type === 'ProjectTransferred');
    expect(projectReads[0]?.minPosition).toBeGreaterThanOrEqual(Number(transfer!.position));
    expect(await page.evaluate(() => document.cookie)).not.toContain('vis.position');

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });

  it('keeps every project reachable: New Idea asks for a name, the switcher and My projects open either one', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'New Viral Idea', level: 1 }).waitFor();

    await page.getByRole('region', { name: 'My projects' }).getByRole('button', { name: 'New Idea' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Idea' });
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('Give your idea a name').waitFor();
    await dialog.getByLabel('Project name').fill('Tip Wall');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await page.waitForURL(/\/stage-1$/);

    // The switcher lists both, the new one ticked as current; opening the first makes it current again.
    const switcher = page.getByRole('button', { name: 'My projects (current: Tip Wall)' });
    await switcher.click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([expect.stringContaining('Tip Wall'), expect.stringContaining('New Viral Idea'), 'New Idea', 'Manage projects']);
    await screenshotAtWidths(page, 'project-switcher', { fullPage: false, widths: [1280] });
    await page.getByRole('menuitem', { name: /New Viral Idea/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'New Viral Idea', level: 1 }).waitFor();

    // Renamed from My projects, and opened from there: the header follows.
    const myProjects = page.getByRole('region', { name: 'My projects' });
    await myProjects.getByRole('button', { name: 'Rename Tip Wall' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename project' });
    await rename.getByLabel('Project name').fill('Tip Wall Deluxe');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await myProjects.getByRole('button', { name: 'Open Tip Wall Deluxe' }).click();
    await page.getByRole('heading', { name: 'Tip Wall Deluxe', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'My projects (current: Tip Wall Deluxe)' }).waitFor();
    await screenshotAtWidths(page, 'my-projects');

    // Deleted from My projects once confirmed: the current project is forgotten and the other one takes its place.
    await myProjects.getByRole('button', { name: 'Delete Tip Wall Deluxe' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "Tip Wall Deluxe"?' });
    await expect
      .poll(() => confirm.textContent())
      .toMatch(/Tip Wall Deluxe and all its work go to the Trash\. You can restore it from there for 30 days\./);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await myProjects.getByRole('button', { name: 'Delete Tip Wall Deluxe' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'New Viral Idea', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'My projects (current: New Viral Idea)' }).waitFor();
    // The deleted one waits in the Trash, below the list.
    await expect
      .poll(() => myProjects.getByRole('list').first().getByRole('listitem').allTextContents())
      .toEqual([expect.stringContaining('New Viral Idea')]);
    await page.getByRole('region', { name: 'Trash' }).getByText('Tip Wall Deluxe').waitFor();

    expect(consoleErrors.unexpected()).toEqual([]);
    await context.close();
  });
});
