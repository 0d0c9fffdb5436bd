import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { json, startFakeGemini, type FakeGemini } from '@vis/command-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NGINX_PATH, startTopology } from './testing/topology.ts';

/**
 * Two command-api processes of compiled JavaScript behind nginx, on one shared data directory (the topology
 * harness), Gemini at a local fake: an AI request's progress reaches the socket whichever replica runs it, one
 * request at a time per socket holds across the replicas, and a replica that dies mid-request frees the socket
 * once its lease lapses.
 */
let gemini: FakeGemini;
let webRoot: string;
let topology: Awaited<ReturnType<typeof startTopology>>;

beforeAll(async () => {
  gemini = await startFakeGemini();
  // nginx needs a web app to serve; these tests call the API and the socket only.
  webRoot = mkdtempSync(path.join(tmpdir(), 'vis-ai-replicas-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Viral Idea Studio</title>');
  topology = await startTopology({
    webRoot,
    commandApiProcesses: 2,
    // One address calls as many visitors here: the per-address limit on visitors' AI has tests of its own.
    env: {
      RATE_LIMIT_VISITOR_AI_PER_HOUR: '0',
      GEMINI_API_KEY: 'AIzaSy-topology-server-key-0001',
      GEMINI_BASE_URL: gemini.baseUrl,
      GEMINI_MODEL: 'gemini-test-model',
    },
  });
}, 180_000);
afterAll(async () => {
  await topology?.close();
  await gemini?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

interface Update {
  type: string;
  content: string;
  status: string;
  progress?: number;
}

/** A visitor's session, started through nginx as a browser's first call starts it. */
const newVisitor = async () => {
  const response = await fetch(`${topology.url}/api/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(response.status, topology.logs().slice(-3000)).toBe(201);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
};

/** A tab's `/ws/ai-process` socket at `base` (nginx, or one replica), keeping every progress update. */
const openSocket = async (base: string, cookie: string, clientId: string) => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws/ai-process?client=${clientId}`, { headers: { cookie } });
  const updates: Update[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: Update };
      if (message.type === 'ai_process_ready') resolve();
      if (message.type === 'ai_process_update') updates.push(message.data!);
    });
    socket.once('error', reject);
  });
  return { socket, updates };
};

const replica = (n: number) => `http://127.0.0.1:${topology.commandApis[n]!.port}`;

const generate = (base: string, cookie: string, clientId: string, coreIdea: string) =>
  fetch(`${base}/api/generate-parameters`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-ai-process': clientId },
    body: JSON.stringify({ fieldType: 'viralParameters', coreIdea }),
  });

const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${topology.logs().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!existsSync(NGINX_PATH))('AI progress with two command-api replicas behind nginx', { timeout: 120_000 }, () => {
  it('reaches the socket opened through nginx whichever replica runs the request', async () => {
    const cookie = await newVisitor();
    const tab = await openSocket(topology.url, cookie, 'tab-1');
    // One request straight to each replica: the socket is on one of them, so one of these crosses replicas.
    for (const n of [0, 1]) {
      const before = tab.updates.length;
      gemini.answer(json({ parameters: [`Idea from replica ${n}`] }));
      const response = await generate(replica(n), cookie, 'tab-1', `A tip wall ${n}`);
      expect(response.status, await response.clone().text()).toBe(200);
      await until(() => tab.updates.length === before + 4, `progress of the request on replica ${n}`);
      expect(tab.updates.slice(before).map(({ status, progress }) => [status, progress])).toEqual([
        ['processing', 10],
        ['analyzing', 70],
        ['saving', 90],
        ['complete', 100],
      ]);
    }
    // And through nginx, as the browser sends it (the visitor's third and last free play).
    const before = tab.updates.length;
    gemini.answer(json({ parameters: ['Idea through nginx'] }));
    expect((await generate(topology.url, cookie, 'tab-1', 'A tip wall through nginx')).status).toBe(200);
    await until(() => tab.updates.length === before + 4 && tab.updates.at(-1)?.status === 'complete', 'progress through nginx');
    tab.socket.close();
  });

  it('runs one request at a time per socket across replicas: of two sent together, one to each, one is refused with 409', async () => {
    const cookie = await newVisitor();
    const tab = await openSocket(topology.url, cookie, 'tab-2');
    let release!: () => void;
    gemini.answer({ until: new Promise<void>((resolve) => (release = resolve)), text: JSON.stringify({ parameters: ['Scarcity'] }) });
    const sent = [generate(replica(0), cookie, 'tab-2', 'one idea'), generate(replica(1), cookie, 'tab-2', 'another idea')] as const;
    const refused = await Promise.race(sent);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, error: 'AI process busy' });
    release();
    expect((await Promise.all(sent)).map((response) => response.status).sort()).toEqual([200, 409]);
    await until(() => tab.updates.at(-1)?.status === 'complete', 'the running request completes');
    tab.socket.close();
  });

  it('frees the socket of a request whose replica was SIGKILLed mid-request once its 15 s lease lapses', async () => {
    const cookie = await newVisitor();
    // The socket on the first replica, the request on the second, which dies while the model thinks.
    const tab = await openSocket(replica(0), cookie, 'tab-3');
    gemini.answer({ until: new Promise<void>(() => {}), text: JSON.stringify({ parameters: ['Never answered'] }) });
    const dying = generate(replica(1), cookie, 'tab-3', 'an idea').catch((error: unknown) => error);
    await until(() => tab.updates.some((update) => update.status === 'processing'), 'the request began');
    const killedAt = Date.now();
    await topology.commandApis[1]!.kill();
    expect(await dying).toBeInstanceOf(Error);
    gemini.otherwise(() => json({ parameters: ['Scarcity'] }));
    // Still busy for the rest of the dead replica's lease, then free.
    expect((await generate(replica(0), cookie, 'tab-3', 'a second idea')).status).toBe(409);
    let status = 0;
    while (status !== 200) {
      status = (await generate(replica(0), cookie, 'tab-3', 'a second idea')).status;
      expect([200, 409]).toContain(status);
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      // Asked every 1.5 s: the AI routes answer 429 past 30 requests a minute, and the lease lasts 15 s.
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await until(() => tab.updates.at(-1)?.status === 'complete', 'the next request completes');
    tab.socket.close();
  });
});
