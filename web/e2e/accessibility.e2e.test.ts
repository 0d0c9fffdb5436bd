import { AxeBuilder } from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, openToast, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/**
 * Issue 13's bar, Lighthouse accessibility 100 on every screen: axe (the engine Lighthouse runs) with the WCAG 2.0,
 * 2.1 and 2.2 A/AA rules and the best-practice rules (heading order, one main landmark, landmarks, empty headings…).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const THEMES = ['light', 'dark'] as const;
const SCAN_WIDTHS = [1280, 375] as const;

type Theme = (typeof THEMES)[number];

/** Every screen the router knows, as a visitor with one guided project (and one published idea) sees it. */
const visitorScreens = (ideaId: string) => [
  '/',
  ...[1, 2, 3, 4, 5, 6].map((stage) => `/stage-${stage}`),
  '/generator',
  '/summary',
  '/dashboard',
  '/settings',
  '/marketplace',
  `/marketplace/${ideaId}`,
  '/billing',
  '/game',
  '/subscription',
  '/payment',
  '/auth-test',
  '/no-such-page',
  '/auth/local?returnTo=/',
];

/** What a signed-in user sees differently: the account menu, the points card, their billing and subscription. */
const SIGNED_IN_SCREENS = ['/', '/dashboard', '/billing', '/subscription', '/settings'];

/** Waits until the screen stops changing: its requests answered, no spinner, no transition or animation running. */
const settle = async (page: Page) => {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .animate-spin') &&
        document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(150);
};

/** The violations axe finds on the page (or inside `include`), one readable line per rule and element. */
const scan = async (page: Page, label: string, { popup = false }: { popup?: boolean } = {}) => {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  // An open dropdown menu lives in a portal at the end of <body>, outside the landmarks by design (as Radix, and
  // every menu button, puts it); 'region' is a best-practice rule Lighthouse does not score.
  if (popup) builder = builder.disableRules(['region']);
  const { violations } = await builder.analyze();
  const lines = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${violation.impact ?? ''}) ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
    ),
  );
  if (process.env.A11Y_LOG) for (const line of lines) console.log(line);
  return lines;
};

const visit = async (page: Page, url: string) => {
  await page.goto(url);
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
};

/** Publishes an idea from a new project of the page's visitor, through the API as the web app would call it. */
const publishIdea = (page: Page) =>
  page.evaluate(async () => {
    const post = async (url: string, payload: unknown) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string; project: { id: string } };
    };
    const { project } = await post('/api/projects', {});
    const idea = {
      projectId: project.id,
      title: 'Accessible Tip Jar',
      description: 'A tip jar everyone can use.',
      coreIdea: 'A tip jar that grows.',
    };
    return { ideaId: (await post('/api/marketplace/ideas', idea)).id, projectId: project.id };
  });

/** A new visitor in the given theme: the stored choice and the system preference agree, so every page follows it. */
const openThemedPage = async (theme: Theme) => {
  const opened = await openPage(env.browser, SCAN_WIDTHS[0], { colorScheme: theme });
  await opened.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  // Four of these run side by side, each with axe busy: clicks and loads get more time than the usual 15 s.
  opened.page.setDefaultTimeout(60_000);
  return opened;
};

