import WebSocket from 'ws';
import { createCookieJar } from './testing/cookie-jar.ts';

/**
 * A browser-like client of a running server: keeps its session cookie, reads JSON, opens /ws. `headers` go with
 * every call (e.g. a server's `operator` header, for a script with the ops token).
 */
export const httpClient = (base: string | (() => string), { headers: always = {} }: { headers?: Record<string, string> } = {}) => {
  const baseUrl = () => (typeof base === 'string' ? base : base());
  const jar = createCookieJar();
  let cookie = '';
  const keepCookie = (res: Response) => {
    jar.keep(res);
    cookie = jar.header();
  };
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...always, ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    keepCookie(res);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, body: parsed as any };
  };
  /** A browser form post (sign-in pages), redirects not followed so that a test sees where they lead. */
  const form = async (url: string, fields: Record<string, string>) => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    keepCookie(res);
    return { status: res.status, location: res.headers.get('location'), setCookies: res.headers.getSetCookie(), text: await res.text() };
  };
  const socket = async () => {
    const ws = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`, { headers: { cookie } });
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const next = (predicate: (message: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const found = messages.find(predicate);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), 5000);
        ws.on('message', (raw) => {
          const message = JSON.parse(String(raw));
          if (predicate(message)) {
            clearTimeout(timer);
            resolve(message);
          }
        });
      });
    return { ws, messages, next };
  };
  return { call, form, socket, /** The Cookie header this client sends (to replay it elsewhere). */ cookie: () => cookie };
};

/**
 * A browser-like client whose reads wait for its own last command (`X-Min-Position`), as the web app's do: a test
 * then reads what it just wrote, not whatever the projection had reached.
 */
export const readYourWritesClient = (base: string | (() => string)) => {
  const client = httpClient(base);
  let position = '0';
  const command = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await client.call(method, url, body, headers);
    if (res.body?.position) position = String(res.body.position);
    return res;
  };
  const read = (url: string, headers: Record<string, string> = {}) => client.call('GET', url, undefined, { ...headers, 'X-Min-Position': position });
  return { command, read, socket: client.socket, cookie: client.cookie };
};
