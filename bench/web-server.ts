import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentLogger } from '@vis/infrastructure';
import { startEmbedded } from '../server/embedded.ts';

/** A fresh embedded server serving the built web app, for the browser benchmarks; `close` removes its data. */
export const startWebBenchServer = async (webDistDir: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vis-bench-web-'));
  const server = await startEmbedded(
    {
      HOST: '127.0.0.1',
      PORT: 0,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      NODE_ENV: 'test',
      READ_YOUR_WRITES_TIMEOUT_MS: 2000,
      WEB_DIST_DIR: webDistDir,
    },
    silentLogger(),
  );
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
