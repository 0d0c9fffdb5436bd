import { projectHistoryResponse } from '@vis/domain';
import { historyDocumentOf, projectHistoryProjection, projectsProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { openCommandQueryStack } from '../../../server/testing/command-query-stack.ts';

const start = Date.parse('2026-11-23T10:00:00.000Z');
let minutes = 0;
let stack: Awaited<ReturnType<typeof openStack>>;

const openStack = () =>
  openCommandQueryStack({ projections: [projectsProjection, projectHistoryProjection], clock: () => new Date(start + minutes++ * 60_000) });

beforeEach(async () => {
  minutes = 0;
  stack = await openStack();
});
afterEach(() => stack.close());

type Browser = ReturnType<typeof stack.browser>;

/** A project with a rename and two parameters; answers its id and the last commit's position. */
const projectOf = async (browser: Browser) => {
  const created = await browser
    .post('/api/projects')
    .send({ project: { name: 'Tip Jar' } })
    .expect(201);
  const id = created.body.project.id as string;
  await browser.put(`/api/projects/${id}/name`).send({ name: 'Tip Wall' }).expect(200);
  await browser.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'Scarcity' }).expect(200);
  const last = await browser.post(`/api/projects/${id}/parameters`).send({ list: 'viralParameters', value: 'FOMO' }).expect(200);
  return { id, position: String(last.body.position) };
};

const history = (browser: Browser, id: string, position: string, query = '') =>
  browser.get(`/api/projects/${id}/history${query}`).set('X-Min-Position', position);

describe('GET /api/projects/:id/history', () => {
  it('lists the own project, newest first, with the time and a sentence', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const res = await history(ann, id, position).expect(200);
    expect(res.body.success).toBe(true);
    projectHistoryResponse.parse(res.body);
    expect(res.body.history.map((entry: { summary: string }) => entry.summary)).toEqual([
      "Added 'FOMO' to viral triggers",
      "Added 'Scarcity' to viral triggers",
      "Renamed the project from 'Tip Jar' to 'Tip Wall'",
      "Created the project 'Tip Jar'",
    ]);
    expect(res.body.history[0]).toMatchObject({ type: 'ParameterAdded', at: expect.stringMatching(/^2026-11-23T10:0\d:00.000Z$/) });
    expect(res.headers['x-read-model-stale']).toBeUndefined();
  });

  it("answers 404 for another's project, exactly like a missing one", async () => {
    const ann = stack.browser();
    const bob = stack.browser();
    await bob.post('/api/projects').send({}).expect(201);
    const { id, position } = await projectOf(ann);
    const theirs = await history(bob, id, position).expect(404);
    const missing = await history(bob, 'no-such-project', position).expect(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body).toMatchObject({ success: false, message: 'Failed to load project' });
    expect(JSON.stringify(theirs.body)).not.toContain('Tip');
  });

  it('pages with a cursor: every entry once', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const first = await history(ann, id, position, '?limit=3').expect(200);
    expect(first.body.history).toHaveLength(3);
    projectHistoryResponse.parse(first.body);
    const next = first.headers['x-next-cursor'];
    const second = await history(ann, id, position, `?limit=3&cursor=${next}`).expect(200);
    expect(second.body.history.map((entry: { summary: string }) => entry.summary)).toEqual(["Created the project 'Tip Jar'"]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?cursor=abc', 'cursor'],
    ['?other=1', 'other'],
    ['?kind=moves', 'kind'],
    ['?kind=parameters,,ai', 'kind'],
  ])('refuses %s naming the field', async (query, field) => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const res = await history(ann, id, position, query).expect(400);
    expect(res.body.field).toBe(field);
  });
});

