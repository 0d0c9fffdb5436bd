import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type * as Domain from '@vis/domain';
import { defineConfig, runnerImport } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The domain package is TypeScript, which the config's own loader does not run: Vite's module runner does.
const { module: domain } = await runnerImport<typeof Domain>('@vis/domain', { configFile: false });

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
    // `npm run dev -w web` talks to a running `npm start` for the APIs.
    proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000', '/ws': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
