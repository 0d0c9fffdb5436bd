import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../reliability/support/child-server.ts';
import { reliabilityClient } from '../reliability/support/client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vis-node-options-'));
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server started with V8 options, as an operator sizes its heap', () => {
  it('starts, and its projection thread writes the read models', { timeout: 90_000 }, async () => {
    // A worker given V8's options refuses to start: the server used to pass them on to its projection thread.
    server = await startChildServer(dataDir, { nodeOptions: ['--max-old-space-size=1024', '--max-semi-space-size=32', '--enable-source-maps'] });
    const http = reliabilityClient(() => server!.url);
    const created = await http.call('POST', '/api/projects', { project: { name: 'Heap sized' } });
    expect(created.status).toBe(201);
    const list = await http.call('GET', '/api/projects', undefined, { 'X-Min-Position': String(created.body.position) });
    expect(list.status).toBe(200);
    expect(list.body.projects.map((project: { name: string }) => project.name)).toEqual(['Heap sized']);
  });
});
