import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  audienceSegmentAdded,
  audienceSegmentRemoved,
  auditFindingResolved,
  conceptSelected,
  conceptsProposed,
  contentOf,
  coreIdeaChanged,
  currentStageChanged,
  defaultParameters,
  finalPromptRecorded,
  owner,
  parameterAdded,
  parameterRemoved,
  parametersCleared,
  projectCreated,
  projectId,
  projectImported,
  projectRenamed,
  projectReset,
  report,
  snapshot,
  stageAdvanced,
  stageNotesUpdated,
  stageReset,
  technicalReportRecorded,
  tippers,
  tipWall,
} from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { emptyStages, STAGE_DEFAULTS } from './stages.ts';
import { evolveProject, evolveProjectContent, initialProjectState, type ActiveProjectState } from './state.ts';

const stateAfter = (...events: ProjectEvent[]): ActiveProjectState => {
  const state = fold(projectDecider, [projectCreated(), ...events]);
  if (state.status !== 'active') throw new Error('the project should exist');
  return state;
};

describe('evolveProject', () => {
  it('starts a new project, guided when its event names no kind, on stage 1 with empty stages and no AI key', () =>
    expect(stateAfter()).toEqual({
      status: 'active',
      projectId,
      ownerId: owner,
      name: 'New Viral Idea',
      coreIdea: '',
      parameters: defaultParameters,
      currentStageIndex: 1,
      aiKeyStatus: 'Not Set',
      aiKey: null,
      stages: emptyStages(),
      kind: 'guided',
      builder: null,
      revision: 0,
      textRevisions: {},
    }));

  it('ignores events before the project exists', () =>
    expect(projectDecider.evolve(initialProjectState(), projectRenamed('x'))).toEqual(initialProjectState()));

  it('keeps name and core idea', () =>
    expect(stateAfter(projectRenamed('Tip Jar'), coreIdeaChanged('pays'))).toMatchObject({ name: 'Tip Jar', coreIdea: 'pays' }));

  it('adds, removes and clears parameters in the list the event names', () => {
    const state = stateAfter(
      parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
      parameterAdded({ list: 'viralParameters', value: 'status' }),
      parameterRemoved({ list: 'viralParameters', value: 'FOMO' }),
      parameterAdded({ list: 'audienceTypeParameters', value: 'gamers' }),
      parametersCleared('parameters', defaultParameters),
    );
    expect(state.stages[1].viralParameters).toEqual(['status']);
    expect(state.stages[2].audienceTypeParameters).toEqual(['gamers']);
    expect(state.parameters).toEqual([]);
  });

  it('merges updated notes into their stage', () => {
    const state = stateAfter(
      stageNotesUpdated(4, { rewardFlow: 'pool' }, { rewardFlow: '' }),
      stageNotesUpdated(4, { rewardSource: 'fee' }, { rewardSource: '' }),
    );
    expect(state.stages[4]).toEqual({ ...STAGE_DEFAULTS[4], rewardFlow: 'pool', rewardSource: 'fee' });
  });

  it('adds and removes audience segments', () => {
    const artists = tippers({ name: 'Artists' });
    const state = stateAfter(audienceSegmentAdded(), audienceSegmentAdded(artists, 1), audienceSegmentRemoved(tippers(), 0));
    expect(state.stages[2].audienceSegments).toEqual([artists]);
  });

  it('appends concepts and keeps the selection', () => {
    const state = stateAfter(conceptsProposed([tipWall()]), conceptsProposed([tipWall({ name: 'Echo' })], 1), conceptSelected(1, 'Echo'));
    expect(state.stages[3]).toEqual({ ideaConcepts: [tipWall(), tipWall({ name: 'Echo' })], selectedConceptIndex: 1 });
  });

  it('moves the current stage on advancing and on choosing a stage', () => {
    expect(stateAfter(stageAdvanced(1), stageAdvanced(2)).currentStageIndex).toBe(3);
    expect(stateAfter(stageAdvanced(1), currentStageChanged(5, 2)).currentStageIndex).toBe(5);
  });

  it('empties one stage on a stage reset and leaves the others', () => {
    const state = stateAfter(parameterAdded({ list: 'viralParameters' }), conceptsProposed([tipWall()]), stageReset(3, ['ideaConcepts']));
    expect(state.stages[3]).toEqual(STAGE_DEFAULTS[3]);
    expect(state.stages[1].viralParameters).toEqual(['scarcity']);
  });

  it('keeps the report and the final prompt, and drops an audit finding once resolved', () => {
    const findings = [
      { parameter: 'Viral', reason: 'too vague' },
      { parameter: 'FOMO', reason: 'dark pattern' },
    ];
    const state = stateAfter(
      technicalReportRecorded(report(findings)),
      finalPromptRecorded('Build it'),
      auditFindingResolved('FOMO', 'dark pattern'),
    );
    expect(state.stages[6].technicalReport?.parameterAudit.incompatibleParameters).toEqual([{ parameter: 'Viral', reason: 'too vague' }]);
    expect(state.stages[6].finalPrompt).toBe('Build it');
  });

  it('ignores a resolved finding when there is no report', () =>
    expect(contentOf(stateAfter(auditFindingResolved('FOMO', 'x')))).toEqual(contentOf(stateAfter())));

  it('is back to a new project after a reset', () =>
    expect(
      contentOf(stateAfter(projectRenamed('Tip Jar'), coreIdeaChanged('pays'), conceptsProposed([tipWall()]), stageAdvanced(3), projectReset())),
    ).toEqual(contentOf(stateAfter())));

  it('replaces everything but id, owner and key status on import', () => {
    const stages = emptyStages();
    stages[4].rewardFlow = 'pool';
    const state = stateAfter(projectRenamed('Tip Jar'), projectImported(snapshot({ name: 'Imported', currentStageIndex: 4, stages })));
    expect(contentOf(state)).toEqual({ ...contentOf(stateAfter()), name: 'Imported', currentStageIndex: 4, stages });
  });

  it('does not share the imported stages with the event', () => {
    const event = projectImported(snapshot());
    const state = stateAfter(event);
    state.stages[1].viralParameters.push('changed');
    expect(event.data.snapshot.stages[1].viralParameters).toEqual([]);
  });
});

