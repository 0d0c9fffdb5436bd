import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, startPlaying, useServerAndBrowser } from './browser.ts';

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
    return (await post('/api/marketplace/ideas', idea)).id;
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
        const ideaId = await publishIdea(page);
        const found: string[] = [];

        for (const screen of visitorScreens(ideaId)) {
          await visit(page, `${env.server.url}${screen}`);
          found.push(...(await scan(page, `${theme} ${width} visitor ${screen}`)));
        }
        found.push(...(await scanShellDialogs(page, `${theme} ${width}`, width)));

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
