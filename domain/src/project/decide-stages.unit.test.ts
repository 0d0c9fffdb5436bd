import { describe, expect, it } from 'vitest';
import { StageIncompleteError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  addAudienceSegment,
  advanceStage,
  audienceSegmentAdded,
  audienceSegmentRemoved,
  coreIdeaChanged,
  conceptSelected,
  conceptsProposed,
  currentStageChanged,
  parameterAdded,
  projectCreated,
  proposeConcepts,
  removeAudienceSegment,
  resetStage,
  selectConcept,
  setCurrentStage,
  stageAdvanced,
  stageNotesUpdated,
  stageReset,
  technicalReportRecorded,
  finalPromptRecorded,
  tippers,
  tipWall,
  updateStageNotes,
  projectImported,
  snapshot,
} from '../testing/project-fixtures.ts';
import { DUPLICATE_SEGMENT_MESSAGE, LIST_FULL_MESSAGE, MAX_LIST_ITEMS } from './constants.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { emptyStages } from './stages.ts';

const given = deciderSpec(projectDecider);

describe('UpdateStageNotes', () => {
  it('records the changed fields with their previous values', () =>
    given([projectCreated()])
      .when(updateStageNotes(4, { rewardSource: '1.5% fee on every tip', rewardFlow: '' }))
      .then([stageNotesUpdated(4, { rewardSource: '1.5% fee on every tip' }, { rewardSource: '' })]));

  it('keeps notes as typed, spaces included', () =>
    given([projectCreated()])
      .when(updateStageNotes(2, { keyInsights: 'Tips feel good ' }))
      .then([stageNotesUpdated(2, { keyInsights: 'Tips feel good ' }, { keyInsights: '' })]));

  it('replaces structured notes whole and fills the texts an item leaves out', () =>
    given([projectCreated()])
      .when(updateStageNotes(2, { caseStudies: [{ projectName: 'Million Dollar Homepage' }] }))
      .then([
        stageNotesUpdated(
          2,
          { caseStudies: [{ projectName: 'Million Dollar Homepage', summary: '', successFactors: '', failures: '', link: '' }] },
          { caseStudies: [] },
        ),
      ]));

  it('updates key resources on stage 1', () =>
    given([projectCreated()])
      .when(updateStageNotes(1, { keyResources: [{ url: 'https://nano.org' }] }))
      .then([stageNotesUpdated(1, { keyResources: [{ url: 'https://nano.org', description: '' }] }, { keyResources: [] })]));

  it('refuses a key resource that is no web address, naming the field', () =>
    given([projectCreated()])
      .when(updateStageNotes(1, { keyResources: [{ url: 'javascript:alert(1)' }] }))
      .thenThrows(ValidationError, 'Enter a web address starting with https://'));

  it('updates refinement fields on stage 5', () =>
    given([projectCreated()])
      .when(updateStageNotes(5, { oneLinerPitch: 'Tip once, get paid forever', targetAudience: ['creators'] }))
      .then([
        stageNotesUpdated(
          5,
          { oneLinerPitch: 'Tip once, get paid forever', targetAudience: ['creators'] },
          { oneLinerPitch: '', targetAudience: [] },
        ),
      ]));

  it('does nothing when no field changes', () =>
    given([projectCreated(), stageNotesUpdated(4, { rewardFlow: 'daily pool' }, { rewardFlow: '' })])
      .when(updateStageNotes(4, { rewardFlow: 'daily pool', rewardSource: '' }))
      .thenNothingHappened());

  it('does nothing for no fields at all', () => given([projectCreated()]).when(updateStageNotes(1, {})).thenNothingHappened());

  it('refuses a field the stage does not have, naming it', () =>
    given([projectCreated()])
      .when(updateStageNotes(4, { oneLinerPitch: 'x' }))
      .thenThrows(ValidationError, 'Unknown field: oneLinerPitch'));

  it('refuses a parameter list, which has its own commands', () =>
    given([projectCreated()])
      .when(updateStageNotes(1, { viralParameters: ['FOMO'] }))
      .thenThrows(ValidationError, 'viralParameters'));

  it('refuses a note of the wrong type', () =>
    given([projectCreated()])
      .when(updateStageNotes(2, { keyInsights: 42 }))
      .thenThrows(ValidationError, 'keyInsights'));
});

