import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const eventTypes = async (id: string) => (await server.eventStore.readStream(`project-${id}`)).map((event) => event.type);
const report = {
  technicalSpecifications: {
    architecture: 'One page',
    frontend: 'HTML',
    backend: 'Worker',
    database: 'KV',
    api: 'REST',
    security: 'CSP',
    scalability: 'CDN',
  },
  prototypeStructure: { mvpDefinition: 'Tip wall', coreFeatures: 'Tips', implementation: 'Week 1', timeline: '2 weeks', testing: 'Manual' },
  implementationPlan: { phases: 'One', resources: 'One dev', roadmap: 'Ship', risks: 'Spam', metrics: 'Tips per day' },
  parameterAudit: { incompatibleParameters: [{ parameter: 'FOMO', reason: 'Conflicts with calm design' }] },
  detailedIdea: 'A wall of tips',
};

describe('task endpoints, one per thing a user does', () => {
  const ann = httpClient(() => server.url);
  let id = '';
  const task = async (method: string, path: string, body?: unknown) => {
    const res = await ann.call(method, `/api/projects/${id}${path}`, body);
    return res;
  };

  beforeAll(async () => {
    id = (await ann.call('POST', '/api/projects', { project: { name: 'Tasks' } })).body.project.id;
  });

  it('removes and clears parameters', async () => {
    await task('POST', '/parameters', { list: 'viralParameters', value: 'FOMO' });
    await task('POST', '/parameters', { list: 'viralParameters', value: 'scarcity' });
    expect((await task('POST', '/parameters/remove', { list: 'viralParameters', value: 'scarcity' })).body.events).toEqual(['ParameterRemoved']);
    expect((await task('POST', '/parameters/remove', { list: 'viralParameters', value: 'absent' })).body).toMatchObject({ changed: false });
    expect((await task('POST', '/parameters/clear', { list: 'parameters' })).body.events).toEqual(['ParametersCleared']);
  });

  it('adds and removes an audience segment by index', async () => {
    const added = await task('POST', '/audience-segments', {
      name: 'Tippers',
      description: 'People who tip',
      reachStrategy: 'Share buttons',
      motivations: ['status'],
    });
    expect(added.body.events).toEqual(['AudienceSegmentAdded']);
    expect((await task('DELETE', '/audience-segments/5')).body).toMatchObject({ success: false, message: 'Audience segment not found' });
    expect((await task('DELETE', '/audience-segments/0')).body.events).toEqual(['AudienceSegmentRemoved']);
  });

  it('records a technical report and a final prompt, and removes an audited parameter', async () => {
    expect((await task('PUT', '/technical-report', { report })).body.events).toEqual(['TechnicalReportRecorded']);
    expect((await task('PUT', '/final-prompt', { prompt: 'Build a tip wall' })).body.events).toEqual(['FinalPromptRecorded']);
    const removed = await task('POST', '/audit/remove-parameter', { parameter: 'FOMO' });
    expect(removed.body.events).toEqual(['ParameterRemoved', 'AuditFindingResolved']);
    const missing = await task('POST', '/audit/remove-parameter', { parameter: 'FOMO' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'Parameter Not Found', message: 'Could not find parameter in the project' });
  });

  it('moves between stages, resets one stage and the whole project', async () => {
    // The current stage follows the stage screen opened (spec 02 §2.1), whatever the generator's lock says.
    expect((await task('PUT', '/current-stage', { stage: 4 })).body.events).toEqual(['CurrentStageChanged']);
    await task('POST', '/concepts', { concepts: [{ name: 'Tip jar', simplicityScore: 4 }] });
    await task('PATCH', '/stages/4/notes', { fields: { rewardSource: 'fees' } });
    expect((await task('POST', '/stages/4/reset')).body.events).toEqual(['StageReset']);
    expect((await task('POST', '/stages/9/reset')).status).toBe(400);
    const reset = await task('POST', '/reset');
    expect(reset.body.events).toEqual(['ProjectReset']);
    const read = await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': reset.body.position });
    expect(read.body.project).toMatchObject({
      name: 'New Viral Idea',
      coreIdea: '',
      parameters: ['Viral', 'Simple Page', 'No Externalities'],
      currentStageIndex: 1,
      aiApiStatus: 'Not Set',
    });
  });

  it('appends nothing for a refused task', async () => {
    const before = await eventTypes(id);
    expect((await task('PUT', '/name', { name: '   ' })).body).toMatchObject({ success: false, message: 'Project name is required', field: 'name' });
    expect((await task('PUT', '/selected-concept', { index: 3 })).status).toBe(400);
    expect((await task('POST', '/concepts', { concepts: [{ name: 'X', simplicityScore: 9 }] })).body.message).toMatch(/simplicityScore/);
    expect((await task('PUT', '/final-prompt', { prompt: 7 })).body.message).toMatch(/^prompt: /);
    expect(await eventTypes(id)).toEqual(before);
  });
});
