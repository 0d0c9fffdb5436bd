import { projectResponse, type ProjectResponse } from '@vis/domain';
import { balancesProjection, projectsProjection, projectSummariesProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini } from '@vis/command-api/testing';
import { openCommandQueryStack } from './testing/command-query-stack.ts';

/**
 * Paid results are applied by the server in the request that charges for them (issue 25): after one AI request
 * the project read shows the prompt, the report or the quick idea, with no second call from the browser.
 */
type Stack = Awaited<ReturnType<typeof openCommandQueryStack>>;
type Browser = ReturnType<Stack['browser']>;

let stack: Stack;
let gemini: FakeGemini | undefined;

const open = async (withGemini = false) => {
  gemini = withGemini ? await startFakeGemini() : undefined;
  stack = await openCommandQueryStack({
    projections: [projectsProjection, projectSummariesProjection, balancesProjection],
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
    ai: gemini ? { geminiApiKey: 'AIzaSy-server-key-for-tests-0001', geminiModel: 'gemini-test-model', geminiBaseUrl: gemini.baseUrl } : undefined,
  });
};
beforeEach(() => open());
afterEach(async () => {
  await stack.close();
  await gemini?.close();
});

const idea = 'A wall where every tip joins a pool that pays the best messages daily';

const createProject = async (browser: Browser, project: object = { coreIdea: idea }) =>
  (await browser.post('/api/projects').send({ project }).expect(201)).body.project.id as string;

/** The project as the screen reads it, at the position an answer named (read-your-writes). */
const read = async (browser: Browser, projectId: string, position: string): Promise<ProjectResponse> =>
  projectResponse.parse((await browser.get(`/api/projects/${projectId}`).set('X-Min-Position', position).expect(200)).body);

/** A stage's data as the screen gets it (loosely typed: each test names the fields it checks). */
const stage = (project: ProjectResponse, stageNumber: number) =>
  project.stages.find((each) => each.stageNumber === stageNumber)!.data as Record<string, unknown>;

const typesOf = async () => (await stack.events()).map((event) => event.type);

describe('POST /api/generate-technical-report puts what it answers into the project', () => {
  it('the final prompt (promptOnly): one request, and the project read shows it', async () => {
    const ann = stack.browser();
    const projectId = await createProject(ann);
    const res = await ann.post('/api/generate-technical-report').send({ projectId, promptOnly: true }).expect(200);
    expect(res.body.position).toEqual(expect.any(String));
    const prompt = res.body.report.finalPrompt as string;
    expect(prompt.length).toBeGreaterThan(0);
    expect(stage(await read(ann, projectId, res.body.position), 6).finalPrompt).toBe(prompt);
  });

  it('the modified prompt (existingPrompt + removeParameters) replaces the final prompt', async () => {
    const ann = stack.browser();
    const projectId = await createProject(ann);
    const first = await ann.post('/api/generate-technical-report').send({ projectId, promptOnly: true }).expect(200);
    const res = await ann
      .post('/api/generate-technical-report')
      .send({ projectId, existingPrompt: first.body.report.finalPrompt, removeParameters: ['Viral'] })
      .expect(200);
    const modified = res.body.report.finalPrompt as string;
    expect(modified).not.toBe(first.body.report.finalPrompt);
    expect(stage(await read(ann, projectId, res.body.position), 6).finalPrompt).toBe(modified);
  });

  it('the technical (comprehensive) report: one request, and the project read shows it', async () => {
    const ann = stack.browser();
    const projectId = await createProject(ann);
    const res = await ann.post('/api/generate-technical-report').send({ projectId }).expect(200);
    const shown = stage(await read(ann, projectId, res.body.position), 6).technicalReport as { detailedIdea: string } | null;
    expect(shown).not.toBeNull();
    expect(shown!.detailedIdea).toBe(res.body.report.detailedIdea);
  });

  it("another person's project is missing (404), and nothing is charged or written", async () => {
    const projectId = await createProject(stack.browser());
    const before = await typesOf();
    const res = await stack.browser().post('/api/generate-technical-report').send({ projectId, promptOnly: true });
    expect(res.status).toBe(404);
    expect(await typesOf()).toEqual(before);
  });
});