describe('AddAudienceSegment', () => {
  it('adds a trimmed segment at the end of the list', () =>
    given([projectCreated(), audienceSegmentAdded()])
      .when(addAudienceSegment({ name: ' Artists ', description: ' Draw ', motivations: [' fame ', '', 'fame'], reachStrategy: ' forums ' }))
      .then([audienceSegmentAdded({ name: 'Artists', description: 'Draw', motivations: ['fame'], reachStrategy: 'forums' }, 1)]));

  it(`refuses a segment past ${MAX_LIST_ITEMS}, naming the segments`, () =>
    given([projectCreated(), ...Array.from({ length: MAX_LIST_ITEMS }, (_, index) => audienceSegmentAdded(tippers(), index))])
      .when(addAudienceSegment())
      .thenThrows(ValidationError, LIST_FULL_MESSAGE));

  it('refuses a segment named like one in the list, whatever the case', () =>
    given([projectCreated(), audienceSegmentAdded(tippers({ name: 'Artists' }))])
      .when(addAudienceSegment({ name: ' ARTISTS ' }))
      .thenThrows(ValidationError, DUPLICATE_SEGMENT_MESSAGE));

  it('takes no motivations as an empty list', () =>
    given([projectCreated()])
      .when(addAudienceSegment({ motivations: undefined }))
      .then([audienceSegmentAdded(tippers({ motivations: [] }))]));

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['reachStrategy', 'Reach strategy is required'],
  ] as const)('refuses a blank %s with %j', (field, message) =>
    given([projectCreated()])
      .when(addAudienceSegment({ [field]: '  ' }))
      .thenThrows(ValidationError, message),
  );
});

describe('RemoveAudienceSegment', () => {
  const artists = tippers({ name: 'Artists' });

  it('removes the segment at the index and records it', () =>
    given([projectCreated(), audienceSegmentAdded(), audienceSegmentAdded(artists, 1)])
      .when(removeAudienceSegment(1))
      .then([audienceSegmentRemoved(artists, 1)]));

  it.each([1, -1])('refuses index %i, which holds no segment', (index) =>
    given([projectCreated(), audienceSegmentAdded()]).when(removeAudienceSegment(index)).thenThrows(ValidationError, 'Audience segment not found'),
  );
});

describe('ProposeConcepts', () => {
  it('appends trimmed concepts after the existing ones', () =>
    given([projectCreated(), conceptsProposed([tipWall()])])
      .when(proposeConcepts([{ name: ' Pay It Forward ', simplicityScore: 3, coreAction: ' tip ', viralHook: '  ' }]))
      .then([conceptsProposed([{ name: 'Pay It Forward', simplicityScore: 3, coreAction: 'tip' }], 1)]));

  it('refuses a name already on the list, naming the field', () =>
    given([projectCreated(), conceptsProposed([tipWall()])])
      .when(proposeConcepts([{ name: 'Echo', simplicityScore: 5 }, tipWall({ simplicityScore: 1 })]))
      .thenThrows(ValidationError, 'A concept with this name already exists'));

  it('refuses a name repeated within the batch', () =>
    given([projectCreated()])
      .when(
        proposeConcepts([
          { name: 'Echo', simplicityScore: 5 },
          { name: ' Echo ', simplicityScore: 2 },
        ]),
      )
      .thenThrows(ValidationError, 'A concept with this name already exists'));

  it('does nothing for an empty batch', () => given([projectCreated()]).when(proposeConcepts([])).thenNothingHappened());

  it('refuses a concept without a name', () =>
    given([projectCreated()])
      .when(proposeConcepts([tipWall(), { name: ' ', simplicityScore: 2 }]))
      .thenThrows(ValidationError, 'Concept name is required'));

  it.each([6, -1, 2.5])('refuses simplicity score %d', (simplicityScore) =>
    given([projectCreated()])
      .when(proposeConcepts([tipWall({ simplicityScore })]))
      .thenThrows(ValidationError, 'Simplicity score must be a whole number from 0 to 5'),
  );
});

