import type { Duplex } from 'node:stream';
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshotPath, startPlaying, useServerAndBrowser } from './browser.ts';

const env = useServerAndBrowser();

/** The client id a `/ws/ai-process` address names. */
const clientOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('client');

/** The next `/ws/ai-process` socket the page opens that the server says is ready (within 15 s). */
const nextReadySocket = (page: Page) =>
  new Promise<WebSocket>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', opened);
      reject(new Error('no ai-process socket was opened and made ready within 15 s'));
    }, 15_000);
    const opened = (socket: WebSocket) => {
      if (!socket.url().includes('/ws/ai-process')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"ai_process_ready"')) {
          clearTimeout(timer);
          page.off('websocket', opened);
          resolve(socket);
        }
      });
    };
    page.on('websocket', opened);
  });

describe('AI progress after the ai-process socket drops', () => {
  it('reopens the socket under the same id and shows the next Generate’s progress; a Generate while it is down still answers', async () => {
    // The server's side of each ai-process upgrade: cut as a replica that dies cuts them.
    const upgrades: { url: string; socket: Duplex }[] = [];
    let refuse = false;
    const watch = (request: { url?: string }, socket: Duplex) => {
      if (!request.url?.startsWith('/ws/ai-process')) return;
      if (refuse) socket.destroy();
      else upgrades.push({ url: request.url, socket });
    };
    env.server.httpServer.on('upgrade', watch);
    const { context, page, consoleErrors } = await openPage(env.browser, 1280);
    const sentHeaders: (string | undefined)[] = [];
    page.on('request', (request) => request.url().endsWith('/api/process-idea-stage') && sentHeaders.push(request.headers()['x-ai-process']));
    try {
      await startPlaying(page, env.server.url);
      const first = nextReadySocket(page);
      await page.getByRole('link', { name: 'Idea Generator' }).click();
      await page.waitForURL(/\/generator$/);
      await first;
      expect(upgrades).toHaveLength(1);

      // The server cuts the tab's socket: the tab opens a new one by itself, under the same client id.
      const second = nextReadySocket(page);
      upgrades[0]!.socket.destroy();
      await second;
      expect(upgrades).toHaveLength(2);
      expect(clientOf(upgrades[1]!.url)).toBe(clientOf(upgrades[0]!.url));

      // The reopened socket hears the next request's progress to its end.
      const status = page.getByRole('status').filter({ has: page.getByRole('progressbar', { name: 'Generation progress' }) });
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Complete100%');
      expect(sentHeaders).toEqual([clientOf(upgrades[0]!.url)]);
      await page.waitForTimeout(400);
      await page.screenshot({ path: screenshotPath('ai-process-reconnected-1280') });
      await page.setViewportSize({ width: 375, height: 900 });
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('ai-process-reconnected-375') });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Cut again while the server refuses new sockets: a Generate meanwhile is sent without the header and
      // answers all the same (no progress to show, the bar goes when it ends).
      refuse = true;
      upgrades[1]!.socket.destroy();
      const prompt = page.getByRole('textbox', { name: 'Prompt' });
      await prompt.fill(`${await prompt.inputValue()} (again)`);
      await expect.poll(() => status.count()).toBe(0);
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/process-idea-stage'));
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      expect((await answered).status()).toBe(200);
      expect(sentHeaders).toHaveLength(2);
      expect(sentHeaders[1]).toBeUndefined();
      await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
      expect(await status.count()).toBe(0);

      // Back online: the tab tries at once, and is ready again under the same id.
      refuse = false;
      const third = nextReadySocket(page);
      await context.setOffline(true);
      await context.setOffline(false);
      await third;
      expect(clientOf(upgrades.at(-1)!.url)).toBe(clientOf(upgrades[0]!.url));
      expect(consoleErrors.unexpected([/WebSocket/])).toEqual([]);
    } finally {
      env.server.httpServer.off('upgrade', watch);
      await context.close();
    }
  }, 90_000);
});
