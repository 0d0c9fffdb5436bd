import WebSocket from 'ws';
import { createCookieJar } from '../../server/testing/cookie-jar.ts';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: any;
}

export interface RawRequest {
  /** Sent as it is: bad JSON, a form, a huge string. */
  raw?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Default: application/json whenever there is a body. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser-like client of a running server that can also send what no browser would: raw bodies, wrong content
 * types. It keeps its session cookie unless told not to (`keepCookies: false` never sends one either), and sends
 * the server's own Origin on state-changing requests, as a same-site page would.
 */
export const reliabilityClient = (
  baseUrl: () => string,
  { keepCookies = true, headers: fixedHeaders = {} }: { keepCookies?: boolean; headers?: Record<string, string> } = {},
) => {
  const jar = createCookieJar();
  let cookie = '';
  const request = async (method: string, path: string, { raw, json, contentType, headers = {} }: RawRequest = {}): Promise<Reply> => {
    const body = raw ?? (json === undefined ? undefined : JSON.stringify(json));
    const type = contentType === undefined ? (body === undefined ? null : 'application/json') : contentType;
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(type ? { 'content-type': type } : {}),
        ...(SAFE_METHODS.has(method) ? {} : { origin: baseUrl() }),
        ...(cookie ? { cookie } : {}),
        ...fixedHeaders,
        ...headers,
      },
      body,
    });
    if (keepCookies) {
      jar.keep(res);
      cookie = jar.header();
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };
  const call = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => request(method, path, { json, headers });
  /** The local sign-in page's form post (the development stand-in for Google). */
  const signIn = async (email: string, displayName = email.split('@')[0]!) => {
    const res = await request('POST', '/auth/local', {
      raw: new URLSearchParams({ displayName, email }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    if (res.status !== 303) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.text.slice(0, 300)}`);
  };
  /**
   * Opens /ws with this client's cookie, subscribes, and answers the server's `subscribed` reply. With `token`,
   * the socket first presents the operators' token (a script's socket: its first message, never the address).
   */
  const subscribe = async (topics: string[], { token }: { token?: string } = {}) => {
    const ws = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`, { headers: { ...(cookie ? { cookie } : {}), origin: baseUrl() } });
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    if (token) {
      ws.send(JSON.stringify({ type: 'authenticate', token }));
      await waitFor(messages, (message) => message.type === 'authenticated');
    }
    ws.send(JSON.stringify({ type: 'subscribe', topics }));
    const reply = await waitFor(messages, (message) => message.type === 'subscribed');
    return { ws, messages, reply: reply as { type: 'subscribed'; topics: string[]; denied: string[] } };
  };
  return { request, call, signIn, subscribe, cookie: () => cookie };
};

export type ReliabilityClient = ReturnType<typeof reliabilityClient>;

export const waitFor = async <T>(messages: T[], predicate: (message: T) => boolean, timeoutMs = 5000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = messages.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
