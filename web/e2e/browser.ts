import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { startTestServer } from '../../server/testing.ts';
// eslint-disable-next-line vis/no-relative-packages -- the same harness: how Chromium is started here and in the benchmarks
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../server/testing/chromium.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../test-results');

/** Chromium reports each Content-Security-Policy violation (a refused script, style, frame or connection) on the console. */
export const isPolicyViolation = (text: string) => /Content Security Policy/i.test(text);

const violationsByBrowser = new WeakMap<Browser, string[]>();

/**
 * Every /api/ and /auth/ request a page makes, with what it answered (or how it failed) and how long it took: what
 * a failing test prints, so that a failure seen only on CI explains itself.
 */
export const recordApiRequests = (page: Page) => {
  const started = Date.now();
  const lines: string[] = [];
  const isApi = (url: string) => /\/(api|auth)\//.test(new URL(url).pathname);
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  page.on('request', (request) => isApi(request.url()) && lines.push(`${at()} → ${request.method()} ${request.url()}`));
  page.on(
    'response',
    (response) => isApi(response.url()) && lines.push(`${at()} ← ${response.status()} ${response.request().method()} ${response.url()}`),
  );
  page.on(
    'requestfailed',
    (request) => isApi(request.url()) && lines.push(`${at()} ✗ ${request.failure()?.errorText} ${request.method()} ${request.url()}`),
  );
  return { summary: () => `requests of ${page.url()}:\n${lines.join('\n')}` };
};

/** The policy violations any page of this browser reported since the last call; every e2e test ends with none. */
export const takePolicyViolations = (browser: Browser) => violationsByBrowser.get(browser)?.splice(0) ?? [];

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for the network, which this
 * machine's closed network refuses. Playwright gives every launch a fresh temporary profile (user-data-dir).
 * Every context it opens reports its pages' policy violations (see `takePolicyViolations`).
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await launchChromium();
  const violations: string[] = [];
  violationsByBrowser.set(browser, violations);
  browser.on('context', (context) =>
    context.on('console', (message) => {
      if (isPolicyViolation(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    }),
  );
  return browser;
};

const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });

export const screenshotPath = (name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
};

export const WIDTHS = [1280, 768, 375] as const;

/**
 * Console errors of a page, for the "no console errors" bar; `allow` names failures the test provokes on purpose.
 * A policy violation is never one of them: no pattern lets it through.
 */
export const collectConsoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => (message.type() === 'error' || isPolicyViolation(message.text())) && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    unexpected: (allow: RegExp[] = []) => errors.filter((text) => isPolicyViolation(text) || !allow.some((pattern) => pattern.test(text))),
  };
};

/** The page at each of the three widths (full length unless a dialog is the point), saved under web/test-results/<name>-<width>.png. */
export const screenshotAtWidths = async (
  page: Page,
  name: string,
  { fullPage = true, widths = WIDTHS }: { fullPage?: boolean; widths?: readonly number[] } = {},
) => {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage });
  }
  if (original) await page.setViewportSize(original);
};

/** One embedded server on a fresh data directory and one browser for a test file, as `npm start` would serve it. */
export const useServerAndBrowser = () => {
  const env = {} as { server: Awaited<ReturnType<typeof startTestServer>>; browser: Browser };
  beforeAll(async () => {
    env.server = await startTestServer();
    env.browser = await launchBrowser();
  });
  // Whatever a test checks, the app must run under its Content-Security-Policy without a single violation.
  afterEach(() => {
    if (env.browser) expect(takePolicyViolations(env.browser), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
};

/** The toast on screen (one at a time), or on / (which has no toast area, spec 02 §2.1) the same words shown inline. */
export const openToast = (page: Page) => page.locator('[data-state="open"][data-swipe-direction], [data-inline-toast]');

/** The chips of a stage's parameter list. */
export const chips = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

/** Types a parameter into a list's field and presses Enter, then waits for its chip. */
export const addParameter = async (page: Page, list: string, value: string) => {
  const input = page.getByRole('textbox', { name: `Add your own parameter to ${list}` });
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => chips(page, list).allTextContents(), { timeout: 10_000 }).toContain(value);
};

/** What stage 1's Common Viral Triggers hold in a new project (spec 01 §4 'Stage 1 triggers'). */
export const STARTING_TRIGGERS = ['one-page', 'no physical', 'realistic'];

/** Empties a new project's Common Viral Triggers, for tests that start from an empty list. */
export const clearStartingTriggers = async (page: Page) => {
  await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), { timeout: 10_000 }).toEqual(STARTING_TRIGGERS);
  await page.getByRole('button', { name: 'Clear All Common Viral Triggers' }).click();
  await expect.poll(() => chips(page, 'Common Viral Triggers').allTextContents(), { timeout: 10_000 }).toEqual(['Nothing here yet']);
};

/** A fresh browser profile (a new visitor) with one page; its console errors are collected. */
export const openPage = async (browser: Browser, width: number, options: { colorScheme?: 'light' | 'dark'; acceptDownloads?: boolean } = {}) => {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, consoleErrors: collectConsoleErrors(page) };
};

/** The save indicator's state: 'saved', 'saving' or 'unsaved'. */
export const saveStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /Saved|Saving|Unsaved/ })
    .first()
    .getAttribute('data-status');

/** The landing page's 'Start the Guided Stages', which makes (or finds) the visitor's project and opens stage 1. */
export const startPlaying = async (page: Page, baseUrl: string) => {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Start the Guided Stages' }).click();
  await page.waitForURL(/\/stage-1$/);
};
