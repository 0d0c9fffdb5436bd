import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

// As npm start runs it (the projection engine on its own thread, the default), and with PROJECTIONS_THREAD=false.
describe.each([
  { thread: true, engine: 'on its own thread' },
  { thread: false, engine: 'in process' },
])('with the projection engine $engine', ({ thread }) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeEach(async () => {
    server = await startTestServer({ config: { PROJECTIONS_THREAD: thread } });
  });
  afterEach(() => server.close());

  const client = () => httpClient(server.url);

  describe('the embedded server', () => {
    it('answers /healthz once the projections have caught up', async () => {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    });

    it('carries a command through events and the projects read model to the query API and /ws', async () => {
      const ann = client();
      const created = await ann.call('POST', '/api/projects', { project: { name: 'Tip Jar' } });
      expect(created.status).toBe(201);
      const id = created.body.project.id as string;

      const read = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': created.body.position });
      expect(read.status).toBe(200);
      expect(read.body.project).toMatchObject({
        id,
        name: 'Tip Jar',
        parameters: ['Viral', 'Simple Page', 'No Externalities'],
        aiApiStatus: 'Not Set',
        currentStageIndex: 1,
      });
      expect(read.body.stages.map((stage: { stageNumber: number }) => stage.stageNumber)).toEqual([1, 2, 3, 4, 5, 6]);

      const live = await ann.socket();
      live.ws.send(JSON.stringify({ type: 'subscribe', topics: [`project:${id}`, `history:${id}`] }));
      expect(await live.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', topics: [`project:${id}`, `history:${id}`], denied: [] });

      const added = await ann.call('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: 'scarcity' });
      expect(added.body).toMatchObject({ success: true, changed: true });
      expect(await live.next((m) => m.type === 'changed' && m.topic === `project:${id}`)).toEqual({
        type: 'changed',
        topic: `project:${id}`,
        position: added.body.position,
      });
      expect(await live.next((m) => m.type === 'changed' && m.topic === `history:${id}`)).toEqual({
        type: 'changed',
        topic: `history:${id}`,
        position: added.body.position,
      });
      // One change, one refetch of the project: the history has its own topic.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live.messages.filter((m) => m.type === 'changed' && m.topic === `project:${id}` && m.position === added.body.position)).toHaveLength(1);

      const after = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': added.body.position });
      const stage1 = after.body.stages.find((stage: { stageNumber: number }) => stage.stageNumber === 1);
      // Spec 01 §4: stage 1's triggers start with 'one-page', 'no physical' and 'realistic'.
      expect(stage1.data).toMatchObject({
        viralParameters: ['one-page', 'no physical', 'realistic', 'scarcity'],
        commonViralTriggers: 'one-page, no physical, realistic, scarcity',
      });
      live.ws.close();
    });

    it('hears every command of a burst on /ws and in the read model: wake-ups coalesce, none is lost', async () => {
      const ann = client();
      const ids: string[] = [];
      let created = '0';
      for (let i = 0; i < 4; i++) {
        const answer = await ann.call('POST', '/api/projects', {});
        ids.push(answer.body.project.id as string);
        created = answer.body.position as string;
      }
      const live = await ann.socket();
      // With the position its creations answered, as the web app subscribes: without it, a project the read model
      // has not applied yet is denied (not known to be the caller's), and its changes are never heard.
      live.ws.send(JSON.stringify({ type: 'subscribe', topics: ids.map((id) => `project:${id}`), minPosition: created }));
      await live.next((m) => m.type === 'subscribed');

      // Sent together: their appends commit while a wake-up of the projection thread is still on its way.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          ann.call('POST', `/api/projects/${ids[n % ids.length]}/parameters`, { list: 'viralParameters', value: `burst ${n}` }),
        ),
      );
      expect(answers.map((answer) => answer.body.success)).toEqual(answers.map(() => true));
      for (const [index, id] of ids.entries()) {
        const last = Math.max(...answers.filter((_, n) => n % ids.length === index).map((answer) => Number(answer.body.position)));
        await live.next((m) => m.type === 'changed' && m.topic === `project:${id}` && Number(m.position) >= last);
        const read = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': String(last) });
        const stage1 = read.body.stages.find((stage: { stageNumber: number }) => stage.stageNumber === 1);
        expect(stage1.data.viralParameters.filter((value: string) => value.startsWith('burst '))).toHaveLength(10);
      }
      live.ws.close();
    });

    it("hides another visitor's project from reads and from live updates", async () => {
      const ann = client();
      const created = await ann.call('POST', '/api/projects', {});
      const id = created.body.project.id as string;

      const bob = client();
      const read = await bob.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': created.body.position });
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ success: false, error: 'Failed to load project', message: 'Failed to load project' });

      const live = await bob.socket();
      live.ws.send(JSON.stringify({ type: 'subscribe', topics: [`project:${id}`, `history:${id}`] }));
      expect(await live.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', topics: [], denied: [`project:${id}`, `history:${id}`] });
      live.ws.close();
    });

    it('waits for X-Min-Position and marks an answer stale when the bound passes', async () => {
      const ann = client();
      const created = await ann.call('POST', '/api/projects', {});
      const id = created.body.project.id as string;
      const fresh = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': created.body.position });
      expect(fresh.headers.get('x-read-model-stale')).toBeNull();

      const future = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': '999999' });
      expect(future.status).toBe(200);
      expect(future.headers.get('x-read-model-stale')).toBe('true');

      const invalid = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': 'soon' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toMatch(/X-Min-Position/);
    }, 10_000);

    it('reports projection positions and lag to operators', async () => {
      const res = await fetch(`${server.url}/api/ops/projections`, { headers: server.operator });
      const body = await res.json();
      expect(body.projections).toContainEqual(expect.objectContaining({ _id: 'projects', version: 3, lag: 0, state: 'live' }));

      const unknown = await fetch(`${server.url}/api/ops/projections/nope/rebuild`, { method: 'POST', headers: server.operator });
      expect(unknown.status).toBe(404);
    });

    it('serves the web app for client-side routes', async () => {
      const res = await fetch(`${server.url}/projects/some-id`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    });
  });

  describe('feedback', () => {
    it('records feedback as an event that lands in the feedback read model for operators', async () => {
      const res = await fetch(`${server.url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'suggestion', message: ' More stages please ', userAgent: 'test', url: 'http://localhost/stage-5' }),
      });
      const body = await res.json();
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ success: true, message: 'Thank you! Your feedback has been received successfully.' });

      const list = await fetch(`${server.url}/api/analytics/feedback`, { headers: { ...server.operator, 'X-Min-Position': body.position } });
      expect((await list.json()).feedback).toEqual([
        expect.objectContaining({
          type: 'suggestion',
          message: 'More stages please',
          url: 'http://localhost/stage-5',
          submittedBy: expect.stringMatching(/^visitor-/),
        }),
      ]);
    });

    it('defaults the type to compliment and refuses a blank message, recording nothing', async () => {
      const post = (body: object) =>
        fetch(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const blank = await post({ message: '   ' });
      expect(blank.status).toBe(400);
      expect(await blank.json()).toMatchObject({ success: false, message: 'Please enter your feedback message', field: 'message' });
      const badType = await post({ type: 'rant', message: 'x' });
      expect(badType.status).toBe(400);
      expect((await badType.json()).message).toMatch(/^type: /);

      const ok = await (await post({ message: 'Nice' })).json();
      const list = await (
        await fetch(`${server.url}/api/analytics/feedback`, { headers: { ...server.operator, 'X-Min-Position': ok.position } })
      ).json();
      expect(list.feedback).toEqual([expect.objectContaining({ type: 'compliment', message: 'Nice' })]);
    });
  });
});
