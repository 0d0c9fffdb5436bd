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
 * The browser keeps at most 64 KB of keepalive bodies in flight (all requests together): a body that would take
 * this page's past it goes out as an ordinary request, and so does one refused for the quota while the page is
 * going (a keepalive fetch then rejects at once).
 */
const KEEPALIVE_BODY_LIMIT = 60_000;
let keepaliveBytesInFlight = 0;

const isRead = (method: string | undefined) => method === undefined || method === 'GET' || method === 'HEAD';

/**
 * A change (anything but a read) goes out as keepalive from the start, not only once the page is going: one still
 * on its way when the page is left (a chip added just before, its body not yet uploaded on a slow uplink) is then
 * carried on by the browser instead of cancelled with the page. A read is the page's own, and goes with it.
 */
export const fetchOutlivingPage = (url: string, init: RequestInit & { body?: string }) => {
  if (!leaving && isRead(init.method)) return fetch(url, init);
  const bytes = new TextEncoder().encode(init.body ?? '').length;
  if (keepaliveBytesInFlight + bytes > KEEPALIVE_BODY_LIMIT) return fetch(url, init);
  keepaliveBytesInFlight += bytes;
  return fetch(url, { ...init, keepalive: true })
    .catch((error: unknown) => {
      // Only while the page is going: anywhere else a TypeError is the network's, and sending again could repeat a
      // change the server did receive.
      if (error instanceof TypeError && leaving) return fetch(url, init);
      throw error;
    })
    .finally(() => {
      keepaliveBytesInFlight -= bytes;
    });
};
