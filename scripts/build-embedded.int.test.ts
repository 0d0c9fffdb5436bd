import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEmbedded, EMBEDDED_NODE_OPTIONS } from './build-embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
// Inside the repository, as dist/embedded is, so that the compiled files resolve node_modules.
mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/build-embedded-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vis-build-embedded-'));
const webDir = mkdtempSync(path.join(os.tmpdir(), 'vis-build-embedded-web-'));
afterAll(() => {
  for (const dir of [outDir, dataDir, webDir]) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded server npm start builds', { timeout: 60_000 }, () => {
  it('is plain JavaScript without keepNames, its projection worker beside it needing no loader', async () => {
    const { main, worker } = await buildEmbedded(outDir);
    for (const file of [main, worker]) expect(readFileSync(file, 'utf8')).not.toMatch(/__name\(|from "tsx|tsx\/esm/);
    expect(path.dirname(worker)).toBe(path.dirname(main));
    expect(path.basename(worker)).toBe('projection-worker.mjs');
  });

  it('is run by npm start with the node options the benchmarks and tests use', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(scripts.start).toMatch(new RegExp(`&& node ${EMBEDDED_NODE_OPTIONS.join(' ')} dist/embedded/main\\.mjs$`));
  });

  it('starts, takes a command, serves the read model its projection thread wrote, and stops on SIGTERM', async () => {
    const { main } = await buildEmbedded(outDir);
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>built web app</title>');
    const child = spawn(process.execPath, [...EMBEDDED_NODE_OPTIONS, main], {
      cwd: ROOT,
      // Its own process group, so that stopping it reaches the whole server.
      detached: true,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDir,
        SESSION_SECRET: 'build-embedded-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        void exited.then((code) => reject(new Error(`the server exited with ${code}: ${output}`)));
      });
      const json = { 'content-type': 'application/json' };
      const created = await fetch(`${url}/api/projects`, { method: 'POST', headers: json, body: JSON.stringify({ project: { name: 'Tip Jar' } }) });
      expect(created.status).toBe(201);
      const cookie = created.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { project } = (await created.json()) as { project: { id: string } };
      const added = await fetch(`${url}/api/projects/${project.id}/parameters`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ list: 'viralParameters', value: 'scarcity' }),
      });
      const command = (await added.json()) as { success: boolean; changed: boolean; position: string };
      expect(command).toMatchObject({ success: true, changed: true });

      // The read model is the projection thread's work: seeing the command in it means the compiled worker ran.
      const read = await fetch(`${url}/api/projects/${project.id}`, { headers: { cookie, 'X-Min-Position': command.position } });
      expect(read.status).toBe(200);
      const { stages } = (await read.json()) as { stages: { stageNumber: number; data: { viralParameters?: string[] } }[] };
      expect(stages.find((stage) => stage.stageNumber === 1)?.data.viralParameters).toContain('scarcity');
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
      // The web app's files come from WEB_DIST_DIR, resolved from the working directory, not from the bundle.
      expect(await (await fetch(`${url}/`)).text()).toContain('built web app');
    } finally {
      // Unless it already exited, whose output the failure above carries.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