describe('GET /api/projects/:id/history for analysts', () => {
  const entriesOf = async (browser: Browser, id: string, position: string, query = '') => {
    const res = await history(browser, id, position, query).expect(200);
    return projectHistoryResponse.parse(res.body).history;
  };

  it("says of each entry its kind, who made it, where it is, and what it changed in the screens' words", async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const entries = await entriesOf(ann, id, position);
    expect(entries.map(({ type, kind, actor, revision, streamId }) => ({ type, kind, actor, revision, streamId }))).toEqual([
      { type: 'ParameterAdded', kind: 'parameters', actor: 'visitor', revision: 3, streamId: `project-${id}` },
      { type: 'ParameterAdded', kind: 'parameters', actor: 'visitor', revision: 2, streamId: `project-${id}` },
      { type: 'ProjectRenamed', kind: 'project', actor: 'visitor', revision: 1, streamId: `project-${id}` },
      { type: 'ProjectCreated', kind: 'project', actor: 'visitor', revision: 0, streamId: `project-${id}` },
    ]);
    expect(entries[0]!.position).toBe(position);
    const [added] = entries[0]!.changes as { field: string; before: string[]; after: string[] }[];
    expect(entries[0]!.changes).toHaveLength(1);
    expect(added!.field).toBe('Common Viral Triggers');
    expect(added!.after).toEqual([...added!.before, 'FOMO']);
    expect(added!.before.at(-1)).toBe('Scarcity');
    expect(entries[2]!.changes).toEqual([{ field: 'Project name', before: 'Tip Jar', after: 'Tip Wall' }]);
    expect(entries[3]!.changes).toContainEqual({ field: 'Project name', before: null, after: 'Tip Jar' });
    // Readable labels only: no internal field names.
    expect(JSON.stringify(entries.map((entry) => entry.changes))).not.toMatch(/viralParameters|"name"/);
  });

  it('keeps the kinds asked for, one or several', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const moved = await ann.post(`/api/projects/${id}/advance`).send({ fromStage: 1, continueAnyway: true }).expect(200);
    const at = String(moved.body.position);
    expect((await entriesOf(ann, id, at, '?kind=parameters')).map((entry) => entry.type)).toEqual(['ParameterAdded', 'ParameterAdded']);
    expect((await entriesOf(ann, id, at, '?kind=stages')).map((entry) => entry.type)).toEqual(['StageAdvanced']);
    expect((await entriesOf(ann, id, at, '?kind=stages,project')).map((entry) => entry.type)).toEqual([
      'StageAdvanced',
      'ProjectRenamed',
      'ProjectCreated',
    ]);
    expect(await entriesOf(ann, id, at, '?kind=ai,publishing')).toEqual([]);
    const stageMove = (await entriesOf(ann, id, at, '?kind=stages'))[0]!;
    expect(stageMove.changes).toEqual([{ field: 'Current stage', before: 1, after: 2 }]);
    expect(position).not.toBe(at);
  });

  it('pages a filtered list with the same cursor, what each entry changed intact on every page', async () => {
    const ann = stack.browser();
    const { id, position } = await projectOf(ann);
    const first = await history(ann, id, position, '?kind=parameters,project&limit=2').expect(200);
    const second = await history(ann, id, position, `?kind=parameters,project&limit=2&cursor=${first.headers['x-next-cursor']}`).expect(200);
    const all = [...first.body.history, ...second.body.history] as { revision: number; changes: unknown[] }[];
    expect(all.map((entry) => entry.revision)).toEqual([3, 2, 1, 0]);
    expect(second.body.history[0].changes).toEqual([{ field: 'Project name', before: 'Tip Jar', after: 'Tip Wall' }]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('GET /api/projects/:id/history across the read model keyed by project', () => {
  /** The read model as v3 built it: one document per event, keyed by the event's id. */
  const keyedByEvent: typeof projectHistoryProjection = {
    ...projectHistoryProjection,
    version: 3,
    documentId: (event) => event.id,
    evolve: (_doc, event) => {
      const { eventId, ...entry } = historyDocumentOf(event);
      // no `eventId`: v3 had none
      return { ...entry, _id: eventId } as ReturnType<typeof historyDocumentOf>;
    },
  };

  it('answers from a collection an earlier version built, then the same from the one rebuilt at start', async () => {
    await stack.close();
    stack = await openCommandQueryStack({ projections: [projectsProjection, keyedByEvent], clock: () => new Date(start + minutes++ * 60_000) });
    const ann = stack.browser();
    const bob = stack.browser();
    const { id, position } = await projectOf(ann);
    const bobs = await projectOf(bob);
    const pages = async () => [
      (await history(ann, id, bobs.position, '?limit=3').expect(200)).body,
      (await history(ann, id, bobs.position, `?limit=3&cursor=${(await history(ann, id, bobs.position, '?limit=3')).headers['x-next-cursor']}`)).body,
      (await history(ann, id, bobs.position, '?kind=parameters').expect(200)).body,
      (await history(bob, bobs.id, bobs.position).expect(200)).body,
    ];
    expect(stack.progress.status('project_history')?.version).toBe(3);
    const before = await pages();
    const [first, second, parameters, bobsOwn] = before.map((body) => projectHistoryResponse.parse(body).history);
    expect([...first!, ...second!].map((entry) => entry.revision)).toEqual([3, 2, 1, 0]);
    expect(first![0]!.position).toBe(position);
    expect(parameters!.map((entry) => entry.type)).toEqual(['ParameterAdded', 'ParameterAdded']);
    expect(bobsOwn!.map((entry) => entry.revision)).toEqual([3, 2, 1, 0]);
    // the entry's id is its event's, whatever the document's key
    expect(new Set([...first!, ...second!, ...bobsOwn!].map((entry) => entry.id)).size).toBe(8);

    await stack.restartProjections([projectsProjection, projectHistoryProjection]);
    await vi.waitFor(() => expect(stack.progress.status('project_history')?.version).toBe(projectHistoryProjection.version), { timeout: 10_000 });
    expect(projectHistoryProjection.version).toBeGreaterThan(3);
    expect(await pages()).toEqual(before);
  });
});
