#!/usr/bin/env node
// `npm test`: typecheck, build the web app, make sure Chromium and nginx are there for the browser tests, run every
// test. Browser tests are never skipped silently: without them we install Debian's packages where we can, or stop
// and say exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/**
 * Debian packages the tests run: Chromium for the browser tests, nginx for the services-apart test (the project's
 * own gateway config in front of the three services). Installed where we can (root with apt-get), else we stop
 * and say exactly what to install.
 */
const ensureDebianPackages = () => {
  const needed = [
    { name: 'chromium', binary: CHROMIUM, why: 'the browser tests', override: 'CHROMIUM_PATH' },
    { name: 'nginx', binary: NGINX, why: 'the services-apart test behind nginx', override: 'NGINX_PATH' },
  ].filter(({ binary }) => !existsSync(binary));
  if (needed.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasAptGet) {
    for (const { name, binary, why, override } of needed) {
      console.error(
        `\n${why} need ${name} at ${binary} and it is not installed.\n` +
          `Install it with:  sudo apt-get install -y ${name}\n(or point ${override} at one), then run npm test again.\n`,
      );
    }
    process.exit(1);
  }
  const names = needed.map(({ name }) => name);
  console.log(`Installing Debian's ${names.join(' and ')} for the tests…`);
  // Packages must not start services while installing (nginx would take port 80): the tests start their own.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
};

ensureDebianPackages();
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
