import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOutlivingPage, setPageLeaving } from './page-leave.ts';

/** A stand-in for the browser's fetch that records each request's init and answers when told to. */
const deferredFetch = () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const answers: ((response: Response) => void)[] = [];
  const fetch = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        sent.push({ url, init });
        answers.push(resolve);
      }),
  );
  return { fetch, sent, answerAll: () => answers.splice(0).forEach((answer) => answer(new Response('{}'))) };
};

describe('requests that outlive the page', () => {
  let browser: ReturnType<typeof deferredFetch>;
  beforeEach(() => {
    browser = deferredFetch();
    vi.stubGlobal('fetch', browser.fetch);
  });
  afterEach(() => {
    setPageLeaving(false);
    vi.unstubAllGlobals();
  });

  it('sends a change as keepalive from the start, so that leaving the page does not cancel it', async () => {
    void fetchOutlivingPage('/api/projects/p1/parameters', { method: 'POST', body: JSON.stringify({ list: 'viralParameters', value: 'Free' }) });
    expect(browser.sent.map(({ init }) => init.keepalive)).toEqual([true]);
  });

  it('sends a read as an ordinary request, unless the page is already going', async () => {
    void fetchOutlivingPage('/api/projects/p1', { method: 'GET' });
    setPageLeaving(true);
    void fetchOutlivingPage('/api/projects/p1', { method: 'GET' });
    expect(browser.sent.map(({ init }) => init.keepalive)).toEqual([undefined, true]);
  });

  it("keeps the page's keepalive bodies in flight within the browser's quota, and frees a body's share once it is answered", async () => {
    const body = JSON.stringify({ notes: 'x'.repeat(25_000) });
    const sending = [1, 2, 3].map(() => fetchOutlivingPage('/api/projects/p1/stages/5', { method: 'PUT', body }));
    // Two fit in the 60 KB the page allows itself; the third would pass it, and goes out as an ordinary request.
    expect(browser.sent.map(({ init }) => init.keepalive)).toEqual([true, true, undefined]);
    browser.answerAll();
    await Promise.all(sending);
    void fetchOutlivingPage('/api/projects/p1/stages/5', { method: 'PUT', body });
    expect(browser.sent.at(-1)!.init.keepalive).toBe(true);
  });
});
