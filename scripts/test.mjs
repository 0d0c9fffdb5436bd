#!/usr/bin/env node
// `npm test`: typecheck, build the web app, make sure Chromium is there for the browser tests, run every test.
// Browser tests are never skipped silently: without Chromium we install Debian's package where we can, or stop
// and say exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const ensureChromium = () => {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasAptGet) {
    console.error(
      `\nThe browser tests need Chromium at ${CHROMIUM} and it is not installed.\n` +
        `Install it with:  sudo apt-get install -y chromium\n` +
        `(or point CHROMIUM_PATH at a Chromium binary), then run npm test again.\n`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
};

ensureChromium();
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('npx', ['eslint', '.', '--cache', '--cache-location', 'node_modules/.cache/eslint/']);
// The tree stays formatted: a change that is not fails here, and `npm run format` fixes it.
run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('npm', ['run', 'build', '-w', 'web']);
// Besides vitest's own report, one plain closing line that any CI can read: "N passed, N failed, N skipped".
const report = path.join(mkdtempSync(path.join(tmpdir(), 'vis-test-')), 'vitest.json');
const tests = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
process.exit(tests.status ?? 1);
