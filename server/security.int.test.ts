import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const EVIL = 'https://evil.example';

/** A GET whose body is read to the end (an unread one is cut off when the server closes, which Koa logs). */
const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** A policy header as directive → sources. */
const policyOf = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

/** Opens a WebSocket as a page of `origin` would: 'open', or the status the server refused it with. */
const upgrade = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number | 'open'>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_, response) => resolve(response.statusCode ?? 0));
    ws.once('error', reject);
  });

describe('the web app’s HTML', () => {
  it('carries a policy that runs no inline script and loads nothing from elsewhere, and may not be framed', async () => {
    for (const page of ['/', '/stage-2', '/marketplace/some-idea']) {
      const res = await get(`${server.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = policyOf(res.headers.get('content-security-policy'));
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      // Radix's scroll lock writes a <style> element (see webAppSecurityHeaders).
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Outside production: HSTS would pin localhost to HTTPS in the developer's browser.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('has no inline script for that policy to refuse: the theme script is a file of the app', async () => {
    const { text: html } = await get(`${server.url}/`);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // The theme is set before the first paint: a classic script in <head>, before the app's module.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/theme\.js"><\/script>/);
    const theme = await get(`${server.url}/theme.js`);
    expect(theme.status).toBe(200);
    expect(theme.headers.get('content-type')).toMatch(/javascript/);
    expect(theme.text).toContain("localStorage.getItem('theme')");
    expect(readFileSync(path.resolve(import.meta.dirname, '../web/index.html'), 'utf8')).not.toMatch(/<script>/);
  });

  it('sends the same headers with the app’s scripts and styles', async () => {
    const { text: html } = await get(`${server.url}/`);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const res = await get(`${server.url}${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('API answers', () => {
  it('are never stored by a cache, from both APIs, errors included', async () => {
    const ann = httpClient(server.url);
    const created = await ann.call('POST', '/api/projects', {});
    const answers = [
      created,
      await ann.call('GET', '/api/projects'),
      // The read waits for the create, as the web app's does: otherwise it races the projection (404 on a busy CI).
      await ann.call('GET', `/api/projects/${created.body.project.id}`, undefined, {
        'X-Min-Position': String(created.body.position),
      }),
      await ann.call('GET', '/api/projects/no-such-project'),
      await ann.call('POST', '/api/feedback', { message: '' }),
      await ann.call('POST', '/api/no-such-call', {}),
      await ann.call('GET', '/api/user-points'),
    ];
    expect(answers.map((res) => res.status)).toEqual([201, 200, 200, 404, 400, 404, 200]);
    for (const res of answers) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(policyOf(res.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"]);
    }
  });

  it('include the sign-in pages: no script, inline style only, forms back to this site', async () => {
    const res = await get(`${server.url}/auth/local`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const policy = policyOf(res.headers.get('content-security-policy'));
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy).not.toHaveProperty('script-src');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});

describe('requests from another site, through the embedded server', () => {
  it('refuses a state-changing call with a foreign Origin, and accepts it from this site', async () => {
    const ann = httpClient(server.url);
    const id = (await ann.call('POST', '/api/projects', {})).body.project.id as string;
    const refused = await ann.call('POST', `/api/projects/${id}/reset`, undefined, { origin: EVIL });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: 'Forbidden', message: `Cross-site request refused: Origin ${EVIL} is not this site` });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await ann.call('POST', `/api/projects/${id}/reset`, undefined, { origin: server.url })).status).toBe(200);
  });

  it('refuses the operators’ rebuild from another site’s page, even one that carries an operator’s credentials', async () => {
    const res = await fetch(`${server.url}/api/ops/projections/projects/rebuild`, { method: 'POST', headers: { ...server.operator, origin: EVIL } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, error: 'Forbidden' });
  });

  it('refuses /ws and /ws/ai-process to another site’s page, and opens them for this site’s', async () => {
    const ws = server.url.replace('http', 'ws');
    expect(await upgrade(`${ws}/ws`, { origin: EVIL })).toBe(403);
    expect(await upgrade(`${ws}/ws/ai-process?client=tab-1`, { origin: EVIL })).toBe(403);
    expect(await upgrade(`${ws}/ws`, { origin: server.url })).toBe('open');
    expect(await upgrade(`${ws}/ws/ai-process?client=tab-1`, { origin: server.url })).toBe('open');
  });
});

describe('with payments configured', () => {
  it("allows Stripe's script, API and frames on the web app, and only then", async () => {
    const paying = await startTestServer({
      config: { STRIPE_SECRET_KEY: 'sk_test_not_a_real_key', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_PRICE_ID: 'price_test' },
    });
    try {
      const policy = policyOf((await get(`${paying.url}/`)).headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'https://js.stripe.com']);
      expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    } finally {
      await paying.close();
    }
    const policy = policyOf((await get(`${server.url}/`)).headers.get('content-security-policy'));
    expect(JSON.stringify(policy)).not.toContain('stripe');
    expect(policy['frame-src']).toEqual(["'none'"]);
  });
});