describe('a failed model call', () => {
  beforeEach(async () => {
    await stack.close();
    await open(true);
  });

  it.each([
    ['the final prompt', { promptOnly: true }],
    ['the technical report', {}],
  ])('%s: refunded, and nothing is written to the project', async (_, asked) => {
    const ann = stack.browser();
    const projectId = await createProject(ann);
    gemini!.answer({ status: 500, message: 'internal' });
    const res = await ann.post('/api/generate-technical-report').send({ projectId, ...asked });
    expect(res.status).toBe(502);
    const types = await typesOf();
    expect(types.filter((type) => type === 'AiRequestCharged')).toHaveLength(1);
    expect(types.filter((type) => type === 'AiRequestRefunded')).toHaveLength(1);
    expect(types).not.toContain('FinalPromptRecorded');
    expect(types).not.toContain('TechnicalReportRecorded');
    const last = (await stack.events()).at(-1)!;
    const shown = await read(ann, projectId, String(last.position));
    expect(stage(shown, 6)).toMatchObject({ finalPrompt: '', technicalReport: null });
  });

  it('a quick idea whose project was deleted while the model ran: refunded, and no project is left filled', async () => {
    const ann = stack.browser();
    const projectId = await createProject(ann);
    let release = () => {};
    gemini!.answer({
      until: new Promise((resolve) => (release = () => resolve(undefined))),
      text: JSON.stringify({ projectName: 'Tip Pool', lists: { viralParameters: ['FOMO'] }, concepts: [{ name: 'Tip Wall', simplicityScore: 4 }] }),
    });
    const asked = ann
      .post('/api/quick-generate-idea')
      .send({ projectId, coreIdea: idea })
      .then((res) => res);
    while (gemini!.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await ann.delete(`/api/projects/${projectId}`).expect(200);
    release();
    expect((await asked).status).toBe(404);
    const types = await typesOf();
    expect(types.filter((type) => type === 'AiRequestRefunded')).toHaveLength(1);
    expect(types).not.toContain('ConceptsProposed');
  });
});

describe('POST /api/quick-generate-idea puts the idea into a project', () => {
  it('fill (the default with a projectId): the lists, concepts and empty texts are filled; what the person typed stays', async () => {
    const ann = stack.browser();
    const projectId = await createProject(ann, { name: 'My Wall', coreIdea: idea });
    await ann
      .patch(`/api/projects/${projectId}/stages/4/notes`)
      .send({ fields: { rewardSource: 'My own reward source' } })
      .expect(200);
    const res = await ann.post('/api/quick-generate-idea').send({ projectId, coreIdea: idea }).expect(200);
    expect(res.body.projectId).toBe(projectId);
    const shown = await read(ann, projectId, res.body.position);
    expect(shown.project.name).toBe('My Wall');
    const offered = res.body.projectData.stages as { stageNumber: number; data: Record<string, unknown> }[];
    expect(stage(shown, 1).viralParameters).toEqual(expect.arrayContaining(offered[0]!.data.viralParameters as string[]));
    expect(stage(shown, 3).ideaConcepts).toEqual(offered[2]!.data.ideaConcepts);
    expect(stage(shown, 3).selectedConceptIndex).toBe(0);
    expect(stage(shown, 4).rewardSource).toBe('My own reward source');
    expect(stage(shown, 4).rewardFlow).toBe(offered[3]!.data.rewardFlow);
    expect(stage(shown, 4).rewardFlow).not.toBe('');
    expect(stage(shown, 5).finalConceptName).toBe(offered[4]!.data.finalConceptName);
    expect((await typesOf()).filter((type) => type === 'AiRequestCharged')).toHaveLength(1);
  });

  it('new: the server makes a project of the caller with the idea in it, and answers its id', async () => {
    const ann = stack.browser();
    const current = await createProject(ann);
    const res = await ann
      .post('/api/quick-generate-idea')
      .send({ coreIdea: idea, parameters: ['Viral'], target: 'new' })
      .expect(200);
    const created = res.body.projectId as string;
    expect(created).not.toBe(current);
    const shown = await read(ann, created, res.body.position);
    expect(shown.project).toMatchObject({ name: res.body.projectData.name, coreIdea: idea });
    expect(stage(shown, 3).ideaConcepts).toEqual(res.body.projectData.stages[2].data.ideaConcepts);
    expect(stage(shown, 1).viralParameters).toEqual(res.body.projectData.stages[0].data.viralParameters);
    // Nobody else sees it.
    expect((await stack.browser().get(`/api/projects/${created}`).set('X-Min-Position', res.body.position)).status).toBe(404);
    expect((await typesOf()).filter((type) => type === 'AiRequestCharged')).toHaveLength(1);
  });

  it("fill refuses another person's project with 404, and charges nothing", async () => {
    const projectId = await createProject(stack.browser());
    const mallory = stack.browser();
    await createProject(mallory);
    const before = await typesOf();
    const res = await mallory.post('/api/quick-generate-idea').send({ projectId, coreIdea: idea, target: 'fill' });
    expect(res.status).toBe(404);
    expect(await typesOf()).toEqual(before);
  });

  it.each([
    ['fill without a project', { target: 'fill' }],
    ['new with a project id', { target: 'new', projectId: '3f1d6a52-54a6-4c5e-9c3a-0d2f8b9e7a10' }],
  ])('refuses %s with 400 naming projectId, and charges nothing', async (_, body) => {
    const res = await stack
      .browser()
      .post('/api/quick-generate-idea')
      .send({ coreIdea: idea, ...body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'projectId' });
    expect(await typesOf()).toEqual([]);
  });
});
