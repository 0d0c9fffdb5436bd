import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDocumentStore } from '@vis/infrastructure';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const backup = (dataDir: string, target: string) =>
  run(process.execPath, ['--import', 'tsx', 'infrastructure/src/backup-cli.ts', target], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
  });

describe('npm run backup', () => {
  it('copies a running server consistently while commands keep coming, and the copy starts as a working server', async () => {
    const dataDir = tempDir('vis-backup-source-');
    const server = await startTestServer({ dataDir });
    const ann = httpClient(server.url);
    const created = await ann.call('POST', '/api/projects', { project: { name: 'Kept safe', coreIdea: 'Survives a restore' } });
    expect(created.status).toBe(201);
    const id = created.body.project.id as string;

    // Writes go on during the backup: the copy holds a prefix of the log, whole events only.
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) await ann.call('POST', `/api/projects/${id}/parameters`, { value: `during backup ${n++}` });
      return n;
    })();
    const target = path.join(tempDir('vis-backup-target-'), 'copy');
    const { stdout } = await backup(dataDir, target);
    writing = false;
    await writes;
    expect(stdout).toContain(`backup of ${dataDir} written to ${target}`);
    await server.close();

    const restored = await startTestServer({ dataDir: target });
    try {
      const events = await restored.eventStore.readStream(`project-${id}`);
      expect(events[0]!.type).toBe('ProjectCreated');
      // Revisions run 0, 1, 2… with no hole: the copy is one moment of the log.
      expect(events.map((event) => Number(event.revision))).toEqual(events.map((_, index) => index));
      const reader = httpClient(restored.url);
      const project = await reader.call('GET', `/api/projects/${id}`, undefined, { cookie: ann.cookie() });
      expect(project.status).toBe(200);
      expect(project.body.project).toMatchObject({ name: 'Kept safe', coreIdea: 'Survives a restore' });
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a target that already holds files', async () => {
    const dataDir = tempDir('vis-backup-source-');
    const target = tempDir('vis-backup-full-');
    await run('touch', [path.join(target, 'something')]);
    await expect(backup(dataDir, target)).rejects.toMatchObject({ stderr: expect.stringContaining('is not empty') });
  });
});

const compact = (dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'infrastructure/src/compact-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
  });
const readModelsBytes = (dataDir: string) => statSync(path.join(dataDir, 'read-models', 'data.mdb')).size;
const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, MONGODB_URL: undefined, MONGODB_DATABASE: '' });

describe('npm run compact', () => {
  it('gives back the space of what a store no longer holds, and the server starts on the compacted files', async () => {
    const dataDir = tempDir('vis-compact-');
    const server = await startTestServer({ dataDir });
    const ann = httpClient(server.url);
    const created = await ann.call('POST', '/api/projects', { project: { name: 'Compacted', coreIdea: 'Smaller on disk' } });
    const id = created.body.project.id as string;
    await server.close();

    // A collection written and dropped (as a rebuild retires an old one) leaves its pages free in the file.
    const store = await openDocumentStore(embedded(dataDir));
    const large = 'x'.repeat(4_000);
    await store.bulkWrite(
      Array.from({ length: 5_000 }, (_, n) => ({ kind: 'replace', collection: 'retired_v1', document: { _id: `d${n}`, large } })),
    );
    await store.dropCollection('retired_v1');
    await store.close();
    const before = readModelsBytes(dataDir);

    const { stdout } = await compact(dataDir);
    expect(stdout).toMatch(/read-models: [\d.]+ MB → [\d.]+ MB/);
    expect(readModelsBytes(dataDir)).toBeLessThan(before / 4);

    const restarted = await startTestServer({ dataDir });
    try {
      const project = await httpClient(restarted.url).call('GET', `/api/projects/${id}`, undefined, { cookie: ann.cookie() });
      expect(project.status).toBe(200);
      expect(project.body.project).toMatchObject({ name: 'Compacted' });
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('refuses while the server runs, changing nothing', async () => {
    const dataDir = tempDir('vis-compact-running-');
    const server = await startTestServer({ dataDir });
    try {
      const before = readModelsBytes(dataDir);
      await expect(compact(dataDir)).rejects.toMatchObject({ stderr: expect.stringContaining('Stop it first') });
      expect(readModelsBytes(dataDir)).toBe(before);
    } finally {
      await server.close();
    }
  }, 60_000);
});
