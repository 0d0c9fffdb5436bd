import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { opsTokenFor, silentLogger, type Logger } from '@vis/infrastructure';
import { vi } from 'vitest';
import { startEmbedded, type EmbeddedConfig } from './embedded.ts';

/** The whole product on a fresh data directory and a free port, as `npm start` runs it. */
export const startTestServer = async ({
  logger = silentLogger(),
  dataDir,
  opsToken,
  config = {},
  overrides = {},
}: {
  logger?: Logger;
  dataDir?: string;
  opsToken?: string;
  /** Settings over the test defaults (a Stripe key pointed at a local fake, say). */
  config?: Partial<EmbeddedConfig>;
  /** Stand-ins for what configuration would build: Stripe's SDK pointed at a local fake, say. */
  overrides?: Parameters<typeof startEmbedded>[2];
} = {}) => {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'vis-server-'));
  const server = await startEmbedded(
    {
      HOST: '127.0.0.1',
      PORT: 0,
      DATA_DIR: dir,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      NODE_ENV: 'test',
      READ_YOUR_WRITES_TIMEOUT_MS: 2000,
      // A session building the web app elsewhere (beside another session's build) points its browser tests at it.
      WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../web/dist')),
      OPS_TOKEN: opsToken,
      // One address is every visitor of a test; the abuse tests set the limits they exercise.
      RATE_LIMIT_NEW_VISITORS_PER_HOUR: 0,
      RATE_LIMIT_VISITOR_AI_PER_HOUR: 0,
      RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 0,
      // As npm start runs it: the projection engine on its own thread (TEST_PROJECTIONS_THREAD=false: in process).
      PROJECTIONS_THREAD: process.env.TEST_PROJECTIONS_THREAD !== 'false',
      ...config,
    },
    logger,
    overrides,
  );
  // Tests start from a settled server: the log is never empty at start (the public coupon is issued first).
  await vi.waitFor(
    () => {
      if (!server.engine.isCaughtUp()) throw new Error('projections still catching up');
    },
    { timeout: 30_000, interval: 5 },
  );
  // The one given, else the one the server generated in its data directory (as `npm start` does).
  const token = opsTokenFor(dir, opsToken);
  return {
    ...server,
    dataDir: dir,
    opsToken: token,
    /** The header that makes a request an operator's (a script's, the CLIs'): nothing else does from this machine. */
    operator: { authorization: `Bearer ${token}` },
    close: async () => {
      await server.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
};
