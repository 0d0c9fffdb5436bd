import { describe, expect, it } from 'vitest';
import { readModels, stageId, topics } from './names.ts';

/** The wire format itself, spelled out on purpose: changing it breaks every client that cached a name. */
describe('the wire contract names', () => {
  it('formats and parses stage ids, also of project ids that contain -stage-', () => {
    expect(stageId.format('p-1', 3)).toBe('p-1-stage-3');
    expect(stageId.parse('p-1-stage-3')).toEqual({ projectId: 'p-1', stageNumber: 3 });
    expect(stageId.parse('a-stage-2-stage-6')).toEqual({ projectId: 'a-stage-2', stageNumber: 6 });
    for (const id of ['p-1-stage-7', 'p-1-stage-', '-stage-1', 'p-1']) expect(stageId.parse(id)).toBeNull();
  });

  it('names the live topics and parses the scoped ones', () => {
    expect([topics.project('p'), topics.history('p'), topics.projectsOf('u'), topics.balanceOf('u'), topics.idea('i')]).toEqual([
      'project:p',
      'history:p',
      'projects:u',
      'balance:u',
      'idea:i',
    ]);
    expect([topics.myProjects, topics.myBalance, topics.marketplace, topics.feedback, topics.stageFunnel]).toEqual([
      'projects:mine',
      'balance:mine',
      'marketplace',
      'feedback',
      'stage_funnel',
    ]);
    expect(topics.parse('history:p:1')).toEqual({ kind: 'history', id: 'p:1' });
    for (const topic of ['marketplace', 'project:', 'nope:x', ':x']) expect(topics.parse(topic)).toBeNull();
  });

  it('names the read models', () => {
    expect(Object.values(readModels)).toEqual([
      'projects',
      'project_summaries',
      'balances',
      'marketplace_listings',
      'feedback',
      'stage_funnel',
      'project_history',
      'ai_calls',
      'spending',
    ]);
  });
});
