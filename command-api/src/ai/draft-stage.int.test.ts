import { FREE_PLAYS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';
import { json, startFakeGemini, type FakeGemini } from './testing/fake-gemini.ts';

const idea = 'A wall where every tip joins a pool that pays the best messages daily';
let ai: AiApp;

const eventsOfType = async (type: string) => (await ai.events()).filter((event) => event.type === type);
const accountIdOf = async () => ((await eventsOfType('AiRequestCharged'))[0]!.data as { accountId: string }).accountId;

/** A guided project with a core idea and, when asked, a selected concept. */
const projectWith = async (visitor: Visitor, { selected = false, typed = {} } = {}) => {
  const projectId = await createProject(visitor, { project: { coreIdea: idea } });
  if (selected) {
    expect((await visitor.post(`/api/projects/${projectId}/concepts`).send({ concepts: [{ name: 'Tip Wall', simplicityScore: 4 }] })).status).toBe(
      200,
    );
    expect((await visitor.put(`/api/projects/${projectId}/selected-concept`).send({ index: 0 })).status).toBe(200);
  }
  if (Object.keys(typed).length > 0)
    expect((await visitor.patch(`/api/projects/${projectId}/stages/4/notes`).send({ fields: typed })).status).toBe(200);
  return projectId;
};

describe('POST /api/draft-stage (offline)', () => {
  beforeEach(async () => (ai = await startAiApp()));
  afterEach(() => ai.cleanup());

  it('stage 3 adds three concepts to the project, charged one free play, recorded with the answer', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor);
    const res = await visitor.post('/api/draft-stage').send({ projectId, stage: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      stage: 3,
      offline: true,
      requestId: expect.stringMatching(/^ai-/),
      position: expect.any(String),
    });
    expect(res.body.concepts).toHaveLength(3);
    const [proposed] = await eventsOfType('ConceptsProposed');
    expect((proposed!.data as { concepts: { name: string }[] }).concepts.map((concept) => concept.name)).toEqual(res.body.concepts);
    expect(await eventsOfType('AiResultsGenerated')).toHaveLength(1);
    expect(await ai.accounts.stateOf(await accountIdOf())).toMatchObject({ freePlaysLeft: FREE_PLAYS - 1 });
  });

  it('stage 4 fills the empty fields and leaves a proposal beside the text the person typed', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true, typed: { rewardSource: 'My own words' } });
    const res = await visitor.post('/api/draft-stage').send({ projectId, stage: 4 });
    expect(res.status).toBe(200);
    expect(res.body.drafted).toEqual(expect.arrayContaining(['rewardSource', 'rewardFlow']));
    const [draft] = await eventsOfType('StageDraftsProposed');
    expect(draft!.data).toMatchObject({ stage: 4, requestId: res.body.requestId, proposals: { rewardSource: expect.any(String) } });
    const fills = (await eventsOfType('StageNotesUpdated')).map((event) => event.data as { stage: number; fields: Record<string, string> });
    expect(fills.at(-1)).toMatchObject({ stage: 4, fields: { rewardFlow: expect.any(String) } });
    expect(fills.at(-1)!.fields).not.toHaveProperty('rewardSource');

    // Replace names the proposal; the server applies the text it stored.
    const text = (draft!.data as { proposals: Record<string, string> }).proposals.rewardSource;
    const chosen = await visitor
      .post(`/api/projects/${projectId}/proposals/resolve`)
      .send({ requestId: res.body.requestId, field: 'rewardSource', choice: 'replace' });
    expect(chosen.status).toBe(200);
    expect((await eventsOfType('StageNotesUpdated')).at(-1)!.data).toMatchObject({
      fields: { rewardSource: text },
      previous: { rewardSource: 'My own words' },
    });
    const again = await visitor
      .post(`/api/projects/${projectId}/proposals/resolve`)
      .send({ requestId: res.body.requestId, field: 'rewardSource', choice: 'keep' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, field: 'requestId' });
  });

  it('a field Suggest drafts that field only', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true, typed: { rewardSource: 'My own words' } });
    const res = await visitor.post('/api/draft-stage').send({ projectId, stage: 4, field: 'rewardSource' });
    expect(res.status).toBe(200);
    expect(res.body.drafted).toEqual(['rewardSource']);
    expect((await eventsOfType('StageDraftsProposed'))[0]!.data).toMatchObject({ proposals: { rewardSource: expect.any(String) } });
    expect(Object.keys(((await eventsOfType('StageDraftsProposed'))[0]!.data as { proposals: object }).proposals)).toEqual(['rewardSource']);
  });

  it.each([
    ['a field stage 5 does not have', { stage: 5, field: 'rewardSource' }, 'field'],
    ['a field on stage 3', { stage: 3, field: 'name' }, 'field'],
    ['a field the refinement does not write', { stage: 5, field: 'targetAudience' }, 'field'],
    ['a stage that is not drafted', { stage: 2 }, 'stage'],
    ['an unknown field in the body', { stage: 3, colour: 'red' }, 'colour'],
  ])('refuses %s with 400 naming the field, and charges nothing', async (_, body, field) => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true });
    const res = await visitor.post('/api/draft-stage').send({ projectId, ...body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(await eventsOfType('AiRequestCharged')).toEqual([]);
  });

  it('refuses stage 4 before a concept is selected, and a project without a core idea, charging nothing', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor);
    expect((await visitor.post('/api/draft-stage').send({ projectId, stage: 4 })).body).toMatchObject({ field: 'stage' });
    const bare = await createProject(visitor);
    expect((await visitor.post('/api/draft-stage').send({ projectId: bare, stage: 3 })).body).toMatchObject({ field: 'coreIdea' });
    expect(await eventsOfType('AiRequestCharged')).toEqual([]);
  });

  it("answers another owner's project as missing, and charges nothing", async () => {
    const projectId = await projectWith(ai.visitor());
    const res = await ai.visitor().post('/api/draft-stage').send({ projectId, stage: 3 });
    expect(res.status).toBe(404);
    expect(await eventsOfType('AiRequestCharged')).toEqual([]);
  });

  it('refuses a second concept of the same name from the form, naming the field', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true });
    const res = await visitor.post(`/api/projects/${projectId}/concepts`).send({ concepts: [{ name: 'Tip Wall', simplicityScore: 2 }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'concepts.0.name', message: 'A concept with this name already exists' });
  });
});

