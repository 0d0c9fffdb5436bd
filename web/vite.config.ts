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

/**
 * The stage screen's chunk, whose imports go three levels deep (stage → its components → what they import). Its
 * deeper imports (six chunks) are preloaded when the stage chunk is asked for, so the loader's chain is two levels
 * on a first visit, not three; its direct imports (two dozen) the browser asks for itself on reading the chunk,
 * as before: preloading all of them from script was one long task after the first paint.
 */
const STAGE_CHUNK = /^stage-[\w-]{8}\.js$/;
/** Each chunk's static imports, read from the bundle before Vite's preload pass asks resolveDependencies. */
const chunkImports = new Map<string, readonly string[]>();
const beyondDirectImports = (file: string, deps: string[]) => {
  const direct = new Set(chunkImports.get(file));
  return deps.filter((dep) => dep !== file && !direct.has(dep));
};

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
    {
      name: 'vis:chunk-imports',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          for (const output of Object.values(bundle)) if (output.type === 'chunk') chunkImports.set(output.fileName, output.imports);
        },
      },
    },
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
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js' || !SCREEN_CHUNK.test(path.basename(file))) return deps;
        return STAGE_CHUNK.test(path.basename(file)) ? beyondDirectImports(file, deps) : [];
      },
    },
  },
});
