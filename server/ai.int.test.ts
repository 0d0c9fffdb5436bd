import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEY_VAULT_COLLECTION, silentLogger } from '@vis/infrastructure';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { json, startFakeGemini, type FakeGemini } from '@vis/command-api/testing';
import { startEmbedded } from './embedded.ts';
import { httpClient } from './testing-client.ts';

const ownKey = 'AIzaSy-embedded-own-key-000-Q9z7';
let gemini: FakeGemini;
let dir: string;
let server: Awaited<ReturnType<typeof startEmbedded>>;

/** The embedded server with no GEMINI_API_KEY (offline by default), and Gemini for projects' own keys at a local fake. */
beforeEach(async () => {
  gemini = await startFakeGemini({ validKeys: [ownKey] });
  dir = mkdtempSync(path.join(tmpdir(), 'vis-ai-server-'));
  server = await startEmbedded(
    {
      HOST: '127.0.0.1',
      PORT: 0,
      DATA_DIR: dir,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      NODE_ENV: 'test',
      READ_YOUR_WRITES_TIMEOUT_MS: 2000,
      WEB_DIST_DIR: path.resolve(import.meta.dirname, '../web/dist'),
      GEMINI_MODEL: 'gemini-test-model',
    },
    silentLogger(),
    { geminiBaseUrl: gemini.baseUrl },
  );
});
afterEach(async () => {
  await server.close();
  await gemini.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('AI in the embedded server', () => {
  it('runs offline without a Gemini key, and the fourth play is refused with 402', async () => {
    const client = httpClient(server.url);
    const statuses = [];
    for (let play = 0; play < 4; play++)
      statuses.push((await client.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', coreIdea: `tip wall ${play}` })).status);
    expect(statuses).toEqual([200, 200, 200, 402]);
    expect(gemini.calls).toEqual([]);
  });

  it("shows a project's own key masked, and a whole-project save that sends the mask back changes nothing", async () => {
    const client = httpClient(server.url);
    const created = await client.call('POST', '/api/projects', { project: { name: 'Tip Wall' } });
    const id = created.body.project.id as string;
    const set = await client.call('PUT', `/api/projects/${id}/gemini-key`, { apiKey: ownKey });
    expect(set.body).toMatchObject({ valid: true, aiApiStatus: 'Valid' });
    const read = await client.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': set.body.position });
    expect(read.body.project).toMatchObject({ aiApiKey: '••••••••Q9z7', aiApiStatus: 'Valid' });
    expect(JSON.stringify(read.body)).not.toContain(ownKey.slice(0, -4));
    const saved = await client.call('PATCH', `/api/projects/${id}`, read.body.project);
    expect(saved.status).toBe(200);

    gemini.answer(json({ parameters: ['Scarcity'] }));
    const generated = await client.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId: id });
    expect(generated.body).toMatchObject({ parameters: ['Scarcity'], offline: false });
    expect(gemini.calls.at(-1)?.apiKey).toBe(ownKey);
  });

  it("keeps a deleted project's own key sealed while it is in the trash, and a restore brings it back (issue 26); only for its owner", async () => {
    const ann = httpClient(server.url);
    const mallory = httpClient(server.url);
    await mallory.call('POST', '/api/projects', {});
    const created = await ann.call('POST', '/api/projects', { project: { name: 'Tip Wall' } });
    const id = created.body.project.id as string;
    expect((await ann.call('PUT', `/api/projects/${id}/gemini-key`, { apiKey: ownKey })).body).toMatchObject({ valid: true });
    const stored = () => server.documentStore.findOne<{ _id: string; expiresAt?: string }>(KEY_VAULT_COLLECTION, { _id: id });
    expect(await stored()).not.toBeNull();

    expect((await mallory.call('DELETE', `/api/projects/${id}`)).status).toBe(404);
    expect((await stored())?.expiresAt).toBeUndefined();
    const deleted = await ann.call('DELETE', `/api/projects/${id}`);
    expect(deleted.status).toBe(200);
    // Kept until the trash lets the project go, then swept.
    const trash = await ann.call('GET', '/api/trash', undefined, { 'X-Min-Position': deleted.body.position });
    expect((await stored())?.expiresAt).toBe(trash.body.projects[0].restorableUntil);
    expect((await mallory.call('POST', `/api/projects/${id}/restore`)).status).toBe(404);

    const restored = await ann.call('POST', `/api/projects/${id}/restore`);
    expect(restored.body).toMatchObject({ success: true, events: ['ProjectRestored'] });
    expect((await stored())?.expiresAt).toBeUndefined();
    const read = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': restored.body.position });
    expect(read.body.project).toMatchObject({ aiApiKey: '••••••••Q9z7', aiApiStatus: 'Valid' });
    const events = JSON.stringify(await server.eventStore.readStream(`project-${id}`), (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(events).not.toContain(ownKey.slice(0, -4));

    gemini.answer(json({ parameters: ['Scarcity'] }));
    const generated = await ann.call('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId: id });
    expect(generated.body).toMatchObject({ parameters: ['Scarcity'], offline: false });
    expect(gemini.calls.at(-1)?.apiKey).toBe(ownKey);
  });

  it('routes /ws/ai-process to the command API', async () => {
    const first = await fetch(`${server.url}/api/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const cookie = first.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ');
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws/ai-process?client=embedded-tab`, { headers: { cookie } });
    const messages: { type: string; data?: { status: string } }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => ws.once('message', resolve));
    const res = await fetch(`${server.url}/api/generate-parameters`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-ai-process': 'embedded-tab' },
      body: JSON.stringify({ fieldType: 'viralParameters' }),
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() =>
      expect(messages.map((message) => message.data?.status ?? message.type)).toEqual([
        'ai_process_ready',
        'processing',
        'analyzing',
        'saving',
        'complete',
      ]),
    );
    ws.close();
  });
});
