import { FREE_PLAYS } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, startAiApp, type AiApp, type Visitor } from './testing/ai-app.ts';

let ai: AiApp;
beforeEach(async () => (ai = await startAiApp()));
afterEach(() => ai.cleanup());

const coreIdea = 'A wall where every tip joins a pool that pays the best messages daily';
const viralMechanics = 'Winners get a shareable trophy card that invites friends to beat them';
/** One distinct value per builder step, so that the prompt can be checked for each. */
const VALUES = {
  technical: 'XNO payments',
  sustainability: 'Fee recycling',
  socialCurrency: 'Top tipper crown on the wall',
  emotion: 'Thrill of the daily draw',
  public: 'Live ticker of new tips',
  practicalValue: 'Learn what messages people love',
  stories: 'The underdog message that won the pot',
  community: 'Members vote on the daily theme',
} as const;

const fillBuilder = async (visitor: Visitor) => {
  const projectId = await createProject(visitor, { project: { kind: 'builder', name: 'Tip Wall' } });
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  ok(await visitor.put(`/api/projects/${projectId}/builder/core-idea`).send({ coreIdea }));
  ok(await visitor.put(`/api/projects/${projectId}/builder/viral-mechanics`).send({ viralMechanics }));
  for (const [category, value] of Object.entries(VALUES)) {
    ok(await visitor.post(`/api/projects/${projectId}/builder/parameters`).send({ category, value }));
  }
  return projectId;
};

const eventsOfType = async (type: string) => (await ai.events()).filter((event) => event.type === type);

describe('POST /api/generate-enhanced-prompt for a builder project (offline)', () => {
  it('writes a prompt naming the core idea, the viral mechanics and every step under its heading, and records it with the analysis report', async () => {
    const visitor = ai.visitor();
    const projectId = await fillBuilder(visitor);

    const res = await visitor.post('/api/generate-enhanced-prompt').send({ projectId });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Enhanced Prompt Generated', offline: true });
    const prompt: string = res.body.enhancedPrompt;
    expect(prompt).toContain('Tip Wall');
    expect(prompt).toContain(coreIdea);
    expect(prompt).toContain(viralMechanics);
    for (const value of Object.values(VALUES)) expect(prompt).toContain(value);
    for (const heading of ['## Social currency', '## Emotion', '## Public', '## Practical value', '## Stories', '## Community']) {
      expect(prompt).toContain(heading);
    }
    expect(prompt).not.toContain('socialCurrency');
    expect(res.body.analysisReport).toMatch(/Viral strength: 6 of 6/);

    const [recorded] = await eventsOfType('BuilderPromptRecorded');
    expect(recorded?.data).toMatchObject({ projectId, prompt, analysisReport: res.body.analysisReport, requestId: res.body.requestId });
    const charges = await eventsOfType('AiRequestCharged');
    expect(charges).toHaveLength(1);
    expect(charges[0]?.data).toMatchObject({ method: 'free_play', freePlaysLeft: FREE_PLAYS - 1 });
  });

  it('differs between two builder projects: each prompt has its own values and not the other one', async () => {
    const visitor = ai.visitor();
    const first = await fillBuilder(visitor);
    const second = await createProject(visitor, { project: { kind: 'builder', name: 'Plant Swap' } });
    await visitor.put(`/api/projects/${second}/builder/core-idea`).send({ coreIdea: 'Neighbours swap cuttings and the best swapper wins the pot' });
    await visitor.post(`/api/projects/${second}/builder/parameters`).send({ category: 'emotion', value: 'Pride in a thriving plant' });

    const a = (await visitor.post('/api/generate-enhanced-prompt').send({ projectId: first })).body.enhancedPrompt as string;
    const b = (await visitor.post('/api/generate-enhanced-prompt').send({ projectId: second })).body.enhancedPrompt as string;

    expect(b).toContain('Pride in a thriving plant');
    expect(b).not.toContain(VALUES.emotion);
    expect(a).not.toContain('Pride in a thriving plant');
    expect(b).toMatch(/Not decided yet.*Social Currency/);
  });

  it("reads a builder's projectData (spec 02 §3 stage data) step by step, without a project", async () => {
    const res = await ai
      .visitor()
      .post('/api/generate-enhanced-prompt')
      .send({
        projectData: {
          name: 'Tip Wall',
          coreIdea,
          stages: [
            { id: 1, data: { coreIdea, commonViralTriggers: viralMechanics, techParameters: [VALUES.technical] } },
            { id: 2, data: { closedLoopParameters: [VALUES.sustainability] } },
            { id: 3, data: { socialCurrencyParams: [VALUES.socialCurrency], socialCurrencyActive: true } },
            { id: 4, data: { emotionParams: [VALUES.emotion] } },
            { id: 5, data: { publicParams: [VALUES.public] } },
            { id: 6, data: { practicalValueParams: [VALUES.practicalValue], storiesParams: [VALUES.stories] } },
          ],
        },
      });
    expect(res.status).toBe(200);
    for (const value of [
      viralMechanics,
      VALUES.technical,
      VALUES.sustainability,
      VALUES.socialCurrency,
      VALUES.emotion,
      VALUES.public,
      VALUES.practicalValue,
      VALUES.stories,
    ]) {
      expect(res.body.enhancedPrompt).toContain(value);
    }
    expect(res.body.enhancedPrompt).toContain('## Stories: the narrative people retell');
    expect(await eventsOfType('BuilderPromptRecorded')).toEqual([]);
  });
});
