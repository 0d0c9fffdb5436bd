import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../server/testing/chromium.ts';
import { startWebBenchServer } from './web-server.ts';

/**
 * The JavaScript the landing page really loads, measured in Chromium rather than read from index.html: the
 * entry, what it preloads, and the lazily loaded route chunks the page fetches before it settles. Each script is
 * counted twice: the bytes that crossed the wire (the server sends the brotli file the build wrote to a browser
 * that accepts it, as Chromium does) and gzipped at level 9, the measure of the earlier budgets.
 */
export const measureLandingJavaScript = async (webDistDir: string) => {
  const server = await startWebBenchServer(webDistDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  try {
    const page = await browser.newPage();
    const scripts: { file: string; gzipKb: number; sentKb: number; encoding: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      const { responseBodySize } = await response.request().sizes();
      scripts.push({
        file: new URL(response.url()).pathname.slice(1),
        gzipKb: gzipSync(body, { level: 9 }).length / 1024,
        sentKb: responseBodySize / 1024,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      });
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByText('Start Playing Now!').waitFor();
    return {
      totalKb: scripts.reduce((sum, script) => sum + script.gzipKb, 0),
      sentKb: scripts.reduce((sum, script) => sum + script.sentKb, 0),
      scripts,
    };
  } finally {
    await browser.close();
    await server.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { totalKb, sentKb, scripts } = await measureLandingJavaScript(path.resolve(import.meta.dirname, '../web/dist'));
  console.log(
    `${sentKb.toFixed(1)} KB sent, ${totalKb.toFixed(1)} KB gzipped: ${scripts.map((script) => `${script.file} ${script.sentKb.toFixed(1)} ${script.encoding} / ${script.gzipKb.toFixed(1)} gzip`).join(', ')}`,
  );
}