describe('evolveProjectContent', () => {
  it('folds every kind of project event to the same project as evolveProject, without tracking text revisions', () => {
    const events: ProjectEvent[] = [
      projectCreated(),
      projectRenamed('Tip Jar'),
      coreIdeaChanged('pays'),
      parameterAdded({ list: 'viralParameters', value: 'FOMO' }),
      stageNotesUpdated(4, { rewardFlow: 'pool' }, { rewardFlow: '' }),
      audienceSegmentAdded(),
      conceptsProposed([tipWall()]),
      conceptSelected(0, 'Tip Wall'),
      stageAdvanced(1),
      technicalReportRecorded(report([{ parameter: 'FOMO', reason: 'dark pattern' }])),
      auditFindingResolved('FOMO', 'dark pattern'),
      stageReset(3, ['ideaConcepts']),
      projectImported(snapshot({ name: 'Imported' })),
    ];
    let tracked = initialProjectState();
    let content = initialProjectState();
    const revisionsSeen: Record<string, number>[] = [];
    for (const event of events) {
      tracked = evolveProject(tracked, event);
      content = evolveProjectContent(content, event);
      expect(content).toEqual({ ...tracked, textRevisions: {} });
      if (tracked.status === 'active') revisionsSeen.push({ ...tracked.textRevisions });
    }
    // The decider's fold did track them: after the notes (revision 4), each text names the revision that changed it.
    expect(revisionsSeen[4]).toEqual({ name: 1, coreIdea: 2, 'stages.4.rewardFlow': 4 });
  });

  it('leaves the state it was given as it was', () => {
    const created = evolveProject(initialProjectState(), projectCreated());
    const before = structuredClone(created);
    evolveProject(created, projectRenamed('Tip Jar'));
    evolveProjectContent(created, projectRenamed('Tip Jar'));
    expect(created).toEqual(before);
  });
});
