import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_ROUTES } from '@vis/domain/app-routes';

export const NGINX_SITE = path.resolve(import.meta.dirname, '../infrastructure/docker/nginx.conf');
const BEGIN = '# BEGIN app routes: generated from domain/src/contract/app-routes.ts by `npm run nginx:routes`; do not edit';
const END = '# END app routes';
/** Where try_files sends an address that is neither a file nor a screen: a location that answers 404 with the app. */
export const NOT_A_SCREEN = '/.not-a-screen';

/**
 * A route as nginx reads `isAppRoute`'s pattern: `:name` one non-empty segment, case not counting, one trailing
 * slash allowed (nginx has already merged repeated slashes, as the router reads them as one).
 */
const nginxPattern = (route: string) => {
  if (!/^[A-Za-z0-9/:_-]+$/.test(route)) throw new Error(`${route}: only letters, digits, /, :, _ and - can be written into nginx.conf`);
  return route === '/' ? '~^/$' : `~*^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`;
};

/** The map nginx.conf must hold, from the one list the router and the embedded server read. */
export const appRoutesBlock = () =>
  [
    BEGIN,
    'map $uri $web_app_page {',
    `  default ${NOT_A_SCREEN};`,
    ...APP_ROUTES.map((route) => `  ${nginxPattern(route)} /index.html;`),
    '}',
    END,
  ].join('\n');

/** The site file with its generated block as the list says (it must already have the markers). */
export const withAppRoutes = (site: string) => {
  const begin = site.indexOf(BEGIN);
  const end = site.indexOf(END);
  if (begin === -1 || end === -1) throw new Error(`${NGINX_SITE} has lost its "${BEGIN}" … "${END}" markers`);
  return site.slice(0, begin) + appRoutesBlock() + site.slice(end + END.length);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(NGINX_SITE, withAppRoutes(readFileSync(NGINX_SITE, 'utf8')));
  console.log(`${path.relative(process.cwd(), NGINX_SITE)}: app routes written`);
}
