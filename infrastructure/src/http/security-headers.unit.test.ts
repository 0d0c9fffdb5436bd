import { readFileSync } from 'node:fs';
import path from 'node:path';
import Koa, { type Middleware } from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, webAppSecurityHeaders } from './security-headers.ts';

const answer = async (headers: Middleware) => {
  const app = new Koa();
  app.use(headers);
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  return (await request(app.callback()).get('/')).headers as Record<string, string>;
};

describe('webAppSecurityHeaders', () => {
  it('sends HSTS and upgrades insecure requests in production only', async () => {
    const production = await answer(webAppSecurityHeaders({ production: true, payments: false }));
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(production['content-security-policy']).toContain('upgrade-insecure-requests');
    const development = await answer(webAppSecurityHeaders({ production: false, payments: false }));
    expect(development['strict-transport-security']).toBeUndefined();
    expect(development['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it("names Stripe's hosts only when payments are on", async () => {
    expect((await answer(webAppSecurityHeaders({ production: false, payments: true })))['content-security-policy']).toContain(
      "script-src 'self' https://js.stripe.com;",
    );
    expect((await answer(webAppSecurityHeaders({ production: false, payments: false })))['content-security-policy']).not.toContain('stripe');
  });

  it('lets no inline or evaluated script run', async () => {
    const policy = (await answer(webAppSecurityHeaders({ production: true, payments: true })))['content-security-policy']!;
    expect(policy).toContain("script-src 'self' https://js.stripe.com;");
    expect(policy).toContain("script-src-attr 'none';");
    expect(policy).not.toMatch(/unsafe-(eval|hashes)|script-src[^;]*unsafe-inline/);
  });
});

describe('apiSecurityHeaders', () => {
  it('marks every answer no-store and nosniff, and HSTS in production', async () => {
    const headers = await answer(apiSecurityHeaders({ production: true }));
    expect(headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await answer(apiSecurityHeaders({ production: false })))['strict-transport-security']).toBeUndefined();
  });
});

describe('the nginx gateway of docker compose', () => {
  it('sends the web app the same headers as the embedded server', async () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, '../../docker/nginx.conf'), 'utf8');
    const webApp = conf.slice(conf.indexOf('location / {'));
    const nginx = Object.fromEntries(
      [...webApp.matchAll(/add_header ([\w-]+) "([^"]*)" always;/g)].map(([, name, value]) => [name!.toLowerCase(), value]),
    );
    const sent = await answer(webAppSecurityHeaders({ production: false, payments: false }));
    const embedded = Object.fromEntries(
      Object.entries(sent).filter(([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name)),
    );
    expect(nginx).toEqual(embedded);
  });
});