describe('SelectConcept', () => {
  const concepts = conceptsProposed([tipWall(), tipWall({ name: 'Echo' })]);

  it("selects a concept and names it; its name starts stage 4's idea name and stage 5's final concept name", () =>
    given([projectCreated(), concepts])
      .when(selectConcept(1))
      .then([
        conceptSelected(1, 'Echo'),
        stageNotesUpdated(4, { selectedIdeaName: 'Echo' }, { selectedIdeaName: '' }),
        stageNotesUpdated(5, { finalConceptName: 'Echo' }, { finalConceptName: '' }),
      ]));

  it('records the selection it replaces, and leaves names that have text as they are', () =>
    given([
      projectCreated(),
      concepts,
      conceptSelected(1, 'Echo'),
      stageNotesUpdated(4, { selectedIdeaName: 'Echo' }, { selectedIdeaName: '' }),
      stageNotesUpdated(5, { finalConceptName: 'Echo Wall' }, { finalConceptName: '' }),
    ])
      .when(selectConcept(0))
      .then([conceptSelected(0, 'Tip Wall', 1)]));

  it('does nothing when the concept is already selected', () =>
    given([projectCreated(), concepts, conceptSelected(1, 'Echo')])
      .when(selectConcept(1))
      .thenNothingHappened());

  it('refuses an index without a concept', () =>
    given([projectCreated(), concepts]).when(selectConcept(2)).thenThrows(ValidationError, 'Concept not found'));
});

describe('AdvanceStage', () => {
  const stage1Done: ProjectEvent[] = [projectCreated(), coreIdeaChanged('a page that pays'), parameterAdded({ list: 'viralParameters' })];
  const stage2Done: ProjectEvent[] = [...stage1Done, parameterAdded({ list: 'rewardSourceParameters', value: 'tips' }), audienceSegmentAdded()];

  it('moves on from a complete stage 1', () =>
    given(stage1Done)
      .when(advanceStage(1))
      .then([stageAdvanced(1)]));

  it('moves on from a complete stage 2', () =>
    given(stage2Done)
      .when(advanceStage(2))
      .then([stageAdvanced(2)]));

  it('moves on from unchecked stages without looking at them', () =>
    given([projectCreated()])
      .when(advanceStage(3))
      .then([stageAdvanced(3)]));

  it('moves from refinement to the optional technical stage', () =>
    given([projectCreated()])
      .when(advanceStage(5))
      .then([stageAdvanced(5)]));

  it('acts on the stage shown, not only the current one', () =>
    given([...stage2Done, currentStageChanged(5)])
      .when(advanceStage(2))
      .then([stageAdvanced(2)]));

  it("does not call a valid stage skipped when 'Continue Anyway' was sent too", () =>
    given(stage1Done)
      .when(advanceStage(1, true))
      .then([stageAdvanced(1)]));

  it('refuses an incomplete stage 1 and lists what is missing', () => {
    given([projectCreated()]).when(advanceStage(1)).thenThrows(StageIncompleteError, 'Please complete this stage before moving on.');
    const state = [projectCreated()].reduce(projectDecider.evolve, projectDecider.initialState());
    expect(() => projectDecider.decide(advanceStage(1), state)).toThrow(
      expect.objectContaining({
        title: 'Stage incomplete',
        issues: ['coreIdea: Please enter a core idea to get started.', 'viralParameters: Add at least one viral trigger'],
      }),
    );
  });

  it("moves on from an incomplete stage with 'Continue Anyway', recording what was skipped", () =>
    given([projectCreated()])
      .when(advanceStage(1, true))
      .then([stageAdvanced(1, ['coreIdea: Please enter a core idea to get started.', 'viralParameters: Add at least one viral trigger'])]));

  it('lists what a stage 2 lacks: a reward source and an audience segment', () =>
    given(stage1Done)
      .when(advanceStage(2, true))
      .then([stageAdvanced(2, ['rewardSourceParameters: Add at least one reward source', 'audienceSegments: Add at least one audience segment'])]));

  it('lists the missing texts of an imported audience segment', () => {
    const stages = emptyStages();
    stages[2].rewardSourceParameters = ['tips'];
    stages[2].audienceSegments = [tippers({ description: '', reachStrategy: ' ' })];
    given([projectCreated(), projectImported(snapshot({ coreIdea: 'a page', stages }))])
      .when(advanceStage(2))
      .thenThrows(StageIncompleteError);
    given([projectCreated(), projectImported(snapshot({ coreIdea: 'a page', stages }))])
      .when(advanceStage(2, true))
      .then([
        stageAdvanced(2, ['audienceSegments.0.description: Description is required', 'audienceSegments.0.reachStrategy: Reach strategy is required']),
      ]);
  });

  it('refuses to move on from the technical stage, the last one', () =>
    given([projectCreated()]).when(advanceStage(6, true)).thenThrows(ValidationError, 'The technical stage is the last stage'));
});

