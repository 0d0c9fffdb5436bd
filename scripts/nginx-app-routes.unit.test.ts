import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appRoutesBlock, NGINX_SITE, withAppRoutes } from './nginx-app-routes.ts';

describe("nginx's list of the web app's screens", () => {
  it('is the one domain/src/contract/app-routes.ts holds (run `npm run nginx:routes` after changing that list)', () => {
    const site = readFileSync(NGINX_SITE, 'utf8');
    expect(site).toContain(appRoutesBlock());
    expect(withAppRoutes(site)).toBe(site);
  });

  it('answers every other address with the 404 location, which serves the app', () => {
    const site = readFileSync(NGINX_SITE, 'utf8');
    expect(site).toContain('try_files $uri $web_app_page;');
    expect(site).toMatch(/location = \/\.not-a-screen \{[^}]*error_page 404 \/index\.html;[^}]*return 404;/);
  });
});
