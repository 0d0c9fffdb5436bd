import { readdirSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type * as Domain from '@vis/domain';
import { defineConfig, runnerImport } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The domain package is TypeScript, which the config's own loader does not run: Vite's module runner does.
const { module: domain } = await runnerImport<typeof Domain>('@vis/domain', { configFile: false });

/** The chunk of one screen: named after its module in web/src/app/routes, then a dash and the content hash. */
const SCREEN_CHUNK = new RegExp(
  `^(${readdirSync(new URL('src/app/routes', import.meta.url))
    .map((file) => path.parse(file).name)
    .join('|')})-[\\w-]{8}\\.js$`,
);

const API = 'http://127.0.0.1:3000';
type ProxyRequest = { setHeader: (name: string, value: string) => void };
type BrowserRequest = { headers: Record<string, string | string[] | undefined> };
const asServerOrigin = (proxy: {
  on: (event: 'proxyReq' | 'proxyReqWs', listener: (proxyReq: ProxyRequest, req: BrowserRequest) => void) => unknown;
}) => {
  const rewrite = (proxyReq: ProxyRequest, req: BrowserRequest) => {
    if (req.headers.origin !== undefined && req.headers.origin === `http://${String(req.headers.host)}`) proxyReq.setHeader('origin', API);
  };
  proxy.on('proxyReq', rewrite);
  proxy.on('proxyReqWs', rewrite);
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Each text asset also as .br and .gz beside it, compressed once at build at the highest levels: the server sends
    // the one a browser accepts (koa-static embedded, gzip_static behind nginx) without compressing per request.
    compression({
      include: /\.(js|css|html|svg|txt|json)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  // web/src/features/stages/stage-guides.ts
  define: { __STAGE_GUIDES__: JSON.stringify(domain.STAGE_GUIDES) },
  server: {
    // `npm run dev -w web` talks to a running `npm start` for the APIs. That server answers only its own hosts (421
    // otherwise) and takes state-changing calls only from its own origin: the proxy sends the server's own Host, and
    // presents this page's calls (Origin: this dev server, which itself refuses hosts it does not know) as coming
    // from the server's origin. Any other page's Origin passes unchanged, and is refused there.
    proxy: {
      '/api': { target: API, changeOrigin: true, configure: asServerOrigin },
      '/auth': { target: API, changeOrigin: true, configure: asServerOrigin },
      '/ws': { target: API.replace('http', 'ws'), ws: true, changeOrigin: true, configure: asServerOrigin },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A screen's chunk (web/src/app/routes) has its imports left to the browser's module loader: Vite's helper
    // inserted one <link rel=modulepreload> per import (35 for a stage screen) from script, one long task after the
    // first paint, while the loader asks for them itself, a level at a time, as the stage's project loads beside it
    // (router.tsx). The first page's imports stay preloaded from index.html, and a popup's with it (a tooltip or
    // menu is wanted at once, and has few).
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && SCREEN_CHUNK.test(path.basename(file)) ? [] : deps),
    },
  },
});
