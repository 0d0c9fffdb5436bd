import { commandResponse, projectResponse, textConflictResponse } from '@vis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One visitor; reads wait for its own last command, as the web app's do. */
const session = () => readYourWritesClient(() => server.url);

describe('two tabs saving the same text', () => {
  const ann = session();
  let id = '';
  let loaded = 0;
  const notes = (fields: object, baseRevision?: number) =>
    ann.command('PATCH', `/api/projects/${id}/stages/4/notes`, { fields, ...(baseRevision === undefined ? {} : { baseRevision }) });
  const eventCount = async () => (await server.eventStore.readStream(`project-${id}`)).length;

  it('shows the revision the project was read at', async () => {
    const created = await ann.command('POST', '/api/projects', { project: { name: 'Tip Wall' } });
    id = created.body.project.id;
    const project = projectResponse.parse((await ann.read(`/api/projects/${id}`)).body);
    loaded = project.revision!;
    expect(loaded).toBe((await eventCount()) - 1);
  });

  it('refuses the later save made on the older revision with 409, the text named and the stored one given, and writes nothing', async () => {
    const first = commandResponse.parse((await notes({ rewardFlow: 'A pool of tips' }, loaded)).body);
    expect(first.revision).toBe(loaded + 1);
    const before = await eventCount();

    const second = await notes({ rewardFlow: 'Straight to the creator' }, loaded);
    expect(second.status).toBe(409);
    expect(textConflictResponse.parse(second.body)).toEqual({
      success: false,
      error: 'Changed in another tab',
      message: expect.stringContaining('stages.4.rewardFlow'),
      field: 'stages.4.rewardFlow',
      current: { value: 'A pool of tips', revision: loaded + 1 },
    });
    expect(await eventCount()).toBe(before);
    const project = projectResponse.parse((await ann.read(`/api/projects/${id}`)).body);
    expect(project.stages[3]!.data).toMatchObject({ rewardFlow: 'A pool of tips' });
  });

  it('takes a save on another text made on the same old revision: both edits survive', async () => {
    const res = await notes({ rewardSource: 'A 1.5% fee' }, loaded);
    expect(res.status).toBe(200);
    const project = projectResponse.parse((await ann.read(`/api/projects/${id}`)).body);
    expect(project.stages[3]!.data).toMatchObject({ rewardFlow: 'A pool of tips', rewardSource: 'A 1.5% fee' });
  });

  it('takes the refused text when it is sent again on the revision the conflict gave (keeping your version)', async () => {
    const refused = await notes({ rewardFlow: 'Straight to the creator' }, loaded);
    const res = await notes({ rewardFlow: 'Straight to the creator' }, refused.body.current.revision);
    expect(res.status).toBe(200);
    expect(res.body.changed).toBe(true);
  });

  it('guards the core idea and the name the same way', async () => {
    const base = projectResponse.parse((await ann.read(`/api/projects/${id}`)).body).revision!;
    expect((await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'Fans tip', baseRevision: base })).status).toBe(200);
    const idea = await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'Walls of tips', baseRevision: base });
    expect(idea.status).toBe(409);
    expect(idea.body).toMatchObject({ field: 'coreIdea', current: { value: 'Fans tip', revision: base + 1 } });

    expect((await ann.command('PUT', `/api/projects/${id}/name`, { name: 'Tip Jar', baseRevision: base })).status).toBe(200);
    const name = await ann.command('PUT', `/api/projects/${id}/name`, { name: 'Tip Bowl', baseRevision: base });
    expect(name.status).toBe(409);
    expect(name.body).toMatchObject({ field: 'name', current: { value: 'Tip Jar' } });
  });

  it('overwrites as before when a client sends no base revision', async () => {
    expect((await notes({ rewardFlow: 'Whatever came last' })).status).toBe(200);
  });

  it('refuses a base revision that is not a whole number', async () => {
    const res = await notes({ rewardFlow: 'x' }, 1.5);
    expect(res.status).toBe(400);
  });
});

describe("one tab's overlapping saves (stage 5's page texts typed fast, a save sent as the page closed)", () => {
  const bea = session();
  let id = '';
  let loaded = 0;
  const notes = (stage: number, body: object) => bea.command('PATCH', `/api/projects/${id}/stages/${stage}/notes`, body);
  const stored = async (stage: number) =>
    projectResponse.parse((await bea.read(`/api/projects/${id}`)).body).stages.find((item) => item.stageNumber === stage)!.data as Record<
      string,
      unknown
    >;

  it('takes the headline and the call to action sent at once on the same revision, each naming only its own text', async () => {
    id = (await bea.command('POST', '/api/projects', { project: { name: 'Tip Wall' } })).body.project.id;
    loaded = projectResponse.parse((await bea.read(`/api/projects/${id}`)).body).revision!;
    const answers = await Promise.all([
      notes(5, {
        fields: { webpageElements: { headline: 'Tip the wall' } },
        baseRevision: loaded,
        baseFields: { webpageElements: { headline: '' } },
      }),
      notes(5, { fields: { webpageElements: { cta: 'Tip now' } }, baseRevision: loaded, baseFields: { webpageElements: { cta: '' } } }),
      notes(5, { fields: { whyMicro: 'One page' }, baseRevision: loaded, baseFields: { whyMicro: '' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await stored(5)).toMatchObject({ webpageElements: { headline: 'Tip the wall', cta: 'Tip now', explanation: '' }, whyMicro: 'One page' });
  });

  it("takes a save on an old revision over the tab's own later save (its answer never came), and refuses another writer's", async () => {
    expect((await notes(4, { fields: { rewardFlow: 'A pool' }, baseRevision: loaded, baseFields: { rewardFlow: '' } })).status).toBe(200);
    // Sent before the answer above arrived: made on the same old revision, on the text this tab had just sent.
    const own = await notes(4, { fields: { rewardFlow: 'A pool of tips' }, baseRevision: loaded, baseFields: { rewardFlow: 'A pool' } });
    expect(own.status).toBe(200);
    // A writer that never saw 'A pool of tips' is still refused.
    const other = await notes(4, { fields: { rewardFlow: 'Straight to the creator' }, baseRevision: loaded, baseFields: { rewardFlow: 'A pool' } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ field: 'stages.4.rewardFlow', current: { value: 'A pool of tips' } });
  });
});
