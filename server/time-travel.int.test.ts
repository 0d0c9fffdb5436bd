import { projectHistoryResponse, projectResponse, projectStreamId } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every read after a command waits for it (X-Min-Position), as the web app does. */
const session = () => {
  const client = httpClient(() => server.url);
  let position = '0';
  const command = async (method: string, url: string, body?: unknown) => {
    const res = await client.call(method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    if (res.body?.position) position = String(res.body.position);
    return res;
  };
  const read = (url: string) => client.call('GET', url, undefined, { 'X-Min-Position': position });
  return { command, read };
};

const lastRevisionOf = async (id: string) =>
  Number((await server.eventStore.readStream(projectStreamId(id), { direction: 'backwards', maxCount: 1 }))[0]!.revision);

/** A guided project through many kinds of command; after each, the live read model's answer and the stream's revision. */
const recordProject = async (ann: ReturnType<typeof session>) => {
  const created = await ann.command('POST', '/api/projects', { project: { name: 'Tip Jar' } });
  const id = created.body.project.id as string;
  const steps: [string, string, unknown?][] = [
    ['PUT', `/api/projects/${id}/name`, { name: 'Tip Wall' }],
    ['PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'A wall where strangers leave tips for each other' }],
    ['POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: 'Scarcity' }],
    ['POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: 'FOMO' }],
    ['POST', `/api/projects/${id}/parameters/remove`, { list: 'viralParameters', value: 'Scarcity' }],
    ['POST', `/api/projects/${id}/parameters`, { value: 'Local' }],
    ['POST', `/api/projects/${id}/advance`, { fromStage: 1, continueAnyway: true }],
    ['POST', `/api/projects/${id}/parameters`, { list: 'rewardSourceParameters', value: 'Sponsors' }],
    ['PATCH', `/api/projects/${id}/stages/2/notes`, { fields: { keyInsights: 'People like tipping strangers' } }],
    [
      'POST',
      `/api/projects/${id}/audience-segments`,
      { name: 'Students', description: 'Short of cash, rich in time', reachStrategy: 'Campus boards' },
    ],
    ['POST', `/api/projects/${id}/advance`, { fromStage: 2, continueAnyway: true }],
    ['POST', `/api/projects/${id}/concepts`, { concepts: [{ name: 'Tip Wall', simplicityScore: 4 }] }],
    ['PUT', `/api/projects/${id}/selected-concept`, { index: 0 }],
    ['POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId: id }],
    ['PUT', `/api/projects/${id}/current-stage`, { stage: 1 }],
    ['POST', `/api/projects/${id}/stages/2/reset`, {}],
  ];
  const recorded: { revision: number; body: unknown }[] = [];
  const record = async () => {
    const live = await ann.read(`/api/projects/${id}`);
    expect(live.status).toBe(200);
    recorded.push({ revision: await lastRevisionOf(id), body: live.body });
  };
  await record();
  for (const [method, url, body] of steps) {
    await ann.command(method, url, body);
    await record();
  }
  return { id, recorded };
};

describe('a project as it was', () => {
  const ann = session();
  let id = '';
  let recorded: { revision: number; body: unknown }[] = [];

  beforeAll(async () => {
    ({ id, recorded } = await recordProject(ann));
  });

  it('at every revision of a recorded project equals what the live read model held at that moment', async () => {
    expect(new Set(recorded.map((each) => each.revision)).size).toBeGreaterThan(12);
    for (const { revision, body } of recorded) {
      const then = await ann.read(`/api/projects/${id}/at/${revision}`);
      expect(then.status).toBe(200);
      projectResponse.parse(then.body);
      expect(then.body, `revision ${revision}`).toEqual(body);
      expect(then.headers.get('x-project-revision')).toBe(String(revision));
    }
  });

  it('answers every revision in between, and a time: the newest state at or before it', async () => {
    const last = recorded.at(-1)!;
    for (let revision = 0; revision <= last.revision; revision++) {
      expect((await ann.read(`/api/projects/${id}/at/${revision}`)).status).toBe(200);
    }
    const updatedAt = (last.body as { project: { updatedAt: string } }).project.updatedAt;
    const atLast = await ann.read(`/api/projects/${id}/at?at=${encodeURIComponent(updatedAt)}`);
    expect(atLast.body).toEqual(last.body);
    const later = await ann.read(`/api/projects/${id}/at?at=2999-01-01T00:00:00Z`);
    expect(later.body).toEqual(last.body);
    const createdAt = (recorded[0]!.body as { project: { createdAt: string } }).project.createdAt;
    const atCreation = await ann.read(`/api/projects/${id}/at?at=${encodeURIComponent(createdAt)}`);
    expect(atCreation.body.project.name).toBe('Tip Jar');
  });

  it('answers 404 before the project was created and past its last revision, naming the last', async () => {
    const before = await ann.read(`/api/projects/${id}/at?at=2000-01-01T00:00:00Z`);
    expect(before.status).toBe(404);
    const last = recorded.at(-1)!.revision;
    const past = await ann.read(`/api/projects/${id}/at/${last + 1}`);
    expect(past.status).toBe(404);
    expect(past.body).toMatchObject({ success: false, message: `Project ${id} has no revision ${last + 1}: its last is ${last}` });
  });

  it.each([
    ['/at/-1', 'revision'],
    ['/at/one', 'revision'],
    ['/at/1.5', 'revision'],
    ['/at?at=yesterday', 'at'],
    ['/at?at=2026-13-45T99:00:00Z', 'at'],
    ['/at', 'at'],
    ['/at?at=2026-11-23&other=1', 'other'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const res = await ann.read(`/api/projects/${id}${path}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it("answers 404 for another's project, exactly like a missing one", async () => {
    const bob = session();
    await bob.command('POST', '/api/projects', { project: { name: 'Mine' } });
    const theirs = await bob.read(`/api/projects/${id}/at/0`);
    const missing = await bob.read('/api/projects/no-such-project/at/0');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(JSON.stringify(theirs.body)).not.toContain('Tip');
    expect((await bob.read(`/api/projects/${id}/at?at=2999-01-01T00:00:00Z`)).status).toBe(404);
    expect((await bob.read(`/api/projects/${id}/history`)).status).toBe(404);
  });

  it("lists the project's history with kinds, actors, revisions and what changed, and the AI's answers as the AI's", async () => {
    const res = await ann.read(`/api/projects/${id}/history?limit=200`);
    const { history } = projectHistoryResponse.parse(res.body);
    const events = await server.eventStore.readStream(projectStreamId(id));
    expect(history.map((entry) => entry.revision)).toEqual(events.map((event) => Number(event.revision)).reverse());
    expect(history.map((entry) => entry.position)).toEqual(events.map((event) => String(event.position)).reverse());
    const ai = history.filter((entry) => entry.kind === 'ai');
    expect(ai.length).toBeGreaterThan(0);
    expect(ai.every((entry) => entry.actor === 'ai' && entry.changes.length === 0)).toBe(true);
    expect(history.filter((entry) => entry.kind !== 'ai').every((entry) => entry.actor === 'visitor')).toBe(true);
    const reset = history.find((entry) => entry.type === 'StageReset')!;
    expect(reset.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['Reward Source', 'Audience segments', 'Key insights']));
    const stageKinds = await ann.read(`/api/projects/${id}/history?kind=stages`);
    expect(stageKinds.body.history.map((entry: { type: string }) => entry.type)).toEqual([
      'StageReset',
      'CurrentStageChanged',
      'StageAdvanced',
      'StageAdvanced',
    ]);
  });

  it("lists the project's publishing, from the idea's stream", async () => {
    const published = await ann.command('POST', '/api/marketplace/ideas', { projectId: id, title: 'The Tip Wall' });
    expect(published.status).toBe(201);
    const res = await ann.read(`/api/projects/${id}/history?kind=publishing`);
    const { history } = projectHistoryResponse.parse(res.body);
    expect(history).toEqual([
      expect.objectContaining({
        type: 'IdeaPublished',
        kind: 'publishing',
        actor: 'visitor',
        summary: "Published the idea 'The Tip Wall' to the marketplace",
        changes: [],
        revision: 0,
        streamId: `idea-${published.body.id}`,
      }),
    ]);
  });
});

describe('what became of the AI suggestions, in the history', () => {
  it('marks each suggestion accepted, edited or ignored as the project goes on, for guided lists and builder steps alike', async () => {
    const ann = session();
    const created = await ann.command('POST', '/api/projects', { project: { name: 'Tip Jar' } });
    const id = created.body.project.id as string;
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'A wall where strangers leave tips for each other' });
    const generated = await ann.command('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId: id });
    const [first, second, ...rest] = generated.body.parameters as string[];
    expect(rest.length).toBeGreaterThan(0);
    await ann.command('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: first });
    await ann.command('POST', `/api/projects/${id}/parameters`, { list: 'viralParameters', value: `${second} twist` });

    const res = await ann.read(`/api/projects/${id}/history?kind=ai`);
    const { history } = projectHistoryResponse.parse(res.body);
    expect(history).toHaveLength(1);
    expect(history[0]!.suggestions).toEqual([
      { value: first, outcome: 'accepted' },
      { value: second, outcome: 'edited', addedAs: `${second} twist` },
      ...rest.map((value) => ({ value, outcome: 'ignored' })),
    ]);

    await ann.command('POST', `/api/projects/${id}/parameters/remove`, { list: 'viralParameters', value: first });
    const later = projectHistoryResponse.parse((await ann.read(`/api/projects/${id}/history?kind=ai`)).body);
    expect(later.history[0]!.suggestions![0]).toEqual({ value: first, outcome: 'ignored', removed: true });
    const others = projectHistoryResponse.parse((await ann.read(`/api/projects/${id}/history?kind=parameters`)).body);
    expect(others.history.every((entry) => entry.suggestions === undefined)).toBe(true);
  });
});
