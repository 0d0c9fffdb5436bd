import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../server/testing/chromium.ts';
import { cpuAfterFirstPaint, type CpuAfterFirstPaint } from './trace-cpu.ts';
import { startWebBenchServer } from './web-server.ts';

/** The screens measured, as a first visit reaches them. */
export const LIGHTHOUSE_PATHS = ['/', '/stage-1', '/marketplace'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseScores {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  /** The page's main-thread CPU time after its first contentful paint, and the TBT that CPU time alone makes (see `cpuAfterFirstPaint`). */
  cpu: CpuAfterFirstPaint;
  /** Lighthouse's own failure of the run (its scores are then 0), after one more try. */
  error?: string;
}

/**
 * Lighthouse's mobile preset (its default: a mid-range phone on a throttled network, simulated) on a fresh
 * embedded server, with Debian's Chromium and no network: each screen as a first visit loads it.
 */
export const measureLighthouse = async (webDistDir: string): Promise<LighthouseScores[]> => {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'vis-bench-chromium-'));
  const server = await startWebBenchServer(webDistDir);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    userDataDir,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const results: LighthouseScores[] = [];
    const audit = async (screen: string) =>
      (await lighthouse(`${server.url}${screen}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }))!;
    for (const screen of LIGHTHOUSE_PATHS) {
      // A run Lighthouse itself could not finish (a trace it lost) is tried once more before it counts.
      let run = await audit(screen);
      if (run.lhr.runtimeError) run = await audit(screen);
      const { categories, audits, runtimeError } = run.lhr;
      results.push({
        path: screen,
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]),
        ) as LighthouseScores['scores'],
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cpu: cpuAfterFirstPaint(run.artifacts.Trace?.traceEvents ?? []),
        ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
      });
    }
    return results;
  } finally {
    chrome.kill();
    await server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
};

/** The CPU figures as the bench's table and this script print them. */
export const cpuFigures = ({ cpuMs, cpuTbtMs }: CpuAfterFirstPaint) =>
  `after the first paint the page's own CPU ${cpuMs} ms, TBT from it ${cpuTbtMs} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { path: screen, scores, lcpMs, tbtMs, cpu } of await measureLighthouse(path.resolve(import.meta.dirname, '../web/dist'))) {
    console.log(`${screen}: ${JSON.stringify(scores)} LCP ${lcpMs} ms, TBT ${tbtMs} ms, ${cpuFigures(cpu)}`);
  }
}