const signIn = async (page: Page, name: string) => {
  await page.goto(`${env.server.url}/auth/local?returnTo=/dashboard`);
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.com`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
};

/** The dialogs and menus any screen opens: feedback and New Idea from the desktop header, the drawer on mobile. */
const scanShellDialogs = async (page: Page, label: string, width: number) => {
  const found: string[] = [];
  await visit(page, `${env.server.url}/stage-1`);
  if (width >= 768) {
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).waitFor();
    found.push(...(await scan(page, `${label} feedback dialog`)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /^My projects/ }).click();
    await page.getByRole('menu').waitFor();
    found.push(...(await scan(page, `${label} projects menu`, { popup: true })));
    await page.getByRole('menuitem', { name: 'New Idea' }).click();
    await page.getByRole('dialog', { name: 'New Idea' }).waitFor();
    found.push(...(await scan(page, `${label} new idea dialog`)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  } else {
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('dialog', { name: 'Sidebar' }).waitFor();
    found.push(...(await scan(page, `${label} sidebar drawer`)));
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).waitFor();
    found.push(...(await scan(page, `${label} feedback dialog`)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
  return found;
};

/** Waits for a dialog (by its role and name), scans it, and closes it with Escape. */
const scanDialog = async (page: Page, role: 'dialog' | 'alertdialog', name: string | RegExp, label: string) => {
  const dialog = page.getByRole(role, { name });
  await dialog.waitFor();
  const found = await scan(page, label);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return found;
};

/**
 * Issue 26's dialogs and toasts, as the visitor with a guided project and a published idea meets them: the Undo
 * toast of a chip removal, Share (with a private link) and Publish, the import's Replace confirmation, a deletion's
 * confirmation, its Undo toast and the Trash, My ideas' Edit and Unpublish, and a restored version's toast with
 * its Undo.
 */
const scanRecoveryAndPublishing = async (page: Page, label: string, width: number, otherProjectId: string) => {
  const found: string[] = [];
  const base = env.server.url;

  // The landing page has no toast area (spec 02 §2.1): its outcomes show inline, in the page or in an open dialog.
  await visit(page, base);
  if (width < 768) {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('main').locator('[data-inline-toast]').waitFor();
    found.push(...(await scan(page, `${label} / inline status`)));
  } else {
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Send Feedback' });
    await feedback.getByRole('button', { name: 'Submit Feedback' }).click();
    await feedback.getByRole('alert').locator('[data-inline-toast]').waitFor();
    found.push(...(await scanDialog(page, 'dialog', 'Send Feedback', `${label} / inline alert in a dialog`)));
  }

  await visit(page, `${base}/stage-1`);
  const coreIdea = page.getByRole('textbox', { name: 'Core idea' });
  await coreIdea.fill('A tip jar everyone can reach');
  await coreIdea.blur();
  await page.getByRole('button', { name: 'Remove one-page' }).click();
  await openToast(page).getByText("Removed 'one-page'").waitFor();
  // Not undone: with four scans running side by side, the 10 s can be over before this one ends.
  found.push(...(await scan(page, `${label} undo toast`)));

  await visit(page, `${base}/dashboard`);
  await page.getByRole('button', { name: 'Share Project' }).click();
  const share = page.getByRole('dialog', { name: 'Share Project' });
  await share.getByRole('button', { name: 'Create private link' }).click();
  await share.getByRole('list', { name: 'Private links' }).getByRole('textbox').first().waitFor();
  found.push(...(await scan(page, `${label} share dialog with a private link`)));
  await share.getByRole('button', { name: 'Publish to the marketplace' }).click();
  await page.getByRole('dialog', { name: 'Publish to the marketplace' }).getByTestId('publish-description').waitFor();
  found.push(...(await scanDialog(page, 'dialog', 'Publish to the marketplace', `${label} publish dialog`)));

  const myProjects = page.getByRole('region', { name: 'My projects' });
  // The published idea's project goes; the one the visitor works on stays.
  const deleted = await page.evaluate(
    async (id) => ((await (await fetch(`/api/projects/${id}`)).json()) as { project: { name: string } }).project.name,
    otherProjectId,
  );
  await myProjects.getByRole('button', { name: `Delete ${deleted}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete "${deleted}"?` });
  await confirm.waitFor();
  found.push(...(await scan(page, `${label} delete confirmation`)));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await openToast(page).getByRole('button', { name: 'Undo' }).waitFor();
  await page
    .getByRole('region', { name: 'Trash' })
    .getByRole('button', { name: `Restore ${deleted}` })
    .waitFor();
  found.push(...(await scan(page, `${label} trash with the deletion's undo toast`)));

  await visit(page, `${base}/settings`);
  const file = path.join(tmpdir(), `axe-import-${label.replace(/\W+/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ projectName: 'Imported Tip Jar', coreIdea: 'A jar', stages: [] }));
  await page.getByLabel('Project file (JSON)').setInputFiles(file);
  await page.getByRole('button', { name: /^Replace current project/ }).click();
  found.push(...(await scanDialog(page, 'alertdialog', /^Replace ".+"\?$/, `${label} import replace confirmation`)));

  await visit(page, `${base}/marketplace`);
  const mine = page.locator('[aria-labelledby="my-ideas-title"]').or(page.getByRole('region', { name: 'My ideas' }));
  await mine.getByRole('button', { name: 'Edit Accessible Tip Jar' }).click();
  found.push(...(await scanDialog(page, 'dialog', 'Edit your idea', `${label} my ideas edit dialog`)));
  await mine.getByRole('button', { name: 'Unpublish Accessible Tip Jar' }).click();
  found.push(...(await scanDialog(page, 'dialog', 'Unpublish this idea?', `${label} my ideas unpublish confirmation`)));

  const projectId = await page.evaluate(() => localStorage.getItem('currentProjectId'));
  await visit(page, `${base}/projects/${projectId}/history`);
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('button', { name: /Changed the core idea to 'A tip jar everyone can reach'/ })
    .click();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await openToast(page).getByText('Version restored').waitFor();
  found.push(...(await scan(page, `${label} restored version toast`)));
  return found;
};

/**
 * One test per theme and width, run side by side (one server, one browser, a context each): every screen as a visitor, the
 * shell's dialogs, then signed in, the screens that change for an account and the account menu.
 */
describe('accessibility (axe, the rules behind Lighthouse’s accessibility score)', () => {
  for (const theme of THEMES) {
    for (const width of SCAN_WIDTHS) {
      it.concurrent(`finds no violation on any screen, dialog or menu in the ${theme} theme at ${width} px`, { timeout: 900_000 }, async () => {
        const { context, page } = await openThemedPage(theme);
        await page.setViewportSize({ width, height: 900 });
        await startPlaying(page, env.server.url);
        const { ideaId, projectId } = await publishIdea(page);
        const found: string[] = [];

        for (const screen of visitorScreens(ideaId)) {
          await visit(page, `${env.server.url}${screen}`);
          found.push(...(await scan(page, `${theme} ${width} visitor ${screen}`)));
        }
        found.push(...(await scanShellDialogs(page, `${theme} ${width}`, width)));
        found.push(...(await scanRecoveryAndPublishing(page, `${theme} ${width}`, width, projectId)));

        await signIn(page, `Axe ${theme} ${width}`);
        for (const screen of SIGNED_IN_SCREENS) {
          await visit(page, `${env.server.url}${screen}`);
          found.push(...(await scan(page, `${theme} ${width} signed-in ${screen}`)));
        }
        await page.getByRole('button', { name: /^Account menu for/ }).click();
        await page.getByRole('menu').waitFor();
        found.push(...(await scan(page, `${theme} ${width} account menu`, { popup: true })));
        await page.keyboard.press('Escape');

        expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
        await context.close();
      });
    }
  }
});
