import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { silentLogger } from '@vis/infrastructure';
import { chromium } from 'playwright-core';
import { startEmbedded } from '../server/embedded.ts';

/**
 * The JavaScript the landing page really loads, measured in Chromium rather than read from index.html: the
 * entry, what it preloads, and the lazily loaded route chunks the page fetches before it settles. Each script is
 * gzipped as a server would send it.
 */
export const measureLandingJavaScript = async (webDistDir: string) => {
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts: { file: string; gzipKb: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ file: new URL(response.url()).pathname.slice(1), gzipKb: gzipSync(await response.body()).length / 1024 });
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByText('Start Playing Now!').waitFor();
    return { totalKb: scripts.reduce((sum, script) => sum + script.gzipKb, 0), scripts };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { totalKb, scripts } = await measureLandingJavaScript(path.resolve(import.meta.dirname, '../web/dist'));
  console.log(`${totalKb.toFixed(1)} KB gzipped: ${scripts.map((script) => `${script.file} ${script.gzipKb.toFixed(1)}`).join(', ')}`);
}
