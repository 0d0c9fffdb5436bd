import { describe, expect, it } from 'vitest';
import { coreIdeaChanged, parameterAdded, projectCreated, projectDeleted, projectRenamed, stageNotesUpdated } from '../testing/project-fixtures.ts';
import type { ProjectEvent } from './events.ts';
import { historyActorOf, historyEventTypesOf, historyKindOf, projectChanges } from './history.ts';
import { PROJECT_EVENT_TYPES } from './events.ts';
import { evolveProject, initialProjectState, type ProjectState } from './state.ts';

/** The state before and after the last event, folded with the domain's own evolve. */
const changesOf = (events: ProjectEvent[]) => {
  const before = events.slice(0, -1).reduce<ProjectState>(evolveProject, initialProjectState());
  return projectChanges(before, evolveProject(before, events.at(-1)!));
};

describe('what an event changed, in the screens words', () => {
  it('names a renamed project by its label, with both names', () =>
    expect(changesOf([projectCreated(), projectRenamed('Tip Wall')])).toEqual([
      { field: 'Project name', before: 'New Viral Idea', after: 'Tip Wall' },
    ]));

  it('names a stage list by its title, with the whole list before and after', () => {
    const [change, ...others] = changesOf([projectCreated(), parameterAdded({ list: 'rewardSourceParameters', value: 'Sponsors' })]);
    expect(others).toEqual([]);
    expect(change).toEqual({ field: 'Reward Source', before: [], after: ['Sponsors'] });
  });

  it('names stage notes by their labels and leaves untouched fields out', () =>
    expect(changesOf([projectCreated(), stageNotesUpdated(2, { keyInsights: 'Tips travel' }, { keyInsights: '' })])).toEqual([
      { field: 'Key insights', before: '', after: 'Tips travel' },
    ]));

  it('lists what a project was created with, and a deletion', () => {
    expect(changesOf([projectCreated({ name: 'Tip Jar' })])).toContainEqual({ field: 'Project name', before: null, after: 'Tip Jar' });
    expect(changesOf([projectCreated({ name: 'Tip Jar' }), projectDeleted('Tip Jar')])).toEqual([
      { field: 'Project', before: 'Tip Jar', after: null },
    ]);
  });

  it('an event that changes nothing changes nothing', () =>
    expect(changesOf([projectCreated(), coreIdeaChanged('Tips'), coreIdeaChanged('Tips', 'Tips')])).toEqual([]));
});

describe('kinds and actors', () => {
  it('gives every project event a kind', () => {
    for (const type of PROJECT_EVENT_TYPES) expect(historyKindOf(type)).toBeDefined();
    expect(historyEventTypesOf(['ai'])).toEqual([
      'AiSuggestionsGenerated',
      'AiPromptGenerated',
      'AiReportGenerated',
      'AiResultsGenerated',
      'StageDraftsProposed',
    ]);
  });

  it("takes the AI's answers for the AI's, and people by their actor id", () => {
    expect(historyActorOf('AiSuggestionsGenerated', 'user-ann')).toBe('ai');
    expect(historyActorOf('ParameterAdded', 'user-ann')).toBe('user');
    expect(historyActorOf('ParameterAdded', 'visitor-ann')).toBe('visitor');
    expect(historyActorOf('ParameterAdded', 'operator')).toBe('system');
    expect(historyActorOf('ParameterAdded', undefined)).toBe('system');
  });
});