describe('POST /api/draft-stage (Gemini fails)', () => {
  let gemini: FakeGemini;
  beforeEach(async () => {
    gemini = await startFakeGemini({ validKeys: [] });
    ai = await startAiApp({ gemini });
  });
  afterEach(async () => {
    await ai.cleanup();
    await gemini.close();
  });

  it('gives the free play back and changes nothing in the project', async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true });
    gemini.answer({ status: 500, message: 'internal' });
    const res = await visitor.post('/api/draft-stage').send({ projectId, stage: 5 });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, error: 'Failed to process stage' });
    expect(await eventsOfType('AiRequestRefunded')).toHaveLength(1);
    expect(await ai.accounts.stateOf(await accountIdOf())).toMatchObject({ freePlaysLeft: FREE_PLAYS });
    expect(await eventsOfType('StageDraftsProposed')).toEqual([]);
  });

  it("uses the model's answer: stage 5 starts from the selected concept's name and fills the pitch", async () => {
    const visitor = ai.visitor();
    const projectId = await projectWith(visitor, { selected: true });
    gemini.answer(json({ fields: { finalConceptName: 'Tip Wall Live', oneLinerPitch: 'Tips that pay the best message' }, summary: 'ok' }));
    const res = await visitor.post('/api/draft-stage').send({ projectId, stage: 5 });
    expect(res.status).toBe(200);
    expect(res.body.offline).toBe(false);
    // The selection started the final concept name; the model's other name waits beside it.
    expect((await eventsOfType('StageDraftsProposed'))[0]!.data).toMatchObject({ proposals: { finalConceptName: 'Tip Wall Live' } });
    expect((await eventsOfType('StageNotesUpdated')).at(-1)!.data).toMatchObject({
      stage: 5,
      fields: { oneLinerPitch: 'Tips that pay the best message' },
    });
  });
});
