import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_ROUTES, isAppRoute } from '@vis/domain/app-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PATH, startGatewayAlone } from '../server/testing/topology.ts';

const PAGE = '<!doctype html><title>Viral Idea Studio</title>';
let webRoot: string;
let gateway: Awaited<ReturnType<typeof startGatewayAlone>>;

beforeAll(async () => {
  // The web app as the build lays it out: index.html and hashed assets.
  webRoot = mkdtempSync(path.join(tmpdir(), 'vis-gateway-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), PAGE);
  writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  gateway = await startGatewayAlone({ webRoot });
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Each route with its parameters filled in, as a browser would ask for it. */
const screens = APP_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, 'p-1'));
const notScreens = ['/stage-0', '/stage-7', '/nowhere', '/projects/p-1/nope', '/dashboard/x', '/marketplace/a/b', '/assets/missing.js', '/index.htm'];

// npm test installs Debian's nginx (scripts/test.mjs); elsewhere this says why it cannot run.
describe.skipIf(!existsSync(NGINX_PATH))('the nginx gateway, for addresses of the web app', () => {
  it('answers 200 with the app at every screen the router has, as the embedded server does', async () => {
    for (const screen of [...screens, '/stage-1/', '/Stage-2', '/PROJECTS/p-1/History']) {
      expect(isAppRoute(screen), screen).toBe(true);
      const response = await fetch(`${gateway.url}${screen}`);
      expect([screen, response.status, await response.text()]).toEqual([screen, 200, PAGE]);
    }
  });

  it('answers 404 with the app (its own 404 page) at any other address, with the same headers', async () => {
    for (const address of notScreens) {
      expect(isAppRoute(address), address).toBe(false);
      const response = await fetch(`${gateway.url}${address}`);
      expect([address, response.status, await response.text()]).toEqual([address, 404, PAGE]);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('still serves the files the build wrote', async () => {
    const asset = await fetch(`${gateway.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${gateway.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/.not-a-screen`)).status).toBe(404);
  });
});