describe('SetCurrentStage', () => {
  it('moves to the stage the person opened, and records where from', () =>
    given([projectCreated(), stageAdvanced(1), conceptsProposed([tipWall()])])
      .when(setCurrentStage(4))
      .then([currentStageChanged(4, 2)]));

  it('follows the route even into a stage the generator keeps locked (spec 02 §2.1): the lock guards generating', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(setCurrentStage(3))
      .then([currentStageChanged(3, 1)]));

  it('always lets the person go back, even to a stage that is locked now', () =>
    given([projectCreated(), stageAdvanced(1), stageAdvanced(2), stageAdvanced(3)])
      .when(setCurrentStage(3))
      .then([currentStageChanged(3, 4)]));

  it('does nothing for the current stage', () => given([projectCreated()]).when(setCurrentStage(1)).thenNothingHappened());
});

describe('ResetStage', () => {
  const startingTriggersAdded = ['one-page', 'no physical', 'realistic'].map((value) => parameterAdded({ list: 'viralParameters', value }));

  it('resets a stage and names the fields it cleared', () =>
    given([
      projectCreated(),
      parameterAdded({ list: 'viralParameters' }),
      stageNotesUpdated(1, { keyResources: [{ url: 'https://nano.org', description: 'Nano' }] }, { keyResources: [] }),
    ])
      .when(resetStage(1))
      .then([stageReset(1, ['viralParameters', 'keyResources']), ...startingTriggersAdded]));

  it("starts stage 1 again with 'one-page', 'no physical' and 'realistic'", () =>
    given([projectCreated()]).when(resetStage(1)).then(startingTriggersAdded));

  it('does nothing for a stage 1 that holds only its starting triggers', () =>
    given([projectCreated(), ...startingTriggersAdded])
      .when(resetStage(1))
      .thenNothingHappened());

  it('resets concepts and their selection', () =>
    given([projectCreated(), conceptsProposed([tipWall()]), conceptSelected(0, 'Tip Wall')])
      .when(resetStage(3))
      .then([stageReset(3, ['ideaConcepts', 'selectedConceptIndex'])]));

  it('resets the technical report and the final prompt', () =>
    given([projectCreated(), technicalReportRecorded(), finalPromptRecorded('Build it')])
      .when(resetStage(6))
      .then([stageReset(6, ['technicalReport', 'finalPrompt'])]));

  it('does nothing for a stage that is already empty', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters' })])
      .when(resetStage(2))
      .thenNothingHappened());
});
