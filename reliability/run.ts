/**
 * `npm run test:reliability`: the full reliability suite (RELIABILITY_FULL=1: 10,000 generated bad requests, 20
 * crash rounds; the same files run short inside `npm test`), then docs/reliability.md from the figures the run
 * left behind. What is written by hand below the marker in that file survives a new run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SectionFigures } from './support/figures.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = mkdtempSync(path.join(os.tmpdir(), 'vis-reliability-'));
const report = path.join(results, 'vitest.json');
const started = new Date();

const run = spawnSync(
  'npx',
  ['vitest', 'run', 'reliability', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_FULL: '1', RELIABILITY_RESULTS_DIR: results },
  },
);

const vitest = existsSync(report)
  ? (JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number })
  : undefined;
const SECTIONS = ['authorization', 'bad-input', 'crash', 'load', 'money'];
const sections = SECTIONS.map((name) => {
  const file = path.join(results, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SectionFigures) : { section: name, missing: true as const };
});
rmSync(results, { recursive: true, force: true });

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const table = (figures: SectionFigures) =>
  [
    '| attack | tried | failed | failing cases (first few) |',
    '|---|---:|---:|---|',
    ...figures.attacks.map(
      (figure) =>
        `| ${cell(figure.attack)} | ${figure.tried} | ${figure.failed} | ${cell((figure.examples ?? []).map((example) => example.slice(0, 200)).join('<br>'))} |`,
    ),
  ].join('\n');

const figure = (value: number | undefined) => (value === undefined ? '–' : String(value));
const ledgerTable = (figures: SectionFigures) =>
  figures.ledger?.length
    ? `\n\n| burst | tried | limit | passed | charged | delivered | model calls |\n|---|---:|---:|---:|---:|---:|---:|\n${figures.ledger
        .map(
          (line) =>
            `| ${cell(line.attack)} | ${line.tried} | ${figure(line.limit)} | ${line.passed} | ${figure(line.charged)} | ${figure(line.delivered)} | ${figure(line.asked)} |`,
        )
        .join('\n')}`
    : '';

const body = sections
  .map((figures) =>
    'missing' in figures
      ? `## ${figures.section}\n\nNo figures: this part did not finish (see the run's output).\n`
      : `## ${figures.title}\n\n${figures.checks}\n\n${table(figures)}${ledgerTable(figures)}\n\n${(figures.notes ?? []).map((note) => `${note}\n`).join('\n')}${figures.notes?.length ? '\n' : ''}Took ${figures.seconds} s.\n`,
  )
  .join('\n');

const totals = sections.flatMap((figures) => ('missing' in figures ? [] : figures.attacks));
const tried = totals.reduce((sum, figure) => sum + figure.tried, 0);
const failed = totals.reduce((sum, figure) => sum + figure.failed, 0);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const doc = `# Reliability

Produced by \`npm run test:reliability\` on ${started.toISOString().slice(0, 10)}, ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.
The same files run a short, fixed-seed version inside \`npm test\` (2,000 bad requests, 3 crash rounds); this is the long one.
Tests: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed of ${vitest.numTotalTests}` : 'no vitest report (the run did not finish)'}.
Attacks: ${tried} cases tried, ${failed} failed.

${body}`;

const target = path.join(root, 'docs/reliability.md');
const NOTES = '<!-- notes: kept by npm run test:reliability -->';
const notes = existsSync(target) && readFileSync(target, 'utf8').includes(NOTES) ? readFileSync(target, 'utf8').split(NOTES)[1]! : '\n';
writeFileSync(target, `${doc}\n${NOTES}${notes}`);
console.log(`\nReliability: ${tried} cases tried, ${failed} failed. Written to docs/reliability.md`);
process.exit(run.status ?? 1);
