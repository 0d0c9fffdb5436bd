import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { json, startFakeGemini, type FakeGemini } from './testing/fake-gemini.ts';
import { cookieOf, startAiApp, type AiApp } from './testing/ai-app.ts';

let gemini: FakeGemini;
let ai: AiApp;
let server: Server;
let base: string;

/** An AI app on a port, as a command-api process serves it: HTTP and its `/ws/ai-process` upgrades. */
const listen = async (app: AiApp) => {
  const handler = app.app.callback();
  const listening = createServer((request, response) => void handler(request, response));
  listening.on('upgrade', (req, socket, head) => app.processChannel.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return listening;
};
const stop = (listening: Server) =>
  new Promise<void>((resolve) => {
    listening.close(() => resolve());
    listening.closeAllConnections();
  });

beforeEach(async () => {
  gemini = await startFakeGemini();
  ai = await startAiApp({ gemini });
  server = await listen(ai);
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await ai.cleanup();
  await stop(server);
  await gemini.close();
});

interface Message {
  type: string;
  clientId?: string;
  data?: { type: string; content: string; status: string; progress?: number };
}

/** A browser tab: its cookie jar for HTTP, and a socket on /ws/ai-process that keeps every message. */
const openTab = async (clientId = 'tab-1') => {
  const agent = request.agent(server);
  const { cookie } = await cookieOf(agent);
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  const socket = new WebSocket(`ws://${base}/ws/ai-process?client=${clientId}`, { headers: { cookie } });
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Message);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  await until(() => messages.some((message) => message.type === 'ai_process_ready'));
  const updates = () => messages.filter((message) => message.type === 'ai_process_update').map((message) => message.data!);
  return { agent, cookie, socket, messages, updates, until, clientId };
};

const generate = (tab: { agent: ReturnType<typeof request.agent>; clientId: string }, coreIdea = 'A tip wall') =>
  tab.agent.post('/api/generate-parameters').set('X-AI-Process', tab.clientId).send({ fieldType: 'viralParameters', coreIdea });

describe('/ws/ai-process', () => {
  it('greets the socket with its client id', async () => {
    const tab = await openTab('tab-7');
    expect(tab.messages[0]).toEqual({ type: 'ai_process_ready', clientId: 'tab-7' });
    tab.socket.close();
  });

  it('reports 10 processing, 70 analyzing, 90 saving and 100 complete while a request runs', async () => {
    const tab = await openTab();
    gemini.answer(json({ parameters: ['Scarcity', 'Curiosity'] }));
    const res = await generate(tab);
    expect(res.status).toBe(200);
    await tab.until(() => tab.updates().length === 4);
    expect(tab.updates()).toEqual([
      { type: 'progress', content: 'Processing your request...', status: 'processing', progress: 10 },
      { type: 'progress', content: 'Analyzing the response...', status: 'analyzing', progress: 70 },
      { type: 'progress', content: 'Saving the results...', status: 'saving', progress: 90 },
      { type: 'response', content: 'Generated 2 parameters', status: 'complete', progress: 100 },
    ]);
    tab.socket.close();
  });

  it('ends with an error message when the model fails, and when payment is required', async () => {
    const tab = await openTab();
    gemini.answer({ status: 500, message: 'internal' });
    expect((await generate(tab)).status).toBe(502);
    await tab.until(() => tab.updates().at(-1)?.status === 'error');
    expect(tab.updates().map((update) => update.status)).toEqual(['processing', 'error']);
    expect(tab.updates().at(-1)?.content).toBe('Failed to generate parameters');
    gemini.otherwise(() => json({ parameters: ['Scarcity'] }));
    for (let play = 0; play < 3; play++) expect((await generate(tab, `idea ${play}`)).status).toBe(200);
    expect((await generate(tab, 'one more')).status).toBe(402);
    await tab.until(() => tab.updates().at(-1)?.content === 'Subscription required');
    tab.socket.close();
  });

  it('runs one process at a time per socket: a second request is refused with 409 and not charged', async () => {
    const tab = await openTab();
    let release!: () => void;
    gemini.answer({ until: new Promise<void>((resolve) => (release = resolve)), text: JSON.stringify({ parameters: ['Scarcity'] }) });
    const first = generate(tab).then((res) => res);
    await tab.until(() => tab.updates().some((update) => update.status === 'processing'));
    const second = await generate(tab, 'another idea');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, error: 'AI process busy' });
    release();
    expect((await first).status).toBe(200);
    expect((await ai.events()).filter((event) => event.type === 'AiRequestCharged')).toHaveLength(1);
    tab.socket.close();
  });

  it('a closed socket ends its process: the request still answers, and the id can be used again', async () => {
    const tab = await openTab();
    let release!: () => void;
    gemini.answer({ until: new Promise<void>((resolve) => (release = resolve)), text: JSON.stringify({ parameters: ['Scarcity'] }) });
    // A supertest request starts when awaited or then'd.
    const running = generate(tab).then((res) => res);
    await tab.until(() => tab.updates().length === 1);
    const closed = new Promise((resolve) => tab.socket.once('close', resolve));
    tab.socket.close();
    await closed;
    release();
    expect((await running).status).toBe(200);
    expect(tab.updates()).toHaveLength(1);

    const again = new WebSocket(`ws://${base}/ws/ai-process?client=${tab.clientId}`, { headers: { cookie: tab.cookie } });
    const heard: Message[] = [];
    again.on('message', (raw) => heard.push(JSON.parse(String(raw)) as Message));
    await new Promise((resolve) => again.once('message', resolve));
    gemini.answer(json({ parameters: ['Curiosity'] }));
    expect((await generate(tab, 'next idea')).status).toBe(200);
    await vi.waitFor(() => expect(heard.at(-1)?.data?.status).toBe('complete'));
    again.close();
  });

  it("another visitor naming the same client id hears nothing of this visitor's requests", async () => {
    const mine = await openTab('shared-id');
    const theirs = await openTab('shared-id');
    gemini.answer(json({ parameters: ['Scarcity'] }));
    expect((await generate(mine)).status).toBe(200);
    await mine.until(() => mine.updates().length === 4);
    expect(theirs.updates()).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('a request naming no open socket runs without progress', async () => {
    const agent = request.agent(server);
    gemini.answer(json({ parameters: ['Scarcity'] }));
    expect((await agent.post('/api/generate-parameters').set('X-AI-Process', 'nobody-listens').send({ fieldType: 'viralParameters' })).status).toBe(
      200,
    );
  });
});

