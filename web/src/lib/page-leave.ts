/**
 * Whether the page is being left (reloaded, navigated away, closed) or hidden: from `pagehide` or a hidden
 * `visibilitychange` until it shows again. Requests sent meanwhile go out as keepalive, so they outlive the page.
 */
let leaving = false;
export const isPageLeaving = () => leaving;
export const setPageLeaving = (value: boolean) => {
  leaving = value;
};

/**
 * The browser keeps at most 64 KB of keepalive bodies in flight (all requests together): a bigger body goes out
 * as an ordinary request, and so does one refused for the quota (a keepalive fetch then rejects at once).
 */
const KEEPALIVE_BODY_LIMIT = 60_000;

export const fetchOutlivingPage = (url: string, init: RequestInit & { body?: string }) => {
  if (!leaving || new TextEncoder().encode(init.body ?? '').length > KEEPALIVE_BODY_LIMIT) return fetch(url, init);
  return fetch(url, { ...init, keepalive: true }).catch((error: unknown) => {
    if (error instanceof TypeError && leaving) return fetch(url, init);
    throw error;
  });
};
