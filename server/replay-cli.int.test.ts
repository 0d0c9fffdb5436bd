import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectHistoryEntry, projectResponse } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'vis-replay-'));

/** `npm run replay -- …` as a child process on the test's data directory; resolves however it exits. */
const replay = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['projections/src/replay-cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', NODE_ENV: 'test' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
};

let id = '';
/** What the live read model answered after each command, by the stream revision it showed. */
const live: { revision: number; body: { project: { updatedAt: string } } }[] = [];
let head = 0;
/** The log's positions in order, read before the server stopped. */
let positions: number[] = [];

beforeAll(async () => {
  const server = await startTestServer({ dataDir });
  try {
    const ann = httpClient(server.url);
    let position = '0';
    const step = async (method: string, url: string, body?: unknown) => {
      const res = await ann.call(method, url, body);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      position = String(res.body.position);
      id ||= res.body.project?.id;
      const read = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': position });
      const [last] = await server.eventStore.readStream(`project-${id}`, { direction: 'backwards', maxCount: 1 });
      live.push({ revision: Number(last!.revision), body: read.body });
    };
    await step('POST', '/api/projects', { project: { name: 'Tip Jar' } });
    await step('PUT', `/api/projects/${id}/name`, { name: 'Tip Wall' });
    await step('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: 'Scarcity' });
    await step('POST', `/api/projects/${id}/advance`, { fromStage: 1, continueAnyway: true });
    head = Number(await server.eventStore.headPosition());
    positions = (await server.eventStore.readAll()).map((event) => Number(event.position));
    // The CLI reads the log beside the running server (which appends), as a reader following it.
    const beside = await replay(id, '--format', 'jsonl');
    expect(beside.code, beside.stderr).toBe(0);
    expect(beside.stdout.trim().split('\n')).toHaveLength(4);
  } finally {
    await server.close();
  }
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each run starts a TypeScript process: seconds apiece on a busy machine.
describe('npm run replay', { timeout: 180_000 }, () => {
  it("prints a project's history as JSON lines, oldest first, with what each event changed", async () => {
    const { code, stdout } = await replay(id, '--format', 'jsonl');
    expect(code).toBe(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => projectHistoryEntry.parse(JSON.parse(line)));
    expect(entries.map((entry) => entry.revision)).toEqual([0, 1, 2, 3]);
    expect(entries.map((entry) => entry.type)).toEqual(['ProjectCreated', 'ProjectRenamed', 'ParameterAdded', 'StageAdvanced']);
    expect(entries[1]!.changes).toEqual([{ field: 'Project name', before: 'Tip Jar', after: 'Tip Wall' }]);
    expect(entries.every((entry) => entry.actor === 'visitor')).toBe(true);
  });

  it('prints it as Markdown by default', async () => {
    const { code, stdout } = await replay(id);
    expect(code).toBe(0);
    expect(stdout).toContain(`# History of project ${id}`);
    expect(stdout).toContain("Renamed the project from 'Tip Jar' to 'Tip Wall'");
    expect(stdout).toContain('  - Project name: "Tip Jar" → "Tip Wall"');
  });

  it('prints the state, newest or at a revision or a time, as GET /api/projects/{id} answered it then', async () => {
    const newest = await replay(id, '--format', 'json');
    expect(newest.code).toBe(0);
    projectResponse.parse(JSON.parse(newest.stdout));
    expect(JSON.parse(newest.stdout)).toEqual(live.at(-1)!.body);
    const atRevision = await replay(id, '--at', '1');
    expect(JSON.parse(atRevision.stdout)).toEqual(live[1]!.body);
    const atTime = await replay(id, '--at', live[2]!.body.project.updatedAt);
    expect(JSON.parse(atTime.stdout)).toEqual(live[2]!.body);
  });

  it('refuses what it cannot answer, on stderr with exit code 1', async () => {
    const pastTheEnd = await replay(id, '--at', '99');
    expect(pastTheEnd).toMatchObject({ code: 1, stdout: '' });
    expect(pastTheEnd.stderr).toContain(`Project ${id} has no revision 99: its last is 3`);
    const missing = await replay('no-such-project');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('No project no-such-project in the log');
    const badFormat = await replay(id, '--format', 'xml');
    expect(badFormat).toMatchObject({ code: 1, stdout: '' });
    expect(badFormat.stderr).toContain("--format must be md, jsonl or json, not 'xml'");
  });

  it('exports every event of the log as JSON lines, in order, or those stored since a time', async () => {
    const { code, stdout, stderr } = await replay('--all', '--format', 'jsonl');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { position: string; streamId: string; revision: number; type: string; createdAt: string });
    expect(lines.map((line) => Number(line.position))).toEqual(positions);
    expect(positions.at(-1)).toBe(head);
    expect(lines.filter((line) => line.streamId === `project-${id}`).map((line) => line.type)).toEqual([
      'ProjectCreated',
      'ProjectRenamed',
      'ParameterAdded',
      'StageAdvanced',
    ]);
    expect(stderr).toContain(`Exported ${positions.length} events`);

    const since = lines.find((line) => line.type === 'ProjectRenamed')!.createdAt;
    const recent = await replay('--all', '--since', since);
    expect(recent.code).toBe(0);
    const expected = lines.filter((line) => line.createdAt >= since);
    expect(expected.length).toBeLessThan(lines.length);
    expect(
      recent.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(expected);
  });
});