describe('/ws/ai-process across command-api replicas', () => {
  let other: AiApp;
  let otherServer: Server;
  beforeEach(async () => {
    // A second replica on the same stores, as two command-api processes behind nginx share theirs.
    other = await startAiApp({ gemini, shared: ai.stores });
    otherServer = await listen(other);
  });
  afterEach(async () => {
    await other.cleanup();
    await stop(otherServer);
  });

  const onOther = (tab: { cookie: string; clientId: string }, coreIdea = 'A tip wall') =>
    request(otherServer)
      .post('/api/generate-parameters')
      .set('Cookie', tab.cookie)
      .set('X-AI-Process', tab.clientId)
      .send({ fieldType: 'viralParameters', coreIdea });

  it('brings the progress of a request the other replica runs to the socket this one holds', async () => {
    const tab = await openTab();
    gemini.answer(json({ parameters: ['Scarcity', 'Curiosity'] }));
    expect((await onOther(tab)).status).toBe(200);
    await tab.until(() => tab.updates().length === 4);
    expect(tab.updates().map(({ status, progress }) => [status, progress])).toEqual([
      ['processing', 10],
      ['analyzing', 70],
      ['saving', 90],
      ['complete', 100],
    ]);
    tab.socket.close();
  });

  it('runs one process at a time per socket across replicas: the second request is refused with 409 and not charged', async () => {
    const tab = await openTab();
    let release!: () => void;
    gemini.answer({ until: new Promise<void>((resolve) => (release = resolve)), text: JSON.stringify({ parameters: ['Scarcity'] }) });
    // Sent together, one to each replica: whichever claims the window first runs (and waits for the model), the
    // other is refused at once; the model answers once that refusal is in.
    const sent = [generate(tab).then((res) => res), onOther(tab, 'another idea').then((res) => res)] as const;
    const refused = await Promise.race(sent);
    expect(refused.status).toBe(409);
    release();
    const [here, there] = await Promise.all(sent);
    expect([here.status, there.status].sort()).toEqual([200, 409]);
    expect([here, there].find((res) => res.status === 409)!.body).toMatchObject({ success: false, error: 'AI process busy' });
    expect((await ai.events()).filter((event) => event.type === 'AiRequestCharged')).toHaveLength(1);
    await tab.until(() => tab.updates().at(-1)?.status === 'complete');
    tab.socket.close();
  });
});
